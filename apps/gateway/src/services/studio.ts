import {
  type Article,
  type ArticleList,
  addDays,
  type ClassesQuery,
  type ClassList,
  type ClassStatus,
  type DanceClass,
  type DataLanguage,
  LEVELS,
  type LevelCode,
  type Org,
  type OrgTeacher,
  RULES,
  STUDIO_UTC_OFFSET_MS,
  STYLES,
  type StyleCode,
  studioDate,
  type TeacherDetail,
  type TeacherList,
  TIMES_OF_DAY,
  toStudioIso,
} from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { localized } from '../db/localized'
import { checkInRules } from './check-in'

export interface ClassRow {
  id: number
  org_id: string
  day: string
  title: string
  style: string
  level: string
  teacher_id: number
  teacher_name: string
  teacher_avatar: string
  room: string
  starts_at: number
  ends_at: number
  capacity: number
  booked: number
  credits: number
  description: string
  /** The ages the class is for; both `null` for a class open to any age. */
  age_min: number | null
  age_max: number | null
  waitlist_length: number
  /** The signed-in customer's place on the waitlist; 0 or absent when not on it. */
  my_waitlist_position?: number | null
}

/**
 * Columns of a class joined with its teacher (and its waitlist's length), its texts in `lang`; every class query
 * selects these.
 */
export const classColumns = (lang: DataLanguage) => `k.id, k.org_id, k.day,
  ${localized('k.title', lang)} AS title, k.style, k.level, k.teacher_id, ${localized('t.name', lang)} AS teacher_name,
  t.avatar AS teacher_avatar, ${localized('k.room', lang)} AS room, k.starts_at, k.ends_at, k.capacity, k.booked,
  k.credits, ${localized('k.description', lang)} AS description, k.age_min, k.age_max,
  (SELECT COUNT(*) FROM waitlist w WHERE w.class_id = k.id AND w.status = 'waiting') AS waitlist_length`

/** {@link classColumns} in Chinese. */
export const CLASS_COLUMNS = classColumns('zh')

// The signed-in customer's first live booking of the class (for any member of their family).
const MY_BOOKING = `(SELECT MIN(b.id) FROM bookings b WHERE b.class_id = k.id AND b.customer_id = ?
  AND b.status = 'booked') AS my_booking_id`

// The signed-in customer's waitlist entry (alias mw, joined on the customer) and their place in the queue.
const MY_WAITLIST_JOIN = `LEFT JOIN waitlist mw ON mw.class_id = k.id AND mw.customer_id = ? AND mw.status = 'waiting'`
const MY_WAITLIST_POSITION = `(SELECT COUNT(*) FROM waitlist w WHERE w.class_id = k.id AND w.status = 'waiting'
  AND w.id <= mw.id) AS my_waitlist_position`

/** A class as the client sees it. */
export function toClassDto(
  row: ClassRow,
  now: number,
  myBookingId: number | null = null,
  lang: DataLanguage = 'zh',
): DanceClass {
  const status: ClassStatus =
    now >= row.ends_at
      ? 'ended'
      : now >= row.starts_at
        ? 'started'
        : row.booked >= row.capacity
          ? 'full'
          : 'open'
  return {
    id: row.id,
    title: row.title,
    style: row.style,
    styleName: STYLES[row.style as StyleCode]?.[lang] ?? row.style,
    level: row.level,
    levelName: LEVELS[row.level as LevelCode]?.[lang] ?? row.level,
    teacher: { id: row.teacher_id, name: row.teacher_name, avatar: row.teacher_avatar },
    room: row.room,
    date: row.day,
    startsAt: toStudioIso(row.starts_at),
    endsAt: toStudioIso(row.ends_at),
    durationMinutes: Math.round((row.ends_at - row.starts_at) / 60_000),
    capacity: row.capacity,
    booked: row.booked,
    remaining: Math.max(0, row.capacity - row.booked),
    credits: row.credits,
    status,
    description: row.description,
    ages:
      row.age_min === null && row.age_max === null
        ? null
        : { min: row.age_min ?? 0, max: row.age_max ?? 120 },
    myBookingId,
    myWaitlistPosition: row.my_waitlist_position ? row.my_waitlist_position : null,
    waitlistLength: row.waitlist_length,
  }
}

