// `@xdance/contract/schemas`: the Valibot schemas of every request and answer, and the endpoint table. Apart from
// the root entry so that a client importing only types, rules and paths bundles no schema.

export {
  bookingSchema,
  bookingsSchema,
  bookRequestSchema,
  cardListSchema,
  cardSchema,
  cardStatusSchema,
  loginRequestSchema,
  loginResultSchema,
  meSchema,
  smsRequestSchema,
  smsResultSchema,
  updateProfileSchema,
} from './account'
export {
  clientErrorResultSchema,
  clientErrorSchema,
  devClientErrorSchema,
} from './client-errors'
export {
  createOrderRequestSchema,
  orderListSchema,
  orderSchema,
  orderStatusSchema,
  payChannelSchema,
  payNotifyAnswerSchema,
  payNotifySchema,
  payTransactionSchema,
  productListSchema,
  productSchema,
  wechatPayH5Schema,
  wechatPayNativeSchema,
  wechatPayParamsSchema,
} from './commerce'
export { devOutboxSchema, devReportSchema, devSmsSchema, devTraceSchema } from './dev'
export type { AnswerOf, BodyOf, Endpoint, EndpointName } from './endpoints'
export { ENDPOINTS } from './endpoints'
export { envelopeSchema } from './envelope'
export {
  BODY_MESSAGE,
  codeText,
  count,
  dateText,
  id,
  idMessage,
  idNumber,
  idText,
  instant,
  intText,
  missingField,
  PHONE_MESSAGE,
  phoneField,
  SMS_CODE_MESSAGE,
  shortText,
  smsCodeField,
  studioDateField,
} from './fields'
export {
  actionKeyParamSchema,
  actionStatusSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
} from './idempotency'
export {
  markAllReadSchema,
  noticeClassSchema,
  noticeKindSchema,
  noticeListSchema,
  noticeSchema,
} from './notices'
export { traceMarkResultSchema, traceMarkSchema, visitReportSchema } from './records'
export {
  articleListSchema,
  articleSchema,
  articleSummarySchema,
  articlesQuerySchema,
  classesQuerySchema,
  classListSchema,
  classStatusSchema,
  danceClassSchema,
  idParamSchema,
  orgSchema,
  orgTeacherSchema,
  teacherDetailSchema,
  teacherListSchema,
  teacherRefSchema,
} from './studio'
export { joinWaitlistRequestSchema, myWaitlistSchema } from './waitlist'
export {
  clientSettingsSchema,
  WECHAT_CODE_MESSAGE,
  wechatJsConfigRequestSchema,
  wechatJsConfigSchema,
  wechatOAuthRequestSchema,
  wechatOAuthResultSchema,
} from './wechat'
