import type * as v from 'valibot'
import type {
  bookingSchema,
  bookingsSchema,
  bookRequestSchema,
  cardSchema,
  cardStatusSchema,
  loginRequestSchema,
  loginResultSchema,
  meSchema,
  smsRequestSchema,
  smsResultSchema,
  updateProfileSchema,
} from './schemas/account'
import type { clientErrorSchema, devClientErrorSchema } from './schemas/client-errors'
import type {
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
} from './schemas/commerce'
import type { devOutboxSchema, devReportSchema, devSmsSchema, devTraceSchema } from './schemas/dev'
import type { actionStatusSchema } from './schemas/idempotency'
import type {
  markAllReadSchema,
  noticeClassSchema,
  noticeKindSchema,
  noticeListSchema,
  noticeSchema,
} from './schemas/notices'
import type { traceMarkSchema, visitReportSchema } from './schemas/records'
import type {
  articleListSchema,
  articleSchema,
  articleSummarySchema,
  classesQuerySchema,
  classListSchema,
  classStatusSchema,
  danceClassSchema,
  orgSchema,
  orgTeacherSchema,
  teacherDetailSchema,
  teacherListSchema,
  teacherRefSchema,
} from './schemas/studio'
import type { joinWaitlistRequestSchema, myWaitlistSchema } from './schemas/waitlist'
import type { clientSettingsSchema, wechatJsConfigSchema, wechatOAuthResultSchema } from './schemas/wechat'

// The contract's shapes as TypeScript types, inferred from the schemas: a change to a schema is a change of type
// for the gateway that answers it and for every client that reads it.

