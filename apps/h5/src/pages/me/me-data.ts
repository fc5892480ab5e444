import type { Me } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

export interface MeData {
  me: Me
}

/** `/me`: the signed-in customer's profile (the signed-in layout guards it). */
export async function meLoader({ context, request }: LoaderFunctionArgs): Promise<MeData> {
  return {
    me: await callGateway(context.get(servicesContext).client, 'GET /me', {}, { signal: request.signal }),
  }
}
