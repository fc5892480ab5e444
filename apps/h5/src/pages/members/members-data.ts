import { type MemberList, RULES, studioDate } from '@xdance/contract'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { servicesContext } from '../../app/services'

/** `/me/members` (家庭成员): the customer's family, themself first (the signed-in layout guards it). */
export async function membersLoader({ context, request }: LoaderFunctionArgs): Promise<MemberList> {
  return callGateway(context.get(servicesContext).client, 'GET /me/members', {}, { signal: request.signal })
}

/** A form field's problem, said beside it before anything is sent. */
export type MemberFieldProblem = 'members.nameInvalid' | 'members.birthYearInvalid'

/** What a member form's submit answers: done, a field's problem, or the gateway's refusal. */
export type MemberResult =
  | { ok: true; intent: MemberIntent }
  | { ok: false; intent: MemberIntent; field: MemberFieldProblem }
  | (KeyedFailure & { intent: MemberIntent })

export type MemberIntent = 'add' | 'edit' | 'remove'

/**
 * The name and birth year of a member form, checked as the contract checks them (the gateway checks again):
 * a name of 1 to `RULES.memberNameMaxLength` characters once trimmed, and an optional year from
 * `RULES.birthYearMin` to this year.
 *
 * @example
 * readMemberForm(form, 2025) // { name: '小米', birthYear: 2020 }
 */
export function readMemberForm(
  form: FormData,
  thisYear: number,
): { name: string; birthYear: number | null } | MemberFieldProblem {
  const name = String(form.get('name') ?? '').trim()
  if (!name || [...name].length > RULES.memberNameMaxLength) return 'members.nameInvalid'
  const yearText = String(form.get('birthYear') ?? '').trim()
  if (!yearText) return { name, birthYear: null }
  const birthYear = Number(yearText)
  if (!/^\d{4}$/.test(yearText) || birthYear < RULES.birthYearMin || birthYear > thisYear) {
    return 'members.birthYearInvalid'
  }
  return { name, birthYear }
}

/**
 * `/me/members`'s forms: `intent` `add` (a new member), `edit` (`memberId`'s name and birth year) or `remove`
 * (`memberId`), each keyed so that a retry after a lost answer never adds twice.
 */
export async function membersAction({ context, request }: ActionFunctionArgs): Promise<MemberResult> {
  const { client } = context.get(servicesContext)
  const form = await request.formData()
  const intent: MemberIntent =
    form.get('intent') === 'remove' ? 'remove' : form.get('intent') === 'edit' ? 'edit' : 'add'
  const memberId = Number(form.get('memberId'))
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  if (intent === 'remove') {
    const removed = await keyedAction(client, key, (o) =>
      callGateway(client, 'POST /me/members/:id/remove', { params: { id: memberId } }, o),
    )
    return removed.ok ? { ok: true, intent } : { ...removed, intent }
  }
  const input = readMemberForm(form, Number(studioDate(Date.now()).slice(0, 4)))
  if (typeof input === 'string') return { ok: false, intent, field: input }
  const saved = await keyedAction(client, key, (o) =>
    intent === 'edit'
      ? callGateway(client, 'POST /me/members/:id', { params: { id: memberId }, body: input }, o)
      : callGateway(client, 'POST /me/members', { body: input }, o),
  )
  return saved.ok ? { ok: true, intent } : { ...saved, intent }
}
