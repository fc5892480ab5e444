import * as v from 'valibot'
import { API_METHODS, API_PATHS } from '../endpoint-table'
import {
  bookingSchema,
  bookingsSchema,
  bookRequestSchema,
  cardListSchema,
  loginRequestSchema,
  loginResultSchema,
  meSchema,
  smsRequestSchema,
  smsResultSchema,
  updateProfileSchema,
} from './account'
import { clientErrorResultSchema, clientErrorSchema } from './client-errors'
import {
  createOrderRequestSchema,
  orderListSchema,
  orderSchema,
  payNotifyAnswerSchema,
  payNotifySchema,
  productListSchema,
  wechatPayH5Schema,
  wechatPayNativeSchema,
  wechatPayParamsSchema,
} from './commerce'
import { actionKeyParamSchema, actionStatusSchema } from './idempotency'
import { markAllReadSchema, noticeListSchema, noticeSchema } from './notices'
import { traceMarkResultSchema, traceMarkSchema } from './records'
import {
  articleListSchema,
  articleSchema,
  articlesQuerySchema,
  classesQuerySchema,
  classListSchema,
  danceClassSchema,
  idParamSchema,
  orgSchema,
  teacherDetailSchema,
  teacherListSchema,
} from './studio'
import { joinWaitlistRequestSchema, myWaitlistSchema } from './waitlist'
import {
  clientSettingsSchema,
  wechatJsConfigRequestSchema,
  wechatJsConfigSchema,
  wechatOAuthRequestSchema,
  wechatOAuthResultSchema,
} from './wechat'

/**
 * One call of the contract: its method and path under the prefix, who may call it (`auth`: `required` answers 401
 * without a valid token, `optional` reads one when present, `none` ignores it), the schemas of its path parameters,
 * query and JSON body where it has them, and the schema of the `data` of its answer.
 *
 * @example
 * ```ts
 * const call: Endpoint = { method: 'GET', path: '/org', auth: 'none', answer: orgSchema }
 * ```
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly auth: 'none' | 'optional' | 'required'
  readonly params?: v.GenericSchema<Record<string, string>, Record<string, unknown>>
  readonly query?: v.GenericSchema<Record<string, string | undefined>, Record<string, unknown>>
  readonly body?: v.GenericSchema
  readonly answer: v.GenericSchema
  /**
   * `false` for a call answered in someone else's format, not the envelope: the payment notification, whose
   * answer is what WeChat Pay expects (`answer` is then the schema of the whole body).
   */
  readonly envelope?: false
}

// The method and path of a call, from the root entry's tables (written there once: clients without the schemas
// make calls from them).
const route = <N extends keyof typeof API_PATHS>(name: N) =>
  ({ method: API_METHODS[name], path: API_PATHS[name] }) as {
    method: (typeof API_METHODS)[N]
    path: (typeof API_PATHS)[N]
  }

/**
 * Every enveloped call of the gateway, by name. The gateway mounts its routes from this table and validates with
 * its schemas; clients type their calls from it. The visit report (a pixel or a beacon, no envelope) is
 * {@link VISIT_REPORT_PATH}; the dev API is demo-only and not part of the contract.
 *
 * @example
 * ```ts
 * ENDPOINTS.getClass.path // '/classes/:id'
 * type DanceClass = AnswerOf<typeof ENDPOINTS.getClass>
 * ```
 */
