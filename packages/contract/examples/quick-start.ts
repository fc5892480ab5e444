import {
  addDays,
  type DanceClass,
  ERROR_CODE,
  ERROR_CODES,
  endpointPath,
  GATEWAY_PREFIX,
  isSuccessCode,
  maskPhone,
  studioDate,
} from '@xdance/contract'
import { ENDPOINTS, envelopeSchema } from '@xdance/contract/schemas'
import * as v from 'valibot'

// Paths and studio dates, the same on the gateway and in every client.
const today = studioDate(Date.UTC(2025, 5, 1, 17)) // '2025-06-02': 01:00 the next day in the studio
export const weekUrl = `${GATEWAY_PREFIX}${endpointPath('GET /classes')}?from=${today}&to=${addDays(today, 6)}`
export const classUrl = `${GATEWAY_PREFIX}${endpointPath('GET /classes/:id', { id: 7 })}`

// An answer, parsed with the schema of its call: a shape the gateway changed fails here, not in a page.
const answer: unknown = {
  code: 40901,
  data: null,
  msg: ERROR_CODES.CLASS_FULL.msg,
  tips: ERROR_CODES.CLASS_FULL.tips,
}
const envelope = v.parse(envelopeSchema(v.nullable(ENDPOINTS['GET /classes/:id'].answer)), answer)
export const full = !isSuccessCode(envelope.code) && envelope.code === ERROR_CODE.CLASS_FULL
export const title = (item: DanceClass) => `${item.title} · ${item.teacher.name}`
export const shown = maskPhone('13800138000') // '138****8000'
