/**
 * Every envelope code the gateway refuses with, by name: what a client branches on
 * (`error.code === ERROR_CODE.CLASS_FULL`), never a bare number. The texts are in {@link ERROR_CODES}, apart, so a
 * client that only compares codes bundles no text.
 *
 * @example
 * ```ts
 * import { ERROR_CODE } from '@xdance/contract'
 * ERROR_CODE.CLASS_FULL // 40901
 * ```
 */
export const ERROR_CODE = {
  UNAUTHORIZED: 401,
  VALIDATION: 40001,
  MALFORMED_JSON: 40002,
  CONSENT_REQUIRED: 40003,
  SMS_CODE_INVALID: 40101,
  SMS_CODE_LOCKED: 40102,
  FORBIDDEN: 40301,
  NOT_FOUND: 40401,
  CLASS_FULL: 40901,
  ALREADY_BOOKED: 40902,
  CLASS_STARTED: 40903,
  NO_VALID_CARD: 40904,
  CANCEL_CUTOFF_PASSED: 40905,
  BOOKING_ALREADY_CANCELLED: 40906,
  CARD_NOT_USABLE: 40907,
  AGE_OUT_OF_RANGE: 40908,
  CARD_NOT_FOR_MEMBER: 40909,
  MEMBER_HAS_BOOKINGS: 40910,
  ORDER_NOT_PENDING: 40911,
  ORDER_EXPIRED: 40912,
  TRIAL_ALREADY_USED: 40913,
  PRODUCT_UNAVAILABLE: 40914,
  CLASS_NOT_FULL: 40921,
  ALREADY_ON_WAITLIST: 40922,
  NOT_ON_WAITLIST: 40923,
  WAITLIST_CLOSED: 40924,
  IDEMPOTENCY_IN_PROGRESS: 40931,
  CHECK_IN_EXPIRED: 40941,
  CHECK_IN_TOO_EARLY: 40942,
  CHECK_IN_REPLAYED: 40943,
  CHECK_IN_FOREIGN_STUDIO: 40944,
  CHECK_IN_FORGED: 40945,
  CHECK_IN_CANCELLED: 40946,
  NOTHING_TO_CHECK_IN: 40947,
  RATING_NOT_ATTENDED: 40951,
  RATING_CLOSED: 40952,
  PAYLOAD_TOO_LARGE: 41301,
  IDEMPOTENCY_KEY_REUSED: 42201,
  UNSUPPORTED_MEDIA_TYPE: 41501,
  SMS_TOO_FREQUENT: 42901,
  LOGIN_LOCKED: 42902,
  TOO_MANY_REQUESTS: 42903,
  INTERNAL: 50001,
  BUSY: 50301,
} as const

/**
 * The name of one refusal, e.g. `'CLASS_FULL'`.
 *
 * @example
 * ```ts
 * const name: ErrorCodeName = 'CLASS_FULL'
 * ```
 */
export type ErrorCodeName = keyof typeof ERROR_CODE

/**
 * One entry of the refusal catalogue: the envelope `code`, the customer-readable `msg` (Chinese, shown by the
 * client's toast as is) and optional `tips`.
 *
 * @example
 * ```ts
 * const entry: ErrorCodeEntry = ERROR_CODES.NO_VALID_CARD // { code: 40904, msg: '没有可用的会员卡', tips: … }
 * ```
 */
export interface ErrorCodeEntry {
  readonly code: number
  readonly msg: string
  readonly tips?: string
}

/**
 * The refusal catalogue: each code of {@link ERROR_CODE} with the text the gateway answers. The gateway throws
 * refusals by name, so a code or a text cannot drift between call sites.
 *
 * @example
 * ```ts
 * import { ERROR_CODES } from '@xdance/contract'
 * ERROR_CODES.CLASS_FULL // { code: 40901, msg: '该课程已约满', tips: '可以看看同一时段的其他课程' }
 * ```
 */