/** The studio, its teachers and the rules a customer needs to know. */
export function getOrg(ctx: GatewayContext, lang: DataLanguage = 'zh'): Org {
  const org = ctx.db.get<{
    id: string
    name: string
    intro: string
    address: string
    phone: string
    open_hours: string
    logo: string
  }>(
    `SELECT id, ${localized('name', lang)} AS name, ${localized('intro', lang)} AS intro,
       ${localized('address', lang)} AS address, phone, ${localized('open_hours', lang)} AS open_hours, logo
     FROM orgs ORDER BY id LIMIT 1`,
  )
  if (!org) throw new Refusal('NOT_FOUND', { msg: '机构信息不存在' })
  const checkIn = checkInRules(ctx)
  return {
    orgId: org.id,
    name: org.name,
    intro: org.intro,
    address: org.address,
    phone: org.phone,
    openHours: org.open_hours,
    logo: org.logo,
    styles: Object.entries(STYLES).map(([code, names]) => ({ code, name: names[lang] })),
    levels: Object.entries(LEVELS).map(([code, names]) => ({ code, name: names[lang] })),
    teachers: teacherRows(ctx, lang, org.id).map(toTeacherDto),
    rules: {
      cancelCutoffMinutes: RULES.cancelCutoffMinutes,
      checkInBeforeMinutes: checkIn.beforeMs / 60_000,
      checkInAfterMinutes: checkIn.afterMs / 60_000,
      missedClass: checkIn.missedClass,
    },
  }
}

export interface TeacherRow {
  id: number
  name: string
  styles: string
  bio: string
  avatar: string
}

export const toTeacherDto = (row: TeacherRow): OrgTeacher => ({
  id: row.id,
  name: row.name,
  styles: JSON.parse(row.styles) as string[],
  bio: row.bio,
  avatar: row.avatar,
})

export const TEACHER_COLUMNS = (lang: DataLanguage) =>
  `id, ${localized('name', lang)} AS name, styles, ${localized('bio', lang)} AS bio, avatar`

const teacherRows = (ctx: GatewayContext, lang: DataLanguage, orgId?: string) =>
  ctx.db.all<TeacherRow>(
    `SELECT ${TEACHER_COLUMNS(lang)} FROM teachers WHERE (CAST(? AS TEXT) IS NULL OR org_id = ?) ORDER BY id`,
    orgId ?? null,
    orgId ?? null,
  )

/** The studio's teachers, in id order. */
export function listTeachers(ctx: GatewayContext, lang: DataLanguage = 'zh'): TeacherList {
  return { list: teacherRows(ctx, lang).map(toTeacherDto) }
}

/**
 * One teacher and their upcoming classes: not yet ended, from today to the end of the published schedule
 * (`RULES.scheduleAheadDays`), in start order. Refused with 40401 when there is no such teacher.
 */
export function getTeacher(
  ctx: GatewayContext,
  id: number,
  customerId?: number,
  lang: DataLanguage = 'zh',
): TeacherDetail {
  const row = ctx.db.get<TeacherRow>(`SELECT ${TEACHER_COLUMNS(lang)} FROM teachers WHERE id = ?`, id)
  if (!row) throw new Refusal('NOT_FOUND', { msg: '老师不存在' })
  const now = ctx.now()
  const today = studioDate(now)
  const { list } = listClasses(
    ctx,
    {
      from: today,
      to: addDays(today, RULES.scheduleAheadDays - 1),
      style: undefined,
      level: undefined,
      teacherId: id,
    },
    customerId,
    lang,
  )
  const followed =
    customerId !== undefined &&
    ctx.db.get('SELECT 1 AS yes FROM follows WHERE customer_id = ? AND teacher_id = ?', customerId, id) !==
      undefined
  return { teacher: toTeacherDto(row), classes: list.filter((item) => item.status !== 'ended'), followed }
}

/** A `GET /classes` query with its range settled. */
export type ClassQuery = ClassesQuery & { from: string; to: string }

/** A search's `LIKE` pattern: the text anywhere, its own `%`, `_` and `\\` taken literally. */
// Lower-cased here and in the query (LOWER folds Latin letters alike in SQLite and PostgreSQL's C collation): a search
// is case-insensitive on both, where PostgreSQL's LIKE alone is not.
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * Classes from `from` to `to` (studio dates, inclusive), in start order, narrowed by style, level, teacher, the part
 * of the studio's day they start in (`time`), a name search (`q`: part of the title or the teacher's name, in
 * either language, case-insensitive for Latin letters) and an age (`age`: the classes whose range holds it, and
 * those open to any age).
 */
