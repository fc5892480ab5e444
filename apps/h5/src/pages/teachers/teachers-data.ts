import type { OrgTeacher, TeacherDetail, TeacherRatings } from '@xdance/contract'
import { isLoggedIn } from '@xdance/session'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'
import { requireSignIn } from '../../auth/require-sign-in'

/** `/teachers`: the studio's teachers; readable signed out. */
export async function teachersLoader({
  context,
  request,
}: LoaderFunctionArgs): Promise<{ teachers: OrgTeacher[] }> {
  const { client } = context.get(servicesContext)
  const page = await callGateway(client, 'GET /teachers', {}, { signal: request.signal })
  return { teachers: page.list }
}

/** `/me/teachers` (我关注的老师): the teachers the signed-in customer follows (the signed-in layout guards it). */
export async function myTeachersLoader({
  context,
  request,
}: LoaderFunctionArgs): Promise<{ teachers: OrgTeacher[]; mine: true }> {
  const { client } = context.get(servicesContext)
  const page = await callGateway(client, 'GET /me/teachers', {}, { signal: request.signal })
  return { teachers: page.list, mine: true }
}

export type FollowResult = { ok: true; followed: boolean } | KeyedFailure

/**
 * `/teachers/:id/follow` (an action only: the heart on a teacher's page): `intent` `follow` or `unfollow`, keyed. The
 * page is public, so the action checks the sign-in itself; the teacher's page reads its data again after.
 */
export async function followAction({ context, params, request }: ActionFunctionArgs): Promise<FollowResult> {
  const { client, mode } = context.get(servicesContext)
  requireSignIn(mode, request)
  const id = idParam(params.id)
  const form = await request.formData()
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  const result = await keyedAction(client, key, (o) =>
    callGateway(
      client,
      form.get('intent') === 'unfollow' ? 'POST /teachers/:id/unfollow' : 'POST /teachers/:id/follow',
      { params: { id } },
      o,
    ),
  )
  return result.ok ? { ok: true, followed: result.value.followed } : result
}

/** `/teachers/:id`: a teacher and their upcoming classes; readable signed out. */
export async function teacherLoader({
  context,
  params,
  request,
}: LoaderFunctionArgs): Promise<
  TeacherDetail & { ratings: TeacherRatings | null; signedIn: boolean; pageTitle: string }
> {
  const id = Number(params.id)
  // A malformed id is a page that does not exist, not a request the gateway should see.
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 })
  const { client, mode } = context.get(servicesContext)
  const [detail, ratings] = await Promise.all([
    callGateway(client, 'GET /teachers/:id', { params: { id } }, { signal: request.signal }),
    // The ratings are a part of the page, not the page: unreadable, the page shows without them.
    callGateway(
      client,
      'GET /teachers/:id/ratings',
      { params: { id } },
      { signal: request.signal, silent: true },
    ).catch(() => null),
  ])
  return { ...detail, ratings, signedIn: isLoggedIn(mode), pageTitle: detail.teacher.name }
}
