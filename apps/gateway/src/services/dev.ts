import { type DanceClass, LEVELS, type LevelCode, STYLES, type StyleCode, studioDate } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { readObject, readOptionalInt, readOptionalString, readPhone } from '../dev/dev-input'
import { findOrCreateCustomer } from './auth'
import { getClass } from './studio'

const DAY_MS = 24 * 60 * 60 * 1000
/** How far back and ahead a staged class may start, in minutes: a week ago to a year on. */
const STAGE_BEHIND_MINUTES = 7 * 24 * 60
const STAGE_AHEAD_MINUTES = 365 * 24 * 60

/** `POST /__dev/cards`: gives the customer with `phone` (created if new) a card with credits (`family`: a family card). */
export function grantCard(ctx: GatewayContext, value: unknown) {
  const body = readObject(value)
  const phone = readPhone(body.phone)
  const credits = readOptionalInt(body.credits, 'credits', 1, 1000) ?? 10
  const validDays = readOptionalInt(body.validDays, 'validDays', 1, 3650) ?? 30
  const name = readOptionalString(body.name, 'name', 50) ?? `${credits} 次卡`
  const nameEn = readOptionalString(body.nameEn, 'nameEn', 50) ?? ''
  if (body.family !== undefined && typeof body.family !== 'boolean') {
    throw new Refusal('VALIDATION', { msg: 'family 必须是 true 或 false', data: { field: 'family' } })
  }
  const family = body.family === true
  const now = ctx.now()
  const customer = findOrCreateCustomer(ctx, phone, now)
  const { lastId } = ctx.db.run(
    `INSERT INTO cards (customer_id, name, name_en, credits_total, credits_left, valid_from, valid_until, family)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    customer.id,
    name,
    nameEn,
    credits,
    credits,
    now,
    now + validDays * DAY_MS,
    family ? 1 : 0,
  )
  return { cardId: lastId, userId: String(customer.id), phone, name, nameEn, credits, validDays, family }
}

/**
 * `POST /__dev/classes`: adds a class starting `startsInMinutes` from now (or at `startsAt`, an ISO instant),
 * so a test can stage a full, nearly full or about-to-start class.
 */
export function createClass(ctx: GatewayContext, value: unknown): DanceClass {
  const body = readObject(value)
  const org = ctx.db.get<{ id: string }>('SELECT id FROM orgs ORDER BY id LIMIT 1')
  if (!org) throw new Refusal('NOT_FOUND', { msg: '机构信息不存在' })
  const now = ctx.now()
  const startsAtText = readOptionalString(body.startsAt, 'startsAt', 40)
  const startsIn = readOptionalInt(
    body.startsInMinutes,
    'startsInMinutes',
    -STAGE_BEHIND_MINUTES,
    STAGE_AHEAD_MINUTES,
  )
  let startsAt = now + (startsIn ?? 24 * 60) * 60_000
  if (startsAtText !== undefined) {
    startsAt = Date.parse(startsAtText)
    if (Number.isNaN(startsAt)) {
      throw new Refusal('VALIDATION', { msg: 'startsAt 必须是 ISO 8601 时间', data: { field: 'startsAt' } })
    }
    // The same window as startsInMinutes; a far-off instant cannot even be written as a studio date.
    if (startsAt < now - STAGE_BEHIND_MINUTES * 60_000 || startsAt > now + STAGE_AHEAD_MINUTES * 60_000) {
      throw new Refusal('VALIDATION', {
        msg: 'startsAt 必须在过去 7 天到未来 365 天之间',
        data: { field: 'startsAt' },
      })
    }
  }
  const minutes = readOptionalInt(body.durationMinutes, 'durationMinutes', 1, 600) ?? 60
  const capacity = readOptionalInt(body.capacity, 'capacity', 1, 1000) ?? 10
  const booked = readOptionalInt(body.booked, 'booked', 0, capacity) ?? 0
  const credits = readOptionalInt(body.credits, 'credits', 1, 100) ?? 1
  const style = (readOptionalString(body.style, 'style', 20) ?? 'jazz') as StyleCode
  const level = (readOptionalString(body.level, 'level', 20) ?? 'beginner') as LevelCode
  if (!Object.hasOwn(STYLES, style)) {
    throw new Refusal('VALIDATION', { msg: 'style 的取值不在可选范围内', data: { field: 'style' } })
  }
  if (!Object.hasOwn(LEVELS, level)) {
    throw new Refusal('VALIDATION', { msg: 'level 的取值不在可选范围内', data: { field: 'level' } })
  }
  const teacherId = readOptionalInt(body.teacherId, 'teacherId', 1, Number.MAX_SAFE_INTEGER) ?? 1
  if (!ctx.db.get('SELECT id FROM teachers WHERE id = ?', teacherId)) {
    throw new Refusal('VALIDATION', { msg: 'teacherId 不存在', data: { field: 'teacherId' } })
  }
  const title = readOptionalString(body.title, 'title', 100) ?? `${STYLES[style].zh}测试课`
  // The English texts are optional: a class staged without them has none (English shows the Chinese).
  const titleEn = readOptionalString(body.titleEn, 'titleEn', 100) ?? ''
  const room = readOptionalString(body.room, 'room', 50) ?? 'A 教室'
  const roomEn = readOptionalString(body.roomEn, 'roomEn', 50) ?? ''
  // An age range (both or neither): a children's class.
  const ageMin = readOptionalInt(body.ageMin, 'ageMin', 0, 120)
  const ageMax = readOptionalInt(body.ageMax, 'ageMax', ageMin ?? 0, 120)
  if ((ageMin === undefined) !== (ageMax === undefined)) {
    throw new Refusal('VALIDATION', { msg: 'ageMin 和 ageMax 需同时给出', data: { field: 'ageMin' } })
  }
  const { lastId } = ctx.db.run(
    `INSERT INTO classes (org_id, day, title, style, level, teacher_id, room, starts_at, ends_at, capacity, booked,
       credits, description, source, title_en, room_en, age_min, age_max)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 'dev', ?, ?, ?, ?)`,
    org.id,
    studioDate(startsAt),
    title,
    style,
    level,
    teacherId,
    room,
    startsAt,
    startsAt + minutes * 60_000,
    capacity,
    booked,
    credits,
    titleEn,
    roomEn,
    ageMin ?? null,
    ageMax ?? null,
  )
  return getClass(ctx, lastId)
}
