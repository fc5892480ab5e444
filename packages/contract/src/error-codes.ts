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
 * Every envelope code the gateway refuses with, in one place: the gateway throws them by name, a client branches on
 * them by name (`code === ERROR_CODES.CLASS_FULL.code`), never on a bare number.
 *
 * @example
 * ```ts
 * import { ERROR_CODES } from '@xdance/contract'
 * ERROR_CODES.CLASS_FULL.code // 40901
 * ```
 */
export const ERROR_CODES = {
  UNAUTHORIZED: { code: 401, msg: '登录已失效，请重新登录', tips: '请使用手机号验证码登录' },
  VALIDATION: { code: 40001, msg: '请求参数不正确' },
  MALFORMED_JSON: { code: 40002, msg: '请求内容不是合法的 JSON', tips: '请检查请求体格式' },
  SMS_CODE_INVALID: { code: 40101, msg: '验证码错误或已过期', tips: '请检查验证码，或重新获取' },
  SMS_CODE_LOCKED: { code: 40102, msg: '验证码错误次数过多，请重新获取' },
  FORBIDDEN: { code: 40301, msg: '没有权限进行此操作' },
  NOT_FOUND: { code: 40401, msg: '请求的内容不存在' },
  CLASS_FULL: { code: 40901, msg: '该课程已约满', tips: '可以看看同一时段的其他课程' },
  ALREADY_BOOKED: { code: 40902, msg: '你已预约过该课程' },
  CLASS_STARTED: { code: 40903, msg: '课程已开始，无法预约' },
  NO_VALID_CARD: { code: 40904, msg: '没有可用的会员卡', tips: '请先购买会员卡，或联系前台' },
  CANCEL_CUTOFF_PASSED: { code: 40905, msg: '已过取消截止时间', tips: '课程开始前 2 小时内不可取消' },
  BOOKING_ALREADY_CANCELLED: { code: 40906, msg: '该预约已取消' },
  CARD_NOT_USABLE: { code: 40907, msg: '所选会员卡不可用', tips: '会员卡已过期或次数已用完' },
  PAYLOAD_TOO_LARGE: { code: 41301, msg: '请求内容过大', tips: '请求体不能超过 64 KB' },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 41501,
    msg: '请求内容类型不支持',
    tips: '请以 application/json 发送请求体',
  },
  SMS_TOO_FREQUENT: { code: 42901, msg: '验证码发送太频繁，请稍后再试' },
  LOGIN_LOCKED: { code: 42902, msg: '验证码错误次数过多，请稍后再试' },
  TOO_MANY_REQUESTS: { code: 42903, msg: '请求太频繁，请稍后再试' },
  INTERNAL: { code: 50001, msg: '服务器开小差了，请稍后再试' },
} as const satisfies Record<string, ErrorCodeEntry>

/**
 * The name of one refusal in {@link ERROR_CODES}, e.g. `'CLASS_FULL'`.
 *
 * @example
 * ```ts
 * const name: ErrorCodeName = 'CLASS_FULL'
 * ```
 */
export type ErrorCodeName = keyof typeof ERROR_CODES

/**
 * The catalogue name of an envelope code (number or numeric string), or `undefined` for a code it does not list.
 *
 * @example
 * ```ts
 * errorCodeName(40901) // 'CLASS_FULL'
 * errorCodeName('40401') // 'NOT_FOUND'
 * ```
 */
export function errorCodeName(code: unknown): ErrorCodeName | undefined {
  const text = String(code)
  for (const name of Object.keys(ERROR_CODES) as ErrorCodeName[]) {
    if (String(ERROR_CODES[name].code) === text) return name
  }
  return undefined
}