export const ENDPOINTS = {
  sendSmsCode: {
    ...route('sendSmsCode'),
    auth: 'none',
    body: smsRequestSchema,
    answer: smsResultSchema,
  },
  login: {
    ...route('login'),
    auth: 'none',
    body: loginRequestSchema,
    answer: loginResultSchema,
  },
  logout: { ...route('logout'), auth: 'optional', answer: v.null() },
  getMe: { ...route('getMe'), auth: 'required', answer: meSchema },
  updateProfile: {
    ...route('updateProfile'),
    auth: 'required',
    body: updateProfileSchema,
    answer: meSchema,
  },
  getOrg: { ...route('getOrg'), auth: 'none', answer: orgSchema },
  listClasses: {
    ...route('listClasses'),
    auth: 'optional',
    query: classesQuerySchema,
    answer: classListSchema,
  },
  getClass: {
    ...route('getClass'),
    auth: 'optional',
    params: idParamSchema,
    answer: danceClassSchema,
  },
  bookClass: {
    ...route('bookClass'),
    auth: 'required',
    body: bookRequestSchema,
    answer: bookingSchema,
  },
  listBookings: { ...route('listBookings'), auth: 'required', answer: bookingsSchema },
  cancelBooking: {
    ...route('cancelBooking'),
    auth: 'required',
    params: idParamSchema,
    answer: bookingSchema,
  },
  listCards: { ...route('listCards'), auth: 'required', answer: cardListSchema },
  listArticles: {
    ...route('listArticles'),
    auth: 'none',
    query: articlesQuerySchema,
    answer: articleListSchema,
  },
  getArticle: {
    ...route('getArticle'),
    auth: 'none',
    params: idParamSchema,
    answer: articleSchema,
  },
  listTeachers: {
    ...route('listTeachers'),
    auth: 'none',
    answer: teacherListSchema,
  },
  getTeacher: {
    ...route('getTeacher'),
    auth: 'optional',
    params: idParamSchema,
    answer: teacherDetailSchema,
  },
  traceMark: {
    ...route('traceMark'),
    auth: 'none',
    body: traceMarkSchema,
    answer: traceMarkResultSchema,
  },
  listMyWaitlist: { ...route('listMyWaitlist'), auth: 'required', answer: myWaitlistSchema },
  joinWaitlist: {
    ...route('joinWaitlist'),
    auth: 'required',
    params: idParamSchema,
    body: joinWaitlistRequestSchema,
    answer: danceClassSchema,
  },
  leaveWaitlist: {
    ...route('leaveWaitlist'),
    auth: 'required',
    params: idParamSchema,
    answer: danceClassSchema,
  },
  listProducts: { ...route('listProducts'), auth: 'none', answer: productListSchema },
  createOrder: {
    ...route('createOrder'),
    auth: 'required',
    body: createOrderRequestSchema,
    answer: orderSchema,
  },
  listOrders: { ...route('listOrders'), auth: 'required', answer: orderListSchema },
  getOrder: {
    ...route('getOrder'),
    auth: 'required',
    params: idParamSchema,
    answer: orderSchema,
  },
  cancelOrder: {
    ...route('cancelOrder'),
    auth: 'required',
    params: idParamSchema,
    answer: orderSchema,
  },
  wechatPay: {
    ...route('wechatPay'),
    auth: 'required',
    params: idParamSchema,
    answer: wechatPayParamsSchema,
  },
  wechatPayH5: {
    ...route('wechatPayH5'),
    auth: 'required',
    params: idParamSchema,
    answer: wechatPayH5Schema,
  },
  wechatPayNative: {
    ...route('wechatPayNative'),
    auth: 'required',
    params: idParamSchema,
    answer: wechatPayNativeSchema,
  },
  payNotify: {
    ...route('payNotify'),
    auth: 'none',
    envelope: false,
    body: payNotifySchema,
    answer: payNotifyAnswerSchema,
  },
  listNotices: { ...route('listNotices'), auth: 'required', answer: noticeListSchema },
  markNoticeRead: {
    ...route('markNoticeRead'),
    auth: 'required',
    params: idParamSchema,
    answer: noticeSchema,
  },
  markAllNoticesRead: {
    ...route('markAllNoticesRead'),
    auth: 'required',
    answer: markAllReadSchema,
  },
  wechatOAuth: {
    ...route('wechatOAuth'),
    auth: 'none',
    body: wechatOAuthRequestSchema,
    answer: wechatOAuthResultSchema,
  },
  wechatJsConfig: {
    ...route('wechatJsConfig'),
    auth: 'none',
    body: wechatJsConfigRequestSchema,
    answer: wechatJsConfigSchema,
  },
  reportClientError: {
    ...route('reportClientError'),
    auth: 'optional',
    body: clientErrorSchema,
    answer: clientErrorResultSchema,
  },
  lookupAction: {
    ...route('lookupAction'),
    auth: 'required',
    params: actionKeyParamSchema,
    answer: actionStatusSchema,
  },
  getClientSettings: {
    ...route('getClientSettings'),
    auth: 'none',
    answer: clientSettingsSchema,
  },
} as const satisfies Record<string, Endpoint>

/**
 * The name of one call in {@link ENDPOINTS}.
 *
 * @example
 * ```ts
 * const name: EndpointName = 'getClass'
 * ```
 */
export type EndpointName = keyof typeof ENDPOINTS

/**
 * The type of the `data` a call answers.
 *
 * @example
 * ```ts
 * const item: AnswerOf<typeof ENDPOINTS.getClass> = await client.get(endpointPath(ENDPOINTS.getClass, { id: 7 }))
 * ```
 */
export type AnswerOf<E extends Endpoint> = v.InferOutput<E['answer']>

/**
 * The type of the JSON body a call takes, as a client writes it.
 *
 * @example
 * ```ts
 * const body: BodyOf<typeof ENDPOINTS.bookClass> = { classId: 7 }
 * ```
 */
export type BodyOf<E extends Endpoint> = E['body'] extends v.GenericSchema ? v.InferInput<E['body']> : never

/**
 * The type of {@link ENDPOINTS}: the whole table, for clients that type their calls from it without loading the
 * schemas (`import type`).
 *
 * @example
 * ```ts
 * type Class = AnswerOf<Endpoints['getClass']>
 * ```
 */
export type Endpoints = typeof ENDPOINTS

// A path or query value as a client gives it: the text the URL carries, or a number written as text.
type AsGiven<T> = { [K in keyof T]: T[K] | number }

/**
 * The path parameters of a call as a client gives them (`{ id: 7 }` for `/classes/:id`).
 *
 * @example
 * ```ts
 * const params: ParamsOf<typeof ENDPOINTS.getClass> = { id: 7 }
 * ```
 */
export type ParamsOf<E extends Endpoint> = E['params'] extends v.GenericSchema
  ? AsGiven<v.InferInput<E['params']>>
  : never

/**
 * The query a call takes, as a client gives it.
 *
 * @example
 * ```ts
 * const query: QueryOf<typeof ENDPOINTS.listArticles> = { page: 1, pageSize: 3 }
 * ```
 */
export type QueryOf<E extends Endpoint> = E['query'] extends v.GenericSchema
  ? AsGiven<v.InferInput<E['query']>>
  : never

/**
 * Everything a client gives to make a call, and nothing else: `params` where the path has parameters, `query` where
 * the call reads one, `body` where it takes one.
 *
 * @example
 * ```ts
 * const input: InputOf<Endpoints['bookClass']> = { body: { classId: 7, cardId: 3 } }
 * const none: InputOf<Endpoints['getOrg']> = {}
 * ```
 */
export type InputOf<E extends Endpoint> = ([ParamsOf<E>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<E> }) &
  ([QueryOf<E>] extends [never] ? { query?: never } : { query?: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? { body?: never } : { body: BodyOf<E> })
