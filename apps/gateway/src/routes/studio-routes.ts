import { addDays, daysBetween, isStudioDate, RULES, studioDate } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { follow, unfollow } from '../services/follows'
import { teacherRatings } from '../services/ratings'
import {
  getArticle,
  getClass,
  getOrg,
  getTeacher,
  listArticles,
  listClasses,
  listTeachers,
} from '../services/studio'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/** The studio: public to signed-out visitors; a signed-in customer also sees which classes they booked. */
export function mountStudioRoutes(api: Api, ctx: GatewayContext): void {
  const on = endpointRoutes(api, ctx)
  on('GET /org', ({ lang }) => getOrg(ctx, lang))

  on('GET /classes', ({ query, customer, lang }) => {
    const from = query.from ?? studioDate(ctx.now())
    const week = addDays(from, 6)
    // A `from` in the last days of year 9999 has no week after it to default to.
    if (!isStudioDate(week) && query.to === undefined) {
      throw new Refusal('VALIDATION', { msg: 'from 超出可查询的日期范围', data: { field: 'from' } })
    }
    const to = query.to ?? week
    const span = daysBetween(from, to)
    if (span < 0) throw new Refusal('VALIDATION', { msg: '结束日期不能早于开始日期', data: { field: 'to' } })
    if (span >= RULES.maxRangeDays) {
      throw new Refusal('VALIDATION', {
        msg: `查询范围不能超过 ${RULES.maxRangeDays} 天`,
        data: { field: 'to' },
      })
    }
    return listClasses(ctx, { ...query, from, to }, customer?.id, lang)
  })

  on('GET /classes/:id', ({ params, customer, lang }) => getClass(ctx, params.id, customer?.id, lang))
  on('GET /articles', ({ query, lang }) => listArticles(ctx, query.page, query.pageSize, lang))
  on('GET /articles/:id', ({ params, lang }) => getArticle(ctx, params.id, lang))
  on('GET /teachers', ({ lang }) => listTeachers(ctx, lang))
  on('POST /teachers/:id/follow', ({ customer, params }) => follow(ctx, customer.id, params.id))
  on('POST /teachers/:id/unfollow', ({ customer, params }) => unfollow(ctx, customer.id, params.id))
  on('GET /teachers/:id/ratings', ({ params, lang }) => teacherRatings(ctx, params.id, lang))
  on('GET /teachers/:id', ({ params, customer, lang }) => getTeacher(ctx, params.id, customer?.id, lang))
}
