import type { LoaderFunctionArgs } from 'react-router'
import { listCards } from '../../api/studio-api'
import type { MembershipCard } from '../../api/types'
import { services } from '../../app/services'
import { requireSignIn } from '../../auth/sign-in'

export interface CardsData {
  cards: MembershipCard[]
}

/** `/cards`: the signed-in customer's membership cards. */
export async function cardsLoader({ request }: LoaderFunctionArgs): Promise<CardsData> {
  requireSignIn(request)
  return { cards: await listCards(services().client, { signal: request.signal }) }
}
