import {
  ageForClass,
  agesFit,
  type Member,
  type MemberInput,
  type MemberList,
  RULES,
  studioDate,
} from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import type { Customer } from './auth'

/** A member as booking reads it: whom a seat is for. */
export interface BookingMember {
  id: number
  /** The member's name; the customer's nickname for `self`. */
  name: string
  birth_year: number | null
  self: boolean
}

interface MemberRow {
  id: number
  name: string
  birth_year: number | null
  self: number
  upcoming: number
}

/**
 * The SQL of a member's name: the customer's own row is named by their nickname (one name to keep, edited from
 * either side), another member by their own. `member` and `customer` are the query's aliases of the two tables.
 *
 * @example
 * ```ts
 * `SELECT ${memberNameSql('m', 'c')} AS name FROM members m JOIN customers c ON c.id = m.customer_id`
 * ```
 */
export const memberNameSql = (member: string, customer: string) =>
  `CASE WHEN ${member}.self = 1 THEN ${customer}.nickname ELSE ${member}.name END`

const MEMBER_COLUMNS = `m.id, ${memberNameSql('m', 'c')} AS name, m.birth_year, m.self`
const UPCOMING = `(SELECT COUNT(*) FROM bookings b JOIN classes k ON k.id = b.class_id
  WHERE b.member_id = m.id AND b.status = 'booked' AND k.ends_at > ? AND k.cancelled_at IS NULL) AS upcoming`

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  name: row.name,
  birthYear: row.birth_year,
  self: row.self === 1,
  upcomingBookings: row.upcoming,
})

/**
 * The id of the customer's own member row, written on first use: every customer is a member of their family, the
 * ones who signed up before families existed included (migration 13 wrote theirs).
 */
export function selfMemberId(ctx: GatewayContext, customerId: number): number {
  ctx.db.run(
    'INSERT INTO members (customer_id, name, self, created_at) VALUES (?, ?, 1, ?) ON CONFLICT DO NOTHING',
    customerId,
    '',
    ctx.now(),
  )
  const row = ctx.db.get<{ id: number }>(
    'SELECT id FROM members WHERE customer_id = ? AND self = 1',
    customerId,
  )
  if (!row) throw new Error(`no self member for customer ${customerId}`)
  return row.id
}

/** The customer's family: themself first, then the others in the order they were added (removed ones left out). */
export function listMembers(ctx: GatewayContext, customer: Customer): MemberList {
  selfMemberId(ctx, customer.id)
  const rows = ctx.db.all<MemberRow>(
    `SELECT ${MEMBER_COLUMNS}, ${UPCOMING}
     FROM members m JOIN customers c ON c.id = m.customer_id
     WHERE m.customer_id = ? AND m.removed_at IS NULL
     ORDER BY m.self DESC, m.id`,
    ctx.now(),
    customer.id,
  )
  return { list: rows.map(toMember) }
}

function loadMember(ctx: GatewayContext, customer: Customer, memberId: number): Member {
  const row = ctx.db.get<MemberRow>(
    `SELECT ${MEMBER_COLUMNS}, ${UPCOMING}
     FROM members m JOIN customers c ON c.id = m.customer_id
     WHERE m.id = ? AND m.customer_id = ? AND m.removed_at IS NULL`,
    ctx.now(),
    memberId,
    customer.id,
  )
  if (!row) throw new Refusal('NOT_FOUND', { msg: '学员不存在' })
  return toMember(row)
}

/** A birth year to come is refused (the schema bounds the rest). */
function checkBirthYear(ctx: GatewayContext, birthYear: number | null | undefined): number | null {
  if (birthYear === undefined || birthYear === null) return null
  const thisYear = Number(studioDate(ctx.now()).slice(0, 4))
  if (birthYear > thisYear) {
    throw new Refusal('VALIDATION', { msg: `出生年份不能晚于 ${thisYear}`, data: { field: 'birthYear' } })
  }
  return birthYear
}

