import { type ArticleSummary, addDays, type DanceClass, type Org, studioDate } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

export interface HomeData {
  org: Org
  today: DanceClass[]
  upcoming: DanceClass[]
  /** Signed in: my next booked class of the week not yet ended (the list says which I booked); else `undefined`. */
  next: DanceClass | undefined
  articles: ArticleSummary[]
}

const TODAY_MAX = 4
const UPCOMING_MAX = 3
const ARTICLES = 3

/**
 * Splits a week of classes into today's (not yet ended) and the next bookable ones after today.
 *
 * @example
 * splitHomeClasses(classes, '2025-06-01')
 */
export function splitHomeClasses(classes: readonly DanceClass[], today: string) {
  return {
    today: classes.filter((item) => item.date === today && item.status !== 'ended').slice(0, TODAY_MAX),
    upcoming: classes.filter((item) => item.date > today && item.status === 'open').slice(0, UPCOMING_MAX),
  }
}

/** Home: the studio, my next class, today's and upcoming classes, a few articles; readable signed out. */
export async function homeLoader({ context, request }: LoaderFunctionArgs): Promise<HomeData> {
  const { client } = context.get(servicesContext)
  const { signal } = request
  const today = studioDate(Date.now())
  const [org, classes, articles] = await Promise.all([
    callGateway(client, 'GET /org', {}, { signal }),
    callGateway(client, 'GET /classes', { query: { from: today, to: addDays(today, 6) } }, { signal }),
    callGateway(client, 'GET /articles', { query: { page: 1, pageSize: ARTICLES } }, { signal }),
  ])
  return {
    org,
    ...splitHomeClasses(classes.list, today),
    next: classes.list.find((item) => item.myBookingId && item.status !== 'ended'),
    articles: articles.list,
  }
}
