import { authenticate } from '../auth-service'
import type { GatewayContext } from '../context'
import { keepScheduleCurrent } from '../db/seed'
import { ok } from '../envelope'
import { Refusal } from '../gateway-error'
import { LEVELS, RULES, STYLES } from '../studio-rules'
import { getArticle, getClass, getOrg, listArticles, listClasses } from '../studio-service'
import { addDays, daysBetween, isStudioDate, studioDate } from '../studio-time'
import { readDateText, readEnumText, readIdText, readIntText } from '../validation'
import type { Api } from './gateway-env'

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

  api.get('/org', (c) => c.json(ok(getOrg(ctx))))

  api.get('/classes', (c) => {
    keepCurrent()
    const today = studioDate(ctx.now())
    const from = readDateText(c.req.query('from'), 'from', today)
    const week = addDays(from, 6)
    // A `from` in the last days of year 9999 has no week after it to default to.
    if (!isStudioDate(week) && !c.req.query('to')) {
      throw new Refusal('VALIDATION', { msg: 'from 超出可查询的日期范围', data: { field: 'from' } })
    }
    const to = readDateText(c.req.query('to'), 'to', week)
    const span = daysBetween(from, to)
    if (span < 0) throw new Refusal('VALIDATION', { msg: '结束日期不能早于开始日期', data: { field: 'to' } })
    if (span >= RULES.maxRangeDays) {
      throw new Refusal('VALIDATION', {
        msg: `查询范围不能超过 ${RULES.maxRangeDays} 天`,
        data: { field: 'to' },
      })
    }
    const teacherText = c.req.query('teacherId')
    const query = {
      from,
      to,
      style: readEnumText(c.req.query('style'), 'style', STYLES),
      level: readEnumText(c.req.query('level'), 'level', LEVELS),
      teacherId:
        teacherText === undefined || teacherText === '' ? undefined : readIdText(teacherText, 'teacherId'),
    }
    return c.json(ok(listClasses(ctx, query, authenticate(ctx, c.req.header('authorization'))?.id)))
  })

  api.get('/classes/:id', (c) => {
    const id = readIdText(c.req.param('id'), 'id')
    return c.json(ok(getClass(ctx, id, authenticate(ctx, c.req.header('authorization'))?.id)))
  })

  api.get('/articles', (c) => {
    const page = readIntText(c.req.query('page'), 'page', { min: 1, max: 10_000, fallback: 1 })
    const pageSize = readIntText(c.req.query('pageSize'), 'pageSize', { min: 1, max: 50, fallback: 10 })
    return c.json(ok(listArticles(ctx, page, pageSize)))
  })

  api.get('/articles/:id', (c) => c.json(ok(getArticle(ctx, readIdText(c.req.param('id'), 'id')))))
}
