import { RULES } from '@xdance/contract'
import type { ActionFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'

export type RatingResult =
  | { ok: true; intent: 'rate' | 'dismiss' }
  | { ok: false; field: 'rating.starsMissing' | 'rating.commentTooLong' }
  | KeyedFailure

/**
 * `/bookings/:id/rating` (an action only: 我的课程's rating form posts here): `intent` `rate` with `stars` (1-5) and
 * `comment`, or `dismiss` (ask no more). Keyed, so a retry after a lost answer is the same rating; the list reloads
 * after and the prompt is gone.
 */
export async function ratingAction({ context, params, request }: ActionFunctionArgs): Promise<RatingResult> {
  const id = idParam(params.id)
  const form = await request.formData()
  const { client, toasts, i18n } = context.get(servicesContext)
  if (form.get('intent') === 'dismiss') {
    const dismissed = await keyedAction(client, newActionKey(), (o) =>
      callGateway(client, 'POST /bookings/:id/rating/dismiss', { params: { id } }, o),
    )
    return dismissed.ok ? { ok: true, intent: 'dismiss' } : dismissed
  }
  const stars = Number(form.get('stars'))
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) return { ok: false, field: 'rating.starsMissing' }
  const comment = String(form.get('comment') ?? '').trim()
  if ([...comment].length > RULES.ratingCommentMaxLength) return { ok: false, field: 'rating.commentTooLong' }
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  const rated = await keyedAction(client, key, (o) =>
    callGateway(client, 'POST /bookings/:id/rating', { params: { id }, body: { stars, comment } }, o),
  )
  if (!rated.ok) return rated
  toasts.show(i18n.t('rating.thanks'), 'info')
  return { ok: true, intent: 'rate' }
}
