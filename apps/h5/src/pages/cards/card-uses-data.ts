import type { CardUses } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'

/** `/cards/:id`: one card and each booking it paid for, latest first (the signed-in layout guards it). */
export async function cardUsesLoader({ context, params, request }: LoaderFunctionArgs): Promise<CardUses> {
  return callGateway(
    context.get(servicesContext).client,
    'GET /cards/:id/uses',
    { params: { id: idParam(params.id) } },
    { signal: request.signal },
  )
}
