import * as v from 'valibot'
import { API_PATHS } from '../paths'
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
} from './account'
import { clientErrorResultSchema, clientErrorSchema } from './client-errors'
import {
  createOrderRequestSchema,
  orderListSchema,
  orderSchema,
  payNotifyAnswerSchema,
  payNotifySchema,
  productListSchema,
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
import { joinWaitlistRequestSchema } from './waitlist'
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
    method: 'POST',
    path: API_PATHS.sendSmsCode,
    auth: 'none',
    body: smsRequestSchema,
    answer: smsResultSchema,
  },
  login: {
    method: 'POST',
    path: API_PATHS.login,
    auth: 'none',
    body: loginRequestSchema,
    answer: loginResultSchema,
  },
  logout: { method: 'POST', path: API_PATHS.logout, auth: 'optional', answer: v.null() },
  getMe: { method: 'GET', path: API_PATHS.getMe, auth: 'required', answer: meSchema },
  getOrg: { method: 'GET', path: API_PATHS.getOrg, auth: 'none', answer: orgSchema },
  listClasses: {
    method: 'GET',
    path: API_PATHS.listClasses,
    auth: 'optional',
    query: classesQuerySchema,
    answer: classListSchema,
  },
  getClass: {
    method: 'GET',
    path: API_PATHS.getClass,
    auth: 'optional',
    params: idParamSchema,
    answer: danceClassSchema,
  },
  bookClass: {
    method: 'POST',
    path: API_PATHS.bookClass,
    auth: 'required',
    body: bookRequestSchema,
    answer: bookingSchema,
  },
  listBookings: { method: 'GET', path: API_PATHS.listBookings, auth: 'required', answer: bookingsSchema },
  cancelBooking: {
    method: 'POST',
    path: API_PATHS.cancelBooking,
    auth: 'required',
    params: idParamSchema,
    answer: bookingSchema,
  },
  listCards: { method: 'GET', path: API_PATHS.listCards, auth: 'required', answer: cardListSchema },
  listArticles: {
    method: 'GET',
    path: API_PATHS.listArticles,
    auth: 'none',
    query: articlesQuerySchema,
    answer: articleListSchema,
  },
  getArticle: {
    method: 'GET',
    path: API_PATHS.getArticle,
    auth: 'none',
    params: idParamSchema,
    answer: articleSchema,
  },
  listTeachers: {
    method: 'GET',
    path: API_PATHS.listTeachers,
    auth: 'none',
    answer: teacherListSchema,
  },
  getTeacher: {
    method: 'GET',
    path: API_PATHS.getTeacher,
    auth: 'optional',
    params: idParamSchema,
    answer: teacherDetailSchema,
  },
  traceMark: {
    method: 'POST',
    path: API_PATHS.traceMark,
    auth: 'none',
    body: traceMarkSchema,
    answer: traceMarkResultSchema,
  },
  joinWaitlist: {
    method: 'POST',
    path: API_PATHS.joinWaitlist,
    auth: 'required',
    params: idParamSchema,
    body: joinWaitlistRequestSchema,
    answer: danceClassSchema,
  },
  leaveWaitlist: {
    method: 'POST',
    path: API_PATHS.leaveWaitlist,
    auth: 'required',
    params: idParamSchema,
    answer: danceClassSchema,
  },
  listProducts: { method: 'GET', path: API_PATHS.listProducts, auth: 'none', answer: productListSchema },
  createOrder: {
    method: 'POST',
    path: API_PATHS.createOrder,
    auth: 'required',
    body: createOrderRequestSchema,
    answer: orderSchema,
  },
  listOrders: { method: 'GET', path: API_PATHS.listOrders, auth: 'required', answer: orderListSchema },
  getOrder: {
    method: 'GET',
    path: API_PATHS.getOrder,
    auth: 'required',
    params: idParamSchema,
    answer: orderSchema,
  },
  cancelOrder: {
    method: 'POST',
    path: API_PATHS.cancelOrder,
    auth: 'required',
    params: idParamSchema,
    answer: orderSchema,
  },
  wechatPay: {
    method: 'POST',
    path: API_PATHS.wechatPay,
    auth: 'required',
    params: idParamSchema,
    answer: wechatPayParamsSchema,
  },
  payNotify: {
    method: 'POST',
    path: API_PATHS.payNotify,
    auth: 'none',
    envelope: false,
    body: payNotifySchema,
    answer: payNotifyAnswerSchema,
  },
  listNotices: { method: 'GET', path: API_PATHS.listNotices, auth: 'required', answer: noticeListSchema },
  markNoticeRead: {
    method: 'POST',
    path: API_PATHS.markNoticeRead,
    auth: 'required',
    params: idParamSchema,
    answer: noticeSchema,
  },
  markAllNoticesRead: {
    method: 'POST',
    path: API_PATHS.markAllNoticesRead,
    auth: 'required',
    answer: markAllReadSchema,
  },
  wechatOAuth: {
    method: 'POST',
    path: API_PATHS.wechatOAuth,
    auth: 'none',
    body: wechatOAuthRequestSchema,
    answer: wechatOAuthResultSchema,
  },
  wechatJsConfig: {
    method: 'POST',
    path: API_PATHS.wechatJsConfig,
    auth: 'none',
    body: wechatJsConfigRequestSchema,
    answer: wechatJsConfigSchema,
  },
  reportClientError: {
    method: 'POST',
    path: API_PATHS.reportClientError,
    auth: 'optional',
    body: clientErrorSchema,
    answer: clientErrorResultSchema,
  },
  lookupAction: {
    method: 'GET',
    path: API_PATHS.lookupAction,
    auth: 'required',
    params: actionKeyParamSchema,
    answer: actionStatusSchema,
  },
  getClientSettings: {
    method: 'GET',
    path: API_PATHS.getClientSettings,
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
