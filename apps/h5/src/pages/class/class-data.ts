import type { DanceClass, Member, MembershipCard, Org } from '@xdance/contract'
import { isLoggedIn } from '@xdance/session'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'

export interface ClassData {
  item: DanceClass
  /** The studio: its cancellation cut-off, and its name and address for the calendar event. */
  org: Pick<Org, 'name' | 'address' | 'rules' | 'logo'>
  signedIn: boolean
  /** Cards that can pay for this class (signed in only). */
  cards: MembershipCard[]
  /** The family's members a seat can be for, the customer first (signed in only). */
  members: Member[]
  /** Credits left per card id, all cards: the booking answer names the card but not its new balance. */
  balances: Record<number, number>
  pageTitle: string
}

/**
 * The cards that can pay for a class: active, with enough credits, still valid when it starts.
 *
 * @example
 * usableCards(cards, danceClass)
 */
export function usableCards(cards: readonly MembershipCard[], item: DanceClass): MembershipCard[] {
  const starts = Date.parse(item.startsAt)
  return cards.filter(
    (card) =>
      card.status === 'active' && card.creditsLeft >= item.credits && Date.parse(card.validUntil) > starts,
  )
}

/**
 * `/classes/:id`: the class, the studio (cancellation rule, address), and the customer's usable cards and family's
 * members when signed in.
 */
export async function classLoader({ context, params, request }: LoaderFunctionArgs): Promise<ClassData> {
  const id = idParam(params.id)
  const { client, mode } = context.get(servicesContext)
  const { signal } = request
  const signedIn = isLoggedIn(mode)
  const [item, org, cards, members] = await Promise.all([
    callGateway(client, 'GET /classes/:id', { params: { id } }, { signal }),
    callGateway(client, 'GET /org', {}, { signal }),
    signedIn
      ? callGateway(client, 'GET /cards', {}, { signal }).then((page) => page.list)
      : Promise.resolve([]),
    signedIn
      ? callGateway(client, 'GET /me/members', {}, { signal }).then((page) => page.list)
      : Promise.resolve([]),
  ])
  const balances = Object.fromEntries(cards.map((card) => [card.id, card.creditsLeft]))
  return {
    item,
    org: { name: org.name, address: org.address, rules: org.rules, logo: org.logo },
    signedIn,
    cards: usableCards(cards, item),
    members,
    balances,
    pageTitle: item.title,
  }
}
