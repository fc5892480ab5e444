export { APP_ID_PATTERN, SETTINGS_ADDRESS_PATTERN } from './client-settings'
export { API_METHODS, API_PATHS, endpointPath } from './endpoint-table'
export type { Envelope } from './envelope'
export { codeStatus, isSuccessCode, SUCCESS_CODE } from './envelope'
export type { ErrorCodeEntry, ErrorCodeName } from './error-codes'
export { ERROR_CODE, ERROR_CODES, errorCodeName } from './error-codes'
export { ARTICLE_PATH, GATEWAY_PREFIX, TRACE_MARK_PATH, VISIT_REPORT_PATH } from './paths'
export { isPhone, maskPhone, PHONE_PATTERN, SMS_CODE_PATTERN } from './phone'
export type {
  AnswerOf,
  BodyOf,
  Endpoint,
  EndpointName,
  Endpoints,
  InputOf,
  ParamsOf,
  QueryOf,
} from './schemas/endpoints'
export {
  CLIENT_ERROR_LIMITS,
  HTTP_TIMEOUT,
  IDEMPOTENCY_KEY_HEADER,
  TERMS_VERSION,
} from './spec-constants'
export type { StudioParts } from './studio-calendar'
export {
  addDays,
  daysBetween,
  isStudioDate,
  STUDIO_TIME_ZONE,
  STUDIO_UTC_OFFSET_MS,
  studioDate,
  studioDays,
  studioInstant,
  studioParts,
  toStudioIso,
  weekday,
} from './studio-calendar'
export type { DataLanguage, LevelCode, StyleCode, TimeOfDay } from './studio-rules'
export { AUTH_HEAD, LEVELS, RULES, STYLES, TIMES_OF_DAY } from './studio-rules'
export type {
  ActionStatus,
  Article,
  ArticleList,
  ArticleSummary,
  Booking,
  Bookings,
  BookRequest,
  CardStatus,
  ClassesQuery,
  ClassList,
  ClassStatus,
  ClientErrorReport,
  ClientSettings,
  CreateOrderRequest,
  DanceClass,
  DevClientError,
  DevOutbox,
  DevReport,
  DevSms,
  DevTrace,
  JoinWaitlistRequest,
  LoginRequest,
  LoginResult,
  MarkAllRead,
  Me,
  MembershipCard,
  MyWaitlist,
  Notice,
  NoticeClass,
  NoticeKind,
  NoticeList,
  Order,
  OrderList,
  OrderStatus,
  Org,
  OrgTeacher,
  PayChannel,
  PayNotify,
  PayNotifyAnswer,
  PayTransaction,
  Product,
  ProductList,
  SmsRequest,
  SmsResult,
  TeacherDetail,
  TeacherList,
  TeacherRef,
  TraceMarkBody,
  UpdateProfileRequest,
  VisitReportParams,
  WechatJsConfig,
  WechatOAuthResult,
  WechatPayH5,
  WechatPayNative,
  WechatPayParams,
} from './types'
