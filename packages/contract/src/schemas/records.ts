import * as v from 'valibot'
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

/** `POST /elephant/boss/trace/mark` answer. */
export const traceMarkResultSchema = v.object({ id })

/**
 * A visit report's query parameters (spec section 3, plus `contentId` and `sharer`): every field optional text of at
 * most 4,096 characters. Unknown parameters are dropped.
 */
export const visitReportSchema = v.object({
  actionType: shortText('actionType', 4096),
  url: shortText('url', 4096),
  eventTime: shortText('eventTime', 4096),
  actionDuration: shortText('actionDuration', 4096),
  uuid: shortText('uuid', 4096),
  openId: shortText('openId', 4096),
  orgId: shortText('orgId', 4096),
  visitProgress: shortText('visitProgress', 4096),
  contentId: shortText('contentId', 4096),
  sharer: shortText('sharer', 4096),
})
