import * as v from 'valibot'
import { count, id, instant } from './fields'

// The dev API (demo mode only) answers plain JSON, not the envelope: its readers are tests.

/** `GET /__dev/reports` item: a visit report as received (`params` parsed from the query). */
export const devReportSchema = v.object({
  id,
  method: v.string(),
  params: v.record(v.string(), v.string()),
  body: v.nullable(v.string()),
  hasAuthorization: v.boolean(),
  receivedAt: instant,
})
/** @example const reports: DevReport[] = await (await fetch(`${api}/__dev/reports`)).json() */
export type DevReport = v.InferOutput<typeof devReportSchema>

/** `GET /__dev/traces` item: a trace mark as received (`body` parsed). */
export const devTraceSchema = v.object({
  id,
  body: v.record(v.string(), v.unknown()),
  hasAuthorization: v.boolean(),
  receivedAt: instant,
})
/** @example const traces: DevTrace[] = await (await fetch(`${api}/__dev/traces`)).json() */
export type DevTrace = v.InferOutput<typeof devTraceSchema>

/** `GET /__dev/sms?phone=…`: the last code sent to a phone. */
export const devSmsSchema = v.object({
  phone: v.string(),
  code: v.string(),
  sentAt: instant,
  expiresAt: instant,
  attempts: count,
  consumed: v.boolean(),
})
/** @example const { code }: DevSms = await (await fetch(`${api}/__dev/sms?phone=${phone}`)).json() */
export type DevSms = v.InferOutput<typeof devSmsSchema>

/**
 * `GET /__dev/outbox` item: a message that would go out by SMS or as a WeChat template message for a notice, and
 * whether the scheduler has sent it.
 */
export const devOutboxSchema = v.object({
  id,
  noticeId: id,
  kind: v.string(),
  channel: v.picklist(['sms', 'wechat']),
  recipient: v.string(),
  templateId: v.string(),
  payload: v.record(v.string(), v.unknown()),
  idempotencyKey: v.string(),
  state: v.picklist(['pending', 'sent']),
  createdAt: instant,
  sentAt: v.nullable(instant),
})
/** @example const outbox: DevOutbox[] = await (await fetch(`${api}/__dev/outbox`)).json() */
export type DevOutbox = v.InferOutput<typeof devOutboxSchema>
