import type { CheckInCode } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'

/** A booking's check-in code, or why there is none now (too early, already in, past the window, offline…). */
export type CheckInCodeResult = { ok: true; code: CheckInCode } | GatewayFailure

/**
 * `/bookings/:id/check-in` (no page: 我的课程's and the class page's check-in code fetch it, every minute while it
 * shows): a fresh signed code for the front desk's scanner. Silent: the page says what went wrong in place.
 */
export async function checkInCodeLoader({
  context,
  params,
  request,
}: LoaderFunctionArgs): Promise<CheckInCodeResult> {
  const { client } = context.get(servicesContext)
  const id = idParam(params.id)
  const result = await settle(() =>
    callGateway(
      client,
      'GET /bookings/:id/check-in',
      { params: { id } },
      { signal: request.signal, silent: true },
    ),
  )
  return result.ok ? { ok: true, code: result.value } : result
}
