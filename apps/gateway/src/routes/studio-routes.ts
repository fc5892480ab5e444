import { sValidator } from '@hono/standard-validator'
import { addDays, daysBetween, isStudioDate, RULES, studioDate } from '@xdance/contract'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { keepScheduleCurrent } from '../db/seed'
import { ok } from '../envelope'
import { Refusal } from '../gateway-server-error'
import { auth } from '../middleware/auth'
import { refuseInvalid } from '../middleware/validate'
import {
  getArticle,
  getClass,
  getOrg,
  getTeacher,
  listArticles,
  listClasses,
  listTeachers,
} from '../services/studio'
import { langOf } from './data-language'
import type { Api } from './gateway-env'

const {
  getOrg: org,
  listClasses: classes,
  getClass: oneClass,
  listArticles: articles,
  getArticle: article,
  listTeachers: teachers,
  getTeacher: teacher,
} = ENDPOINTS

/** The studio: public to signed-out visitors; a signed-in customer also sees which classes they booked. */
export function mountStudioRoutes(api: Api, ctx: GatewayContext): void {
  // The demo schedule is topped up when the studio's day changes, so a long-running demo never runs dry.
  let currentDay = ''
  const keepCurrent = () => {
    if (!ctx.demo) return
    const now = ctx.now()
    const today = studioDate(now)
    if (today === currentDay) return
    ctx.db.transaction(() => keepScheduleCurrent(ctx.db, now))
    currentDay = today
  }

  api.on(org.method, org.path, auth(ctx, org.auth), (c) => c.json(ok(getOrg(ctx, langOf(c)))))

  api.on(
    classes.method,
    classes.path,
    auth(ctx, classes.auth),
    sValidator('query', classes.query, refuseInvalid),
    (c) => {
      keepCurrent()
      const query = c.req.valid('query')
      const from = query.from ?? studioDate(ctx.now())
      const week = addDays(from, 6)
      // A `from` in the last days of year 9999 has no week after it to default to.
      if (!isStudioDate(week) && query.to === undefined) {
        throw new Refusal('VALIDATION', { msg: 'from 超出可查询的日期范围', data: { field: 'from' } })
      }
      const to = query.to ?? week
      const span = daysBetween(from, to)
      if (span < 0)
        throw new Refusal('VALIDATION', { msg: '结束日期不能早于开始日期', data: { field: 'to' } })
      if (span >= RULES.maxRangeDays) {
        throw new Refusal('VALIDATION', {
          msg: `查询范围不能超过 ${RULES.maxRangeDays} 天`,
          data: { field: 'to' },
        })
      }
      return c.json(ok(listClasses(ctx, { ...query, from, to }, c.get('customer')?.id, langOf(c))))
    },
  )

  api.on(
    oneClass.method,
    oneClass.path,
    auth(ctx, oneClass.auth),
    sValidator('param', oneClass.params, refuseInvalid),
    (c) => c.json(ok(getClass(ctx, c.req.valid('param').id, c.get('customer')?.id, langOf(c)))),
  )

  api.on(
    articles.method,
    articles.path,
    auth(ctx, articles.auth),
    sValidator('query', articles.query, refuseInvalid),
    (c) => {
      const { page, pageSize } = c.req.valid('query')
      return c.json(ok(listArticles(ctx, page, pageSize, langOf(c))))
    },
  )

  api.on(
    article.method,
    article.path,
    auth(ctx, article.auth),
    sValidator('param', article.params, refuseInvalid),
    (c) => c.json(ok(getArticle(ctx, c.req.valid('param').id, langOf(c)))),
  )

  api.on(teachers.method, teachers.path, auth(ctx, teachers.auth), (c) =>
    c.json(ok(listTeachers(ctx, langOf(c)))),
  )

  api.on(
    teacher.method,
    teacher.path,
    auth(ctx, teacher.auth),
    sValidator('param', teacher.params, refuseInvalid),
    (c) => {
      keepCurrent()
      return c.json(ok(getTeacher(ctx, c.req.valid('param').id, c.get('customer')?.id, langOf(c))))
    },
  )
}
