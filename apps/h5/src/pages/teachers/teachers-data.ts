import type { OrgTeacher, TeacherDetail, TeacherRatings } from '@xdance/contract'
import { data, type LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

/** `/teachers`: the studio's teachers; readable signed out. */
export async function teachersLoader({
  context,
  request,
}: LoaderFunctionArgs): Promise<{ teachers: OrgTeacher[] }> {
  const { client } = context.get(servicesContext)
  const page = await callGateway(client, 'GET /teachers', {}, { signal: request.signal })
  return { teachers: page.list }
}

/** `/teachers/:id`: a teacher and their upcoming classes; readable signed out. */
export async function teacherLoader({
  context,
  params,
  request,
}: LoaderFunctionArgs): Promise<TeacherDetail & { ratings: TeacherRatings | null; pageTitle: string }> {
  const id = Number(params.id)
  // A malformed id is a page that does not exist, not a request the gateway should see.
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 })
  const { client } = context.get(servicesContext)
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
  return { ...detail, ratings, pageTitle: detail.teacher.name }
}
