// The gateway's calls by name: each one's path and method (spec section 2), what a client needs to call by name. A
// module of its own (and an entry of the build, see tsup.config.ts): an app that calls by name from a lazy chunk keeps
// the tables out of its first screen.
import { TRACE_MARK_PATH } from './paths'

/**
 * The path of every enveloped call of the gateway under its prefix, by call name (`:id` marks a path parameter;
 * fill it with {@link endpointPath}). The schemas of each call are `ENDPOINTS` in `@xdance/contract/schemas`.
 *
 * @example
 * ```ts
 * client.get<DanceClass>(endpointPath(API_PATHS.getClass, { id: 7 }))
 * ```
 */
export const API_PATHS = {
  sendSmsCode: '/auth/sms',
  login: '/auth/login',
  logout: '/auth/logout',
  getMe: '/me',
  updateProfile: '/me/profile',
  getOrg: '/org',
  listClasses: '/classes',
  getClass: '/classes/:id',
  bookClass: '/bookings',
  listBookings: '/bookings',
  cancelBooking: '/bookings/:id/cancel',
  listCards: '/cards',
  listArticles: '/articles',
  getArticle: '/articles/:id',
  listTeachers: '/teachers',
  getTeacher: '/teachers/:id',
  traceMark: TRACE_MARK_PATH,
  joinWaitlist: '/classes/:id/waitlist',
  leaveWaitlist: '/classes/:id/waitlist/leave',
  listMyWaitlist: '/me/waitlist',
  listProducts: '/products',
  createOrder: '/orders',
  listOrders: '/orders',
  getOrder: '/orders/:id',
  cancelOrder: '/orders/:id/cancel',
  wechatPay: '/orders/:id/wechat-pay',
  wechatPayH5: '/orders/:id/wechat-pay/h5',
  wechatPayNative: '/orders/:id/wechat-pay/native',
  payNotify: '/pay/notify',
  listNotices: '/notices',
  markNoticeRead: '/notices/:id/read',
  markAllNoticesRead: '/notices/read-all',
  wechatOAuth: '/wechat/oauth',
  wechatJsConfig: '/wechat/js-config',
  reportClientError: '/client-errors',
  lookupAction: '/actions/:key',
  getClientSettings: '/client-settings',
} as const

/**
 * The HTTP method of every call of {@link API_PATHS}. With the path, it is what a client needs to make a call by its
 * name; `@xdance/contract/schemas` says what goes in and comes out (`ENDPOINTS`, whose method and path are these).
 *
 * @example
 * ```ts
 * API_METHODS.bookClass // 'POST'
 * ```
 */
export const API_METHODS = {
  sendSmsCode: 'POST',
  login: 'POST',
  logout: 'POST',
  getMe: 'GET',
  updateProfile: 'POST',
  getOrg: 'GET',
  listClasses: 'GET',
  getClass: 'GET',
  bookClass: 'POST',
  listBookings: 'GET',
  cancelBooking: 'POST',
  listCards: 'GET',
  listArticles: 'GET',
  getArticle: 'GET',
  listTeachers: 'GET',
  getTeacher: 'GET',
  traceMark: 'POST',
  joinWaitlist: 'POST',
  leaveWaitlist: 'POST',
  listMyWaitlist: 'GET',
  listProducts: 'GET',
  createOrder: 'POST',
  listOrders: 'GET',
  getOrder: 'GET',
  cancelOrder: 'POST',
  wechatPay: 'POST',
  wechatPayH5: 'POST',
  wechatPayNative: 'POST',
  payNotify: 'POST',
  listNotices: 'GET',
  markNoticeRead: 'POST',
  markAllNoticesRead: 'POST',
  wechatOAuth: 'POST',
  wechatJsConfig: 'POST',
  reportClientError: 'POST',
  lookupAction: 'GET',
  getClientSettings: 'GET',
} as const satisfies Record<keyof typeof API_PATHS, 'GET' | 'POST'>

/**
 * A path of {@link API_PATHS} with its `:name` segments filled in (each value percent-encoded).
 *
 * @example
 * ```ts
 * endpointPath(API_PATHS.cancelBooking, { id: 5 }) // '/bookings/5/cancel'
 * ```
 */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`endpointPath: no value for :${name} in ${path}`)
    return encodeURIComponent(String(value))
  })
}