export function listClasses(
  ctx: GatewayContext,
  query: ClassQuery,
  customerId?: number,
  lang: DataLanguage = 'zh',
): ClassList {
  const hours = query.time ? TIMES_OF_DAY[query.time] : undefined
  const pattern = query.q ? likePattern(query.q) : null
  const rows = ctx.db.all<ClassRow & { my_booking_id: number | null }>(
    `SELECT ${classColumns(lang)}, ${MY_BOOKING}, ${MY_WAITLIST_POSITION}
     FROM classes k
     JOIN teachers t ON t.id = k.teacher_id
     ${MY_WAITLIST_JOIN}
     WHERE k.day BETWEEN ? AND ? AND k.cancelled_at IS NULL
       AND (CAST(? AS TEXT) IS NULL OR k.style = ?)
       AND (CAST(? AS TEXT) IS NULL OR k.level = ?)
       AND (CAST(? AS BIGINT) IS NULL OR k.teacher_id = ?)
       AND (CAST(? AS TEXT) IS NULL OR ((k.starts_at + ?) % 86400000) / 3600000 BETWEEN ? AND ?)
       AND (CAST(? AS TEXT) IS NULL OR LOWER(k.title) LIKE ? ESCAPE '\\' OR LOWER(k.title_en) LIKE ? ESCAPE '\\'
         OR LOWER(t.name) LIKE ? ESCAPE '\\' OR LOWER(t.name_en) LIKE ? ESCAPE '\\')
       AND (CAST(? AS BIGINT) IS NULL OR ? BETWEEN COALESCE(k.age_min, 0) AND COALESCE(k.age_max, 120))
       AND (CAST(? AS TEXT) IS NULL OR k.teacher_id IN (SELECT f.teacher_id FROM follows f WHERE f.customer_id = ?))
     ORDER BY k.starts_at, k.id`,
    customerId ?? null,
    customerId ?? null,
    query.from,
    query.to,
    query.style ?? null,
    query.style ?? null,
    query.level ?? null,
    query.level ?? null,
    query.teacherId ?? null,
    query.teacherId ?? null,
    // The studio's hour of a start: its instant moved into studio time, whole hours of the day (integer division).
    query.time ?? null,
    STUDIO_UTC_OFFSET_MS,
    hours?.[0] ?? 0,
    (hours?.[1] ?? 24) - 1,
    pattern,
    pattern,
    pattern,
    pattern,
    pattern,
    query.age ?? null,
    query.age ?? null,
    // "My teachers": signed out, nobody is followed (-1 is no customer).
    query.followed ?? null,
    query.followed ? (customerId ?? -1) : null,
  )
  const now = ctx.now()
  return {
    from: query.from,
    to: query.to,
    list: rows.map((row) => toClassDto(row, now, row.my_booking_id, lang)),
  }
}

/** One class, refused with 40401 when there is none. */
export function getClass(
  ctx: GatewayContext,
  id: number,
  customerId?: number,
  lang: DataLanguage = 'zh',
): DanceClass {
  const row = ctx.db.get<ClassRow & { my_booking_id: number | null }>(
    `SELECT ${classColumns(lang)}, ${MY_BOOKING}, ${MY_WAITLIST_POSITION}
     FROM classes k
     JOIN teachers t ON t.id = k.teacher_id
     ${MY_WAITLIST_JOIN}
     WHERE k.id = ?`,
    customerId ?? null,
    customerId ?? null,
    id,
  )
  if (!row) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
  return toClassDto(row, ctx.now(), row.my_booking_id, lang)
}

interface ArticleRow {
  id: number
  title: string
  summary: string
  content: string
  cover: string
  author: string
  tags: string
  published_at: number
}

const toArticleSummary = (row: ArticleRow) => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  cover: row.cover,
  author: row.author,
  tags: JSON.parse(row.tags) as string[],
  publishedAt: new Date(row.published_at).toISOString(),
})

const ARTICLE_COLUMNS = (lang: DataLanguage) =>
  `id, ${localized('title', lang)} AS title, ${localized('summary', lang)} AS summary,
   ${localized('content', lang)} AS content, cover, ${localized('author', lang)} AS author, tags, published_at`

/** Marketing articles, newest first, one page at a time. */
export function listArticles(
  ctx: GatewayContext,
  page: number,
  pageSize: number,
  lang: DataLanguage = 'zh',
): ArticleList {
  const total = ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM articles')?.n ?? 0
  const rows = ctx.db.all<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS(lang)} FROM articles ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?`,
    pageSize,
    (page - 1) * pageSize,
  )
  return { list: rows.map(toArticleSummary), total, page, pageSize }
}

/** One article with its text (plain text, paragraphs separated by a blank line). */
export function getArticle(ctx: GatewayContext, id: number, lang: DataLanguage = 'zh'): Article {
  const row = ctx.db.get<ArticleRow>(`SELECT ${ARTICLE_COLUMNS(lang)} FROM articles WHERE id = ?`, id)
  if (!row) throw new Refusal('NOT_FOUND', { msg: '文章不存在' })
  return { ...toArticleSummary(row), content: row.content }
}
