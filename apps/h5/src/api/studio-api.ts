import {
  API_PATHS,
  type Article,
  type ArticleList,
  type Booking,
  type Bookings,
  type ClassList,
  type DanceClass,
  endpointPath,
  type LoginResult,
  type Me,
  type MembershipCard,
  type Org,
  type SmsResult,
  type TeacherDetail,
  type TeacherList,
} from '@xdance/contract'
import type { GatewayClient } from '@xdance/http'

// One function per gateway call, typed and pathed by `@xdance/contract` (its root entry only: the schemas entry
// would bring Valibot into the first screen). The client adds the prefix, credentials, Authorization and toasts.
// `signal` comes from the router so a navigation away aborts the calls of the page it leaves.

type Signal = { signal?: AbortSignal }
/** Per-call options of an action (its `Idempotency-Key` header, no toast): see `app/keyed-action.ts`. */
type ActionOptions = { headers?: Record<string, string>; silent?: boolean }
const opts = ({ signal }: Signal = {}) => (signal ? { signal } : {})

/**
 * The path of a contract call, its `:id` filled in: for the lazy route modules' API files, which take the contract's
 * paths through this module of the entry chunk rather than importing the contract again (see `app/route-helpers.ts`).
 *
 * @example
 * apiPath('getOrder', { id: 5 }) // '/orders/5'
 */
export const apiPath = (name: keyof typeof API_PATHS, params?: Record<string, string | number>) =>
  endpointPath(API_PATHS[name], params)

/** `GET /org`: the studio. @example await getOrg(client) */
export const getOrg = (client: GatewayClient, o?: Signal) => client.get<Org>(API_PATHS.getOrg, opts(o))

/** The filters `GET /classes` takes besides the range (absent: any). */
export interface ClassFilters {
  style?: string | undefined
  level?: string | undefined
  teacherId?: string | number | undefined
}

/**
 * `GET /classes?from&to[&style&level&teacherId]`: classes between two studio dates, inclusive, optionally filtered.
 *
 * @example
 * await listClasses(client, '2025-06-01', '2025-06-07')
 * await listClasses(client, '2025-06-01', '2025-06-01', { filters: { style: 'jazz' } })
 */
export const listClasses = (
  client: GatewayClient,
  from: string,
  to: string,
  o?: Signal & { filters?: ClassFilters },
) => {
  const query: Record<string, string | number> = { from, to }
  for (const [key, value] of Object.entries(o?.filters ?? {})) {
    if (value !== undefined && value !== '') query[key] = value
  }
  return client.get<ClassList>(API_PATHS.listClasses, { ...opts(o), query }).then((page) => page.list)
}

/** `GET /classes/:id`. @example await getClass(client, 12) */
export const getClass = (client: GatewayClient, id: number, o?: Signal) =>
  client.get<DanceClass>(endpointPath(API_PATHS.getClass, { id }), opts(o))

/** `POST /bookings`: books a class with a chosen card (or the gateway's pick). @example await bookClass(client, 12, 3) */
export const bookClass = (client: GatewayClient, classId: number, cardId?: number, o?: ActionOptions) =>
  client.post<Booking>(API_PATHS.bookClass, cardId === undefined ? { classId } : { classId, cardId }, o)

/** `GET /bookings`: upcoming and past. @example const { upcoming } = await listBookings(client) */
export const listBookings = (client: GatewayClient, o?: Signal) =>
  client.get<Bookings>(API_PATHS.listBookings, opts(o))

/** `POST /bookings/:id/cancel`. @example await cancelBooking(client, 5) */
export const cancelBooking = (client: GatewayClient, bookingId: number, o?: ActionOptions) =>
  client.post<Booking>(endpointPath(API_PATHS.cancelBooking, { id: bookingId }), undefined, o)

/** `GET /cards`. @example const cards = await listCards(client) */
export const listCards = (client: GatewayClient, o?: Signal) =>
  client.get<{ list: MembershipCard[] }>(API_PATHS.listCards, opts(o)).then((page) => page.list)

/** `GET /articles`: the newest articles. @example await listArticles(client, 3) */
export const listArticles = (client: GatewayClient, pageSize: number, o?: Signal) =>
  client
    .get<ArticleList>(API_PATHS.listArticles, { ...opts(o), query: { page: 1, pageSize } })
    .then((page) => page.list)

/** `GET /articles/:id`. @example await getArticle(client, 1) */
export const getArticle = (client: GatewayClient, id: number, o?: Signal) =>
  client.get<Article>(endpointPath(API_PATHS.getArticle, { id }), opts(o))

/** `GET /teachers`: the studio's teachers. @example const teachers = await listTeachers(client) */
export const listTeachers = (client: GatewayClient, o?: Signal) =>
  client.get<TeacherList>(API_PATHS.listTeachers, opts(o)).then((page) => page.list)

/** `GET /teachers/:id`: a teacher and their upcoming classes. @example const { teacher, classes } = await getTeacher(client, 1) */
export const getTeacher = (client: GatewayClient, id: number, o?: Signal) =>
  client.get<TeacherDetail>(endpointPath(API_PATHS.getTeacher, { id }), opts(o))

/** `GET /me`. @example const me = await getMe(client) */
export const getMe = (client: GatewayClient, o?: Signal) => client.get<Me>(API_PATHS.getMe, opts(o))

/** `POST /auth/sms`: sends a one-time code. @example await sendSmsCode(client, '13800138000') */
export const sendSmsCode = (client: GatewayClient, phone: string) =>
  client.post<SmsResult>(API_PATHS.sendSmsCode, { phone })

/**
 * `POST /auth/login`, with the app-mode invite id when there is one (see `signInExtras`); the gateway binds the WeChat
 * openId from its own proof cookie. @example const session = await login(client, '13800138000', '123456', signInExtras())
 */
export const login = (
  client: GatewayClient,
  phone: string,
  code: string,
  extras: { inviteId?: string } = {},
) => client.post<LoginResult>(API_PATHS.login, { phone, code, ...extras })

/** `POST /auth/logout`: revokes the token. @example await logout(client) */
export const logout = (client: GatewayClient) => client.post<null>(API_PATHS.logout)
