import type { DoorCheckInResult } from '@xdance/contract'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { servicesContext } from '../../app/services'

/** `/check-in?door=…`: the studio's door code the customer scanned (`null`: the link carries none). */
export interface DoorData {
  door: string | null
}

/**
 * `/check-in` (the URL a studio prints as its door QR code, opened by WeChat's scanner; the signed-in layout sends a
 * signed-out visitor to sign in first and back): reads the door code. Nothing is checked in until the customer taps.
 */
export function doorLoader({ request }: LoaderFunctionArgs): DoorData {
  const door = new URL(request.url).searchParams.get('door')
  return { door: door && door.length <= 200 ? door : null }
}

export type DoorResult = { ok: true; result: DoorCheckInResult } | KeyedFailure

/**
 * Checks in the customer's bookings open now at this studio (`memberId` fields: the members chosen, when several are
 * booked). Keyed: a retry after a lost answer is the same check-in.
 */
export async function doorAction({ context, request }: ActionFunctionArgs): Promise<DoorResult> {
  const { client } = context.get(servicesContext)
  const form = await request.formData()
  const door = String(form.get('door') ?? '')
  const memberIds = form
    .getAll('memberId')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  const done = await keyedAction(client, key, (o) =>
    callGateway(
      client,
      'POST /check-in/door',
      { body: form.has('memberId') ? { door, memberIds } : { door } },
      o,
    ),
  )
  return done.ok ? { ok: true, result: done.value } : done
}
