import type { MembershipCard } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { listCards } from '../../api/studio-api'
import { servicesContext } from '../../app/services'

export interface CardsData {
  cards: MembershipCard[]
}

/** `/cards`: the signed-in customer's membership cards (the signed-in layout guards it). */
export async function cardsLoader({ context, request }: LoaderFunctionArgs): Promise<CardsData> {
  return { cards: await listCards(context.get(servicesContext).client, { signal: request.signal }) }
}