/** A class's teacher. @example const t: TeacherRef = { id: 1, name: '林老师', avatar: '' } */
export type TeacherRef = v.InferOutput<typeof teacherRefSchema>
/** @example const s: ClassStatus = 'open' */
export type ClassStatus = v.InferOutput<typeof classStatusSchema>
/** @example const item: DanceClass = await client.get('/classes/7') */
export type DanceClass = v.InferOutput<typeof danceClassSchema>
/** @example const { list }: ClassList = await client.get('/classes') */
export type ClassList = v.InferOutput<typeof classListSchema>
/** @example const teacher: OrgTeacher = org.teachers[0] */
export type OrgTeacher = v.InferOutput<typeof orgTeacherSchema>
/** @example const { list }: TeacherList = await client.get('/teachers') */
export type TeacherList = v.InferOutput<typeof teacherListSchema>
/** @example const { teacher, classes }: TeacherDetail = await client.get('/teachers/1') */
export type TeacherDetail = v.InferOutput<typeof teacherDetailSchema>
/** @example const org: Org = await client.get('/org') */
export type Org = v.InferOutput<typeof orgSchema>
/** @example const a: ArticleSummary = page.list[0] */
export type ArticleSummary = v.InferOutput<typeof articleSummarySchema>
/** @example const a: Article = await client.get('/articles/1') */
export type Article = v.InferOutput<typeof articleSchema>
/** @example const page: ArticleList = await client.get('/articles') */
export type ArticleList = v.InferOutput<typeof articleListSchema>
/** The parsed `GET /classes` query. @example const q: ClassesQuery = { from: '2025-06-01', to: undefined, style: 'jazz', level: undefined, teacherId: undefined } */
export type ClassesQuery = v.InferOutput<typeof classesQuerySchema>
/** @example const s: CardStatus = 'active' */
export type CardStatus = v.InferOutput<typeof cardStatusSchema>
/** @example const card: MembershipCard = cards.list[0] */
export type MembershipCard = v.InferOutput<typeof cardSchema>
/** @example const booking: Booking = await client.post('/bookings', { classId: 7 }) */
export type Booking = v.InferOutput<typeof bookingSchema>
/** @example const { upcoming, past }: Bookings = await client.get('/bookings') */
export type Bookings = v.InferOutput<typeof bookingsSchema>
/** @example const me: Me = await client.get('/me') */
export type Me = v.InferOutput<typeof meSchema>
/** @example const body: UpdateProfileRequest = { nickname: '小舞' } */
export type UpdateProfileRequest = v.InferInput<typeof updateProfileSchema>
/** @example const body: SmsRequest = { phone: '13800138000' } */
export type SmsRequest = v.InferInput<typeof smsRequestSchema>
/** @example const { resendIn }: SmsResult = await client.post('/auth/sms', { phone }) */
export type SmsResult = v.InferOutput<typeof smsResultSchema>
/** @example const body: LoginRequest = { phone: '13800138000', code: '123456' } */
export type LoginRequest = v.InferInput<typeof loginRequestSchema>
/** @example const session: LoginResult = await client.post('/auth/login', { phone, code }) */
export type LoginResult = v.InferOutput<typeof loginResultSchema>
/** @example const body: BookRequest = { classId: 7, cardId: 3 } */
export type BookRequest = v.InferInput<typeof bookRequestSchema>
/** A trace mark body as the gateway keeps it. @example const mark: TraceMarkBody = { path: '/', endpoint: 'h5' } */
export type TraceMarkBody = v.InferOutput<typeof traceMarkSchema>
/** A visit report's parameters as the gateway keeps them. @example const r: VisitReportParams = { actionType: 'visit' } */
export type VisitReportParams = v.InferOutput<typeof visitReportSchema>
/** @example const reports: DevReport[] = await (await fetch(`${api}/__dev/reports`)).json() */
export type DevReport = v.InferOutput<typeof devReportSchema>
/** @example const traces: DevTrace[] = await (await fetch(`${api}/__dev/traces`)).json() */
export type DevTrace = v.InferOutput<typeof devTraceSchema>
/** @example const { code }: DevSms = await (await fetch(`${api}/__dev/sms?phone=${phone}`)).json() */
export type DevSms = v.InferOutput<typeof devSmsSchema>
/** @example const { list }: ProductList = await client.get('/products') */
export type ProductList = v.InferOutput<typeof productListSchema>
/** A card product on sale. @example const product: Product = products.list[0] */
export type Product = v.InferOutput<typeof productSchema>
/** @example const s: OrderStatus = 'pending' */
export type OrderStatus = v.InferOutput<typeof orderStatusSchema>
/** @example const channel: PayChannel = 'wechat' */
export type PayChannel = v.InferOutput<typeof payChannelSchema>
/** @example const order: Order = await client.post('/orders', { productId: 2 }) */
export type Order = v.InferOutput<typeof orderSchema>
/** @example const { list }: OrderList = await client.get('/orders') */
export type OrderList = v.InferOutput<typeof orderListSchema>
/** @example const body: CreateOrderRequest = { productId: 2 } */
export type CreateOrderRequest = v.InferInput<typeof createOrderRequestSchema>
/** @example WeixinJSBridge.invoke('getBrandWCPayRequest', params as WechatPayParams, done) */
export type WechatPayParams = v.InferOutput<typeof wechatPayParamsSchema>
/** @example location.assign(`${pay.h5Url}&redirect_url=${encodeURIComponent(location.href)}`) */
export type WechatPayH5 = v.InferOutput<typeof wechatPayH5Schema>
/** @example renderQrCode(pay.codeUrl) */
export type WechatPayNative = v.InferOutput<typeof wechatPayNativeSchema>
/** A WeChat Pay v3 payment notification. @example const note: PayNotify = await request.json() */
export type PayNotify = v.InferOutput<typeof payNotifySchema>
/** A notification's decrypted transaction. @example const paid = tx.trade_state === 'SUCCESS' */
export type PayTransaction = v.InferOutput<typeof payTransactionSchema>
/** @example const answer: PayNotifyAnswer = { code: 'SUCCESS', message: '成功' } */
export type PayNotifyAnswer = v.InferOutput<typeof payNotifyAnswerSchema>
/** @example const body: JoinWaitlistRequest = { cardId: 3 } */
export type JoinWaitlistRequest = v.InferInput<typeof joinWaitlistRequestSchema>
/** @example const { list }: MyWaitlist = await client.get('/me/waitlist') */
export type MyWaitlist = v.InferOutput<typeof myWaitlistSchema>
/** @example const kind: NoticeKind = 'class-reminder' */
export type NoticeKind = v.InferOutput<typeof noticeKindSchema>
/** @example const notice: Notice = notices.list[0] */
export type Notice = v.InferOutput<typeof noticeSchema>
/** @example if (notice.class?.mine === 'cancelled') showCancelled() */
export type NoticeClass = v.InferOutput<typeof noticeClassSchema>
/** @example const { list, unread }: NoticeList = await client.get('/notices') */
export type NoticeList = v.InferOutput<typeof noticeListSchema>
/** @example const { updated }: MarkAllRead = await client.post('/notices/read-all') */
export type MarkAllRead = v.InferOutput<typeof markAllReadSchema>
/** @example const outbox: DevOutbox[] = await (await fetch(`${api}/__dev/outbox`)).json() */
export type DevOutbox = v.InferOutput<typeof devOutboxSchema>
/** @example const { openId }: WechatOAuthResult = await client.post('/wechat/oauth', { code }) */
export type WechatOAuthResult = v.InferOutput<typeof wechatOAuthResultSchema>
/** @example wx.config({ ...(await client.post<WechatJsConfig>('/wechat/js-config', { url })), jsApiList }) */
export type WechatJsConfig = v.InferOutput<typeof wechatJsConfigSchema>
/** @example const { officialAccountAppId }: ClientSettings = await client.get('/client-settings') */
export type ClientSettings = v.InferOutput<typeof clientSettingsSchema>

/** @example const report: ClientErrorReport = { message: 'x is undefined', route: '/schedule' } */
export type ClientErrorReport = v.InferInput<typeof clientErrorSchema>
/** @example const errors: DevClientError[] = await (await fetch(`${api}/__dev/client-errors`)).json() */
export type DevClientError = v.InferOutput<typeof devClientErrorSchema>
/** @example const status: ActionStatus = { key: 'k-12345678', state: 'unknown', answer: null } */
export type ActionStatus = v.InferOutput<typeof actionStatusSchema>