/** Adds a member to the customer's family; at most `RULES.maxMembers`, the customer included. */
export function addMember(ctx: GatewayContext, customer: Customer, input: MemberInput): Member {
  const birthYear = checkBirthYear(ctx, input.birthYear)
  const id = ctx.db.transaction(() => {
    selfMemberId(ctx, customer.id)
    const count =
      ctx.db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM members WHERE customer_id = ? AND removed_at IS NULL',
        customer.id,
      )?.n ?? 0
    if (count >= RULES.maxMembers) {
      throw new Refusal('VALIDATION', {
        msg: `最多 ${RULES.maxMembers} 位学员`,
        tips: '可以先移除不再上课的学员',
        data: { field: 'members' },
      })
    }
    return ctx.db.run(
      'INSERT INTO members (customer_id, name, birth_year, self, created_at) VALUES (?, ?, ?, 0, ?)',
      customer.id,
      input.name,
      birthYear,
      ctx.now(),
    ).lastId
  })
  return loadMember(ctx, customer, id)
}

/** Changes a member's name and birth year; the customer's own row changes their nickname too. */
export function updateMember(
  ctx: GatewayContext,
  customer: Customer,
  memberId: number,
  input: MemberInput,
): Member {
  const birthYear = checkBirthYear(ctx, input.birthYear)
  ctx.db.transaction(() => {
    const member = loadMember(ctx, customer, memberId)
    ctx.db.run('UPDATE members SET name = ?, birth_year = ? WHERE id = ?', input.name, birthYear, memberId)
    if (member.self) ctx.db.run('UPDATE customers SET nickname = ? WHERE id = ?', input.name, customer.id)
  })
  return loadMember(ctx, customer, memberId)
}

/**
 * Removes a member with nothing upcoming booked for them (their past bookings keep their name). The customer's own
 * row stays.
 */
export function removeMember(ctx: GatewayContext, customer: Customer, memberId: number): MemberList {
  ctx.db.transaction(() => {
    const member = loadMember(ctx, customer, memberId)
    if (member.self) {
      throw new Refusal('VALIDATION', { msg: '不能移除本人', data: { field: 'id' } })
    }
    if (member.upcomingBookings > 0) {
      throw new Refusal('MEMBER_HAS_BOOKINGS', { data: { upcomingBookings: member.upcomingBookings } })
    }
    ctx.db.run('UPDATE members SET removed_at = ? WHERE id = ? AND removed_at IS NULL', ctx.now(), memberId)
  })
  return listMembers(ctx, customer)
}

/** The member a booking is for: the one named (theirs, not removed), or the customer themself. */
export function bookingMember(
  ctx: GatewayContext,
  customerId: number,
  memberId: number | null | undefined,
): BookingMember {
  const id = memberId ?? selfMemberId(ctx, customerId)
  const row = ctx.db.get<Omit<MemberRow, 'upcoming'>>(
    `SELECT ${MEMBER_COLUMNS} FROM members m JOIN customers c ON c.id = m.customer_id
     WHERE m.id = ? AND m.customer_id = ? AND m.removed_at IS NULL`,
    id,
    customerId,
  )
  if (!row) throw new Refusal('NOT_FOUND', { msg: '学员不存在' })
  return { id: row.id, name: row.name, birth_year: row.birth_year, self: row.self === 1 }
}

/**
 * Refuses a member outside a class's age range (`AGE_OUT_OF_RANGE`): their age is the class's studio year less
 * their birth year; a member without one cannot book a class with a range.
 */
export function checkAge(
  member: BookingMember,
  klass: { day: string; age_min: number | null; age_max: number | null },
): void {
  if (klass.age_min === null && klass.age_max === null) return
  const ages = { min: klass.age_min ?? 0, max: klass.age_max ?? 120 }
  const age = ageForClass(member.birth_year, klass.day)
  if (agesFit(ages, age)) return
  const range = `该课程适合 ${ages.min}-${ages.max} 岁`
  if (age === null) {
    throw new Refusal('AGE_OUT_OF_RANGE', {
      msg: `请先填写「${member.name}」的出生年份`,
      tips: range,
      data: { ...ages, age: null },
    })
  }
  throw new Refusal('AGE_OUT_OF_RANGE', {
    tips: `${range}，「${member.name}」${age} 岁`,
    data: { ...ages, age },
  })
}
