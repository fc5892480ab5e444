import type { MembershipCard } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

export interface CardsData {
  cards: MembershipCard[]
}

/** `/cards`: the signed-in customer's membership cards (the signed-in layout guards it). */
export async function cardsLoader({ context, request }: LoaderFunctionArgs): Promise<CardsData> {
  const page = await callGateway(
    context.get(servicesContext).client,
    'GET /cards',
    {},
    { signal: request.signal },
  )
  return { cards: page.list }
}
