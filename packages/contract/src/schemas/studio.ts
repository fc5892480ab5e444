import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { LEVELS, STYLES, TIMES_OF_DAY } from '../studio-rules'
import { codeText, count, dateText, id, idText, instant, intText, studioDateField } from './fields'

/**
 * A class's teacher as a class names them.
 *
 * @example
 * ```ts
 * const teacher: TeacherRef = { id: 1, name: '林老师', avatar: '' }
 * ```
 */
export const teacherRefSchema = v.object({ id, name: v.string(), avatar: v.string() })
/** A class's teacher. @example const t: TeacherRef = { id: 1, name: '林老师', avatar: '' } */
export type TeacherRef = v.InferOutput<typeof teacherRefSchema>

/** Where a class stands: bookable, full, under way, over. */
export const classStatusSchema = v.picklist(['open', 'full', 'started', 'ended'])
/** @example const s: ClassStatus = 'open' */
export type ClassStatus = v.InferOutput<typeof classStatusSchema>

/**
 * A class as every call answers it. `style` and `level` are codes (a code the client does not know shows its
 * `styleName` / `levelName`); `date` is the studio date; instants are studio time with `+08:00`.
 */
export const danceClassSchema = v.object({
  id,
  title: v.string(),
  style: v.string(),
  styleName: v.string(),
  level: v.string(),
  levelName: v.string(),
  teacher: teacherRefSchema,
  room: v.string(),
  date: studioDateField,
  startsAt: instant,
  endsAt: instant,
  durationMinutes: count,
  capacity: count,
  booked: count,
  remaining: count,
  credits: count,
  status: classStatusSchema,
  description: v.string(),
  /**
   * The ages the class is for (`{ min: 4, max: 6 }`: children born so as to be 4 to 6 in the class's year), or
   * `null` for a class open to any age. Booking for a member outside it is refused (`AGE_OUT_OF_RANGE`).
   */
  ages: v.nullable(v.object({ min: count, max: count })),
  /** The signed-in customer's live booking of this class; `null` signed out or not booked. */
  myBookingId: v.nullable(id),
  /** The signed-in customer's place on the class's waitlist (1 is next); `null` signed out or not on it. */
  myWaitlistPosition: v.nullable(id),
  /** How many customers wait for a seat (a full class offers to join them). */
  waitlistLength: count,
})
/** @example const item: DanceClass = await client.get('/classes/7') */
export type DanceClass = v.InferOutput<typeof danceClassSchema>

/** `GET /classes`: the classes of a range of studio dates, in start order. */
export const classListSchema = v.object({
  from: studioDateField,
  to: studioDateField,
  list: v.array(danceClassSchema),
})
/** @example const { list }: ClassList = await client.get('/classes') */
export type ClassList = v.InferOutput<typeof classListSchema>

/** A teacher of the studio, with what they teach. */
export const orgTeacherSchema = v.object({
  id,
  name: v.string(),
  styles: v.array(v.string()),
  bio: v.string(),
  avatar: v.string(),
})
/** @example const teacher: OrgTeacher = org.teachers[0] */
export type OrgTeacher = v.InferOutput<typeof orgTeacherSchema>

/** `GET /teachers`: the studio's teachers, in id order. */
export const teacherListSchema = v.object({ list: v.array(orgTeacherSchema) })
/** @example const { list }: TeacherList = await client.get('/teachers') */
export type TeacherList = v.InferOutput<typeof teacherListSchema>

/**
 * `GET /teachers/:id`: a teacher and their upcoming classes (not yet ended, within the published schedule), in start
 * order.
 */
export const teacherDetailSchema = v.object({
  teacher: orgTeacherSchema,
  classes: v.array(danceClassSchema),
  /** Whether the signed-in customer follows the teacher (`false` signed out). */
  followed: v.boolean(),
})
/** @example const { teacher, classes }: TeacherDetail = await client.get('/teachers/1') */
export type TeacherDetail = v.InferOutput<typeof teacherDetailSchema>

/**
 * `GET /teachers/:id/ratings`: what customers who came thought of a teacher's classes. `count` is every rating;
 * the `average` (one decimal) and the newest `comments` are shown from `RULES.ratingsShownFrom` ratings on (`null`
 * and empty before: never a lone rating).
 */
export const teacherRatingsSchema = v.object({
  teacherId: id,
  count,
  average: v.nullable(v.number()),
  comments: v.array(
    v.object({ stars: count, comment: v.string(), classTitle: v.string(), ratedAt: instant }),
  ),
})
/** @example const { average, count }: TeacherRatings = await callGateway(client, 'GET /teachers/:id/ratings', { params: { id } }) */
export type TeacherRatings = v.InferOutput<typeof teacherRatingsSchema>

const namedCode = v.object({ code: v.string(), name: v.string() })

