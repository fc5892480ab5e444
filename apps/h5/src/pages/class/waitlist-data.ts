import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { idParam, redirectTo, servicesOf } from '../../app/route-helpers'
import { requireSignIn } from '../../auth/require-sign-in'

export type WaitlistResult = { ok: true; position: number | null } | KeyedFailure

/** `/classes/:id/waitlist` is an action, not a page: a visit goes to the class. */
export function waitlistLoader({ params }: LoaderFunctionArgs): Response {
  return redirectTo(`/classes/${idParam(params.id)}`)
}

/**
 * The class page's waitlist form: `join` with the chosen card (paid once promoted), or `leave`. The class page's
 * loader runs again after it, so the page shows the new position.
 */
export async function waitlistAction({
  context,
  params,
  request,
}: ActionFunctionArgs): Promise<WaitlistResult> {
  const { client, mode } = servicesOf(context)
  requireSignIn(mode, request)
  const id = idParam(params.id)
  const form = await request.formData()
  const cardId = Number(form.get('cardId'))
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  const result = await keyedAction(client, key, (o) =>
    form.get('intent') === 'leave'
      ? callGateway(client, 'POST /classes/:id/waitlist/leave', { params: { id } }, o)
      : callGateway(
          client,
          'POST /classes/:id/waitlist',
          { params: { id }, body: Number.isSafeInteger(cardId) && cardId > 0 ? { cardId } : {} },
          o,
        ),
  )
  return result.ok ? { ok: true, position: result.value.myWaitlistPosition } : result
}