// Built by a call marked pure: its entries read ERROR_CODE, and a bundler keeps a property read made at import time
// (it could be a getter), so an unmarked literal would put every text in any bundle importing anything from here.
export const ERROR_CODES = /* @__PURE__ */ (() =>
  ({
    UNAUTHORIZED: {
      code: ERROR_CODE.UNAUTHORIZED,
      msg: '登录已失效，请重新登录',
      tips: '请使用手机号验证码登录',
    },
    VALIDATION: { code: ERROR_CODE.VALIDATION, msg: '请求参数不正确' },
    MALFORMED_JSON: {
      code: ERROR_CODE.MALFORMED_JSON,
      msg: '请求内容不是合法的 JSON',
      tips: '请检查请求体格式',
    },
    CONSENT_REQUIRED: {
      code: ERROR_CODE.CONSENT_REQUIRED,
      msg: '请先阅读并同意用户协议和隐私政策',
      tips: '勾选同意后再获取验证码',
    },
    SMS_CODE_INVALID: {
      code: ERROR_CODE.SMS_CODE_INVALID,
      msg: '验证码错误或已过期',
      tips: '请检查验证码，或重新获取',
    },
    SMS_CODE_LOCKED: { code: ERROR_CODE.SMS_CODE_LOCKED, msg: '验证码错误次数过多，请重新获取' },
    FORBIDDEN: { code: ERROR_CODE.FORBIDDEN, msg: '没有权限进行此操作' },
    NOT_FOUND: { code: ERROR_CODE.NOT_FOUND, msg: '请求的内容不存在' },
    CLASS_FULL: { code: ERROR_CODE.CLASS_FULL, msg: '该课程已约满', tips: '可以看看同一时段的其他课程' },
    ALREADY_BOOKED: { code: ERROR_CODE.ALREADY_BOOKED, msg: '你已预约过该课程' },
    CLASS_STARTED: { code: ERROR_CODE.CLASS_STARTED, msg: '课程已开始，无法预约' },
    NO_VALID_CARD: {
      code: ERROR_CODE.NO_VALID_CARD,
      msg: '没有可用的会员卡',
      tips: '请先购买会员卡，或联系前台',
    },
    CANCEL_CUTOFF_PASSED: {
      code: ERROR_CODE.CANCEL_CUTOFF_PASSED,
      msg: '已过取消截止时间',
      tips: '课程开始前 2 小时内不可取消',
    },
    BOOKING_ALREADY_CANCELLED: { code: ERROR_CODE.BOOKING_ALREADY_CANCELLED, msg: '该预约已取消' },
    CARD_NOT_USABLE: {
      code: ERROR_CODE.CARD_NOT_USABLE,
      msg: '所选会员卡不可用',
      tips: '会员卡已过期或次数已用完',
    },
    AGE_OUT_OF_RANGE: {
      code: ERROR_CODE.AGE_OUT_OF_RANGE,
      msg: '学员年龄不在该课程的年龄范围内',
      tips: '可以看看适合该年龄的课程',
    },
    CARD_NOT_FOR_MEMBER: {
      code: ERROR_CODE.CARD_NOT_FOR_MEMBER,
      msg: '这张会员卡只能本人使用',
      tips: '为家人预约请使用家庭卡',
    },
    MEMBER_HAS_BOOKINGS: {
      code: ERROR_CODE.MEMBER_HAS_BOOKINGS,
      msg: '该学员还有未上的课程',
      tips: '请先取消该学员的预约',
    },
    ORDER_NOT_PENDING: { code: ERROR_CODE.ORDER_NOT_PENDING, msg: '订单已支付或已取消' },
    ORDER_EXPIRED: { code: ERROR_CODE.ORDER_EXPIRED, msg: '订单已过期', tips: '请重新下单' },
    TRIAL_ALREADY_USED: { code: ERROR_CODE.TRIAL_ALREADY_USED, msg: '体验卡每人限购一次' },
    PRODUCT_UNAVAILABLE: { code: ERROR_CODE.PRODUCT_UNAVAILABLE, msg: '该商品已下架' },
    CLASS_NOT_FULL: { code: ERROR_CODE.CLASS_NOT_FULL, msg: '课程还有名额', tips: '可以直接预约' },
    ALREADY_ON_WAITLIST: { code: ERROR_CODE.ALREADY_ON_WAITLIST, msg: '你已在候补名单中' },
    NOT_ON_WAITLIST: { code: ERROR_CODE.NOT_ON_WAITLIST, msg: '你不在候补名单中' },
    WAITLIST_CLOSED: {
      code: ERROR_CODE.WAITLIST_CLOSED,
      msg: '候补已截止',
      tips: '课程开始前 2 小时停止候补',
    },
    IDEMPOTENCY_IN_PROGRESS: {
      code: ERROR_CODE.IDEMPOTENCY_IN_PROGRESS,
      msg: '上一次的请求还在处理中',
      tips: '请稍候再查看结果',
    },
    CHECK_IN_EXPIRED: {
      code: ERROR_CODE.CHECK_IN_EXPIRED,
      msg: '签到码已过期',
      tips: '请刷新签到码，或在签到时间内签到',
    },
    CHECK_IN_TOO_EARLY: { code: ERROR_CODE.CHECK_IN_TOO_EARLY, msg: '还没到签到时间' },
    CHECK_IN_REPLAYED: { code: ERROR_CODE.CHECK_IN_REPLAYED, msg: '该预约已签到' },
    CHECK_IN_FOREIGN_STUDIO: { code: ERROR_CODE.CHECK_IN_FOREIGN_STUDIO, msg: '这不是本店的签到码' },
    CHECK_IN_FORGED: { code: ERROR_CODE.CHECK_IN_FORGED, msg: '签到码无效' },
    CHECK_IN_CANCELLED: { code: ERROR_CODE.CHECK_IN_CANCELLED, msg: '该预约已取消，不能签到' },
    NOTHING_TO_CHECK_IN: {
      code: ERROR_CODE.NOTHING_TO_CHECK_IN,
      msg: '现在没有可签到的课程',
      tips: '签到从开课前 30 分钟开放到开课后 15 分钟',
    },
    RATING_NOT_ATTENDED: {
      code: ERROR_CODE.RATING_NOT_ATTENDED,
      msg: '上过这节课才能评价',
      tips: '签到后的课程结束后可以评价',
    },
    RATING_CLOSED: {
      code: ERROR_CODE.RATING_CLOSED,
      msg: '已过评价时间',
      tips: '课程结束 7 天内可评价，评价后 24 小时内可修改',
    },
    PAYLOAD_TOO_LARGE: {
      code: ERROR_CODE.PAYLOAD_TOO_LARGE,
      msg: '请求内容过大',
      tips: '请求体不能超过 64 KB',
    },
    IDEMPOTENCY_KEY_REUSED: {
      code: ERROR_CODE.IDEMPOTENCY_KEY_REUSED,
      msg: '同一个请求标识不能用于不同的操作',
      tips: '请为新的操作生成新的 Idempotency-Key',
    },
    UNSUPPORTED_MEDIA_TYPE: {
      code: ERROR_CODE.UNSUPPORTED_MEDIA_TYPE,
      msg: '请求内容类型不支持',
      tips: '请以 application/json 发送请求体',
    },
    SMS_TOO_FREQUENT: { code: ERROR_CODE.SMS_TOO_FREQUENT, msg: '验证码发送太频繁，请稍后再试' },
    LOGIN_LOCKED: { code: ERROR_CODE.LOGIN_LOCKED, msg: '验证码错误次数过多，请稍后再试' },
    TOO_MANY_REQUESTS: { code: ERROR_CODE.TOO_MANY_REQUESTS, msg: '请求太频繁，请稍后再试' },
    INTERNAL: { code: ERROR_CODE.INTERNAL, msg: '服务器开小差了，请稍后再试' },
    BUSY: { code: ERROR_CODE.BUSY, msg: '系统繁忙，请稍后重试' },
  }) as const satisfies Record<ErrorCodeName, ErrorCodeEntry>)()

/**
 * The name of an envelope code (number or numeric string), or `undefined` for a code the catalogue does not list.
 *
 * @example
 * ```ts
 * errorCodeName(40901) // 'CLASS_FULL'
 * errorCodeName('40401') // 'NOT_FOUND'
 * ```
 */
export function errorCodeName(code: unknown): ErrorCodeName | undefined {
  const text = String(code)
  for (const name of Object.keys(ERROR_CODE) as ErrorCodeName[]) {
    if (String(ERROR_CODE[name]) === text) return name
  }
  return undefined
}
