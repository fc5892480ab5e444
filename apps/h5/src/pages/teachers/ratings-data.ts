import type { TeacherRatings } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'

/**
 * `/teachers/:id/ratings` (no page: the class page's fetcher reads it after the class is on screen): what customers
 * who came thought of the teacher, `null` when it cannot be read (the page shows nothing rather than an error).
 */
export async function teacherRatingsLoader({
  context,
  params,
  request,
}: LoaderFunctionArgs): Promise<TeacherRatings | null> {
  const { client } = context.get(servicesContext)
  try {
    return await callGateway(
      client,
      'GET /teachers/:id/ratings',
      { params: { id: idParam(params.id) } },
      { signal: request.signal, silent: true },
    )
  } catch {
    return null
  }
}
