import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { TRACE_MARK_PATH, VISIT_REPORT_PATH } from '../paths'
import { BODY_MESSAGE, id, shortText } from './fields'

/**
 * A trace mark's body (spec section 7, plus `orgId`): every field optional text, `extra` at most 2 KB, the others
 * at most 4,096 characters. Unknown fields are dropped.
 */
export const traceMarkSchema = v.object(
  {
    deviceId: shortText('deviceId', 4096),
    endpoint: shortText('endpoint', 4096),
    extra: shortText('extra', 2048),
    openId: shortText('openId', 4096),
    path: shortText('path', 4096),
    traceType: shortText('traceType', 4096),
    url: shortText('url', 4096),
    userId: shortText('userId', 4096),
    orgId: shortText('orgId', 4096),
  },
  BODY_MESSAGE,
)
/** A trace mark body as the gateway keeps it. @example const mark: TraceMarkBody = { path: '/', endpoint: 'h5' } */
export type TraceMarkBody = v.InferOutput<typeof traceMarkSchema>

/** `POST /elephant/boss/trace/mark` answer. */
export const traceMarkResultSchema = v.object({ id })

// A query parameter is text: at most 4,096 characters.
const param = (field: string) => {
  const message = `${field} 必须是不超过 4096 个字符的字符串`
  return v.optional(v.pipe(v.string(message), v.maxLength(4096, message)))
}

/**
 * A visit report's query parameters (spec section 3, plus `contentId` and `sharer`): every field optional text of at
 * most 4,096 characters. Unknown parameters are dropped.
 */
export const visitReportSchema = v.object({
  actionType: param('actionType'),
  url: param('url'),
  eventTime: param('eventTime'),
  actionDuration: param('actionDuration'),
  uuid: param('uuid'),
  openId: param('openId'),
  orgId: param('orgId'),
  visitProgress: param('visitProgress'),
  contentId: param('contentId'),
  sharer: param('sharer'),
})
/** A visit report's parameters as the gateway keeps them. @example const r: VisitReportParams = { actionType: 'visit' } */
export type VisitReportParams = v.InferOutput<typeof visitReportSchema>

/**
 * The records the spec names: visit reports (a pixel GET or a beacon POST of any body, answered a GIF or 204, no envelope) and trace marks. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const recordCalls = {
  [`GET ${VISIT_REPORT_PATH}` as const]: {
    auth: 'none',
    envelope: false,
    query: visitReportSchema,
    answer: v.unknown(),
  },
  [`POST ${VISIT_REPORT_PATH}` as const]: {
    auth: 'none',
    envelope: false,
    query: visitReportSchema,
    answer: v.unknown(),
  },
  [`POST ${TRACE_MARK_PATH}` as const]: {
    auth: 'none',
    body: traceMarkSchema,
    answer: traceMarkResultSchema,
  },
} as const satisfies Record<EndpointKey, Endpoint>