/** `GET /org`: the studio, its teachers, the styles and levels it teaches, and the rules a customer needs. */
export const orgSchema = v.object({
  orgId: v.string(),
  name: v.string(),
  intro: v.string(),
  address: v.string(),
  phone: v.string(),
  openHours: v.string(),
  logo: v.string(),
  styles: v.array(namedCode),
  levels: v.array(namedCode),
  teachers: v.array(orgTeacherSchema),
  /**
   * The studio's rules a customer is told before booking: the cancellation cut-off; when check-in opens before a
   * class and closes after its start; and what a missed class (booked, never checked in) costs: `forfeit`, the
   * credit is spent, or `return`, it goes back to the card.
   */
  rules: v.object({
    cancelCutoffMinutes: count,
    checkInBeforeMinutes: count,
    checkInAfterMinutes: count,
    missedClass: v.picklist(['forfeit', 'return']),
  }),
})
/** @example const org: Org = await client.get('/org') */
export type Org = v.InferOutput<typeof orgSchema>

/** A marketing article in a list. */
export const articleSummarySchema = v.object({
  id,
  title: v.string(),
  summary: v.string(),
  cover: v.string(),
  author: v.string(),
  tags: v.array(v.string()),
  publishedAt: instant,
})
/** @example const a: ArticleSummary = page.list[0] */
export type ArticleSummary = v.InferOutput<typeof articleSummarySchema>

/** `GET /articles/:id`: an article with its text (plain text, paragraphs separated by a blank line). */
export const articleSchema = v.object({ ...articleSummarySchema.entries, content: v.string() })
/** @example const a: Article = await client.get('/articles/1') */
export type Article = v.InferOutput<typeof articleSchema>

/** `GET /articles`: one page of articles, newest first. */
export const articleListSchema = v.object({
  list: v.array(articleSummarySchema),
  total: count,
  page: id,
  pageSize: id,
})
/** @example const page: ArticleList = await client.get('/articles') */
export type ArticleList = v.InferOutput<typeof articleListSchema>

/** A free-text search: trimmed, empty as absent, at most 40 characters. */
const searchText = v.optional(
  v.pipe(
    v.string(),
    v.transform((text) => text.trim()),
    v.maxLength(40, 'q 最多 40 个字符'),
    v.transform((text) => (text === '' ? undefined : text)),
  ),
)

/**
 * `GET /classes` query: a range of studio dates (the gateway defaults `from` to today and `to` to six days on) and
 * optional filters. Empty values count as absent.
 */
export const classesQuerySchema = v.object({
  from: dateText('from'),
  to: dateText('to'),
  style: codeText('style', STYLES),
  level: codeText('level', LEVELS),
  teacherId: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => (text === '' ? undefined : text)),
      v.union([v.undefined(), idText('teacherId')], 'teacherId 必须是正整数'),
    ),
  ),
  /** Classes starting in this part of the studio's day: morning (before 12:00), afternoon (12–18), evening (18:00 on). */
  time: codeText('time', TIMES_OF_DAY),
  /** A name search: part of the class's title or its teacher's name (either language), 1–40 characters. */
  q: searchText,
  /** `1`: only the classes of the teachers the signed-in customer follows ("my teachers"; none signed out). */
  followed: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => (text === '' || text === '0' ? undefined : text)),
      v.union([v.undefined(), v.literal('1')], 'followed 必须是 1'),
    ),
  ),
  /** Classes a member of this age may book (0–120): the classes whose age range holds it, and those open to all. */
  age: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => (text === '' ? undefined : text)),
      v.union(
        [v.undefined(), v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.maxValue(120))],
        'age 必须是 0 到 120 的整数',
      ),
    ),
  ),
})
/** The parsed `GET /classes` query. @example const q: ClassesQuery = { from: '2025-06-01', to: undefined, style: 'jazz', level: undefined, teacherId: undefined } */
export type ClassesQuery = v.InferOutput<typeof classesQuerySchema>

/** `GET /articles` query: `page` from 1 (default 1), `pageSize` 1–50 (default 10). */
export const articlesQuerySchema = v.object({
  page: intText('page', 1, 10_000, 1),
  pageSize: intText('pageSize', 1, 50, 10),
})

/** A path with one `:id` segment. */
export const idParamSchema = v.object({ id: idText('id') })

/**
 * The studio, public to signed-out visitors; a signed-in customer also sees what they booked. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const studioCalls = {
  'GET /org': { auth: 'none', answer: orgSchema },
  'GET /classes': { auth: 'optional', query: classesQuerySchema, answer: classListSchema },
  'GET /classes/:id': { auth: 'optional', params: idParamSchema, answer: danceClassSchema },
  'GET /articles': { auth: 'none', query: articlesQuerySchema, answer: articleListSchema },
  'GET /articles/:id': { auth: 'none', params: idParamSchema, answer: articleSchema },
  'GET /teachers': { auth: 'none', answer: teacherListSchema },
  'GET /teachers/:id': { auth: 'optional', params: idParamSchema, answer: teacherDetailSchema },
  'POST /teachers/:id/follow': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    answer: v.object({ followed: v.boolean() }),
  },
  'POST /teachers/:id/unfollow': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    answer: v.object({ followed: v.boolean() }),
  },
  'GET /me/teachers': { auth: 'required', answer: teacherListSchema },
  'GET /teachers/:id/ratings': { auth: 'none', params: idParamSchema, answer: teacherRatingsSchema },
} as const satisfies Record<EndpointKey, Endpoint>
