import type { OrgTeacher, TeacherDetail } from '@xdance/contract'
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
}: LoaderFunctionArgs): Promise<TeacherDetail & { pageTitle: string }> {
  const id = Number(params.id)
  // A malformed id is a page that does not exist, not a request the gateway should see.
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 })
  const { client } = context.get(servicesContext)
  const detail = await callGateway(
    client,
    'GET /teachers/:id',
    { params: { id } },
    { signal: request.signal },
  )
  return { ...detail, pageTitle: detail.teacher.name }
}
