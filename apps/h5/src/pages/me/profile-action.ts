import { RULES } from '@xdance/contract'
import type { ActionFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { servicesContext } from '../../app/services'

/** What saving the profile answers the form: saved, the field's problem, or the gateway's refusal. */
export type ProfileResult = { ok: true } | { ok: false; field: 'me.nicknameInvalid' } | GatewayFailure

/**
 * `POST /me/profile` (the me page's name form): saves the customer's nickname, 1 to `RULES.nicknameMaxLength` characters once
 * trimmed (the contract's rule, which the gateway holds too). The
 * router then reads the page's data again, so the greeting shows the new name.
 */
export async function profileAction({ context, request }: ActionFunctionArgs): Promise<ProfileResult> {
  const nickname = String((await request.formData()).get('nickname') ?? '').trim()
  if (!nickname || nickname.length > RULES.nicknameMaxLength)
    return { ok: false, field: 'me.nicknameInvalid' }
  const { client, toasts, i18n } = context.get(servicesContext)
  const saved = await settle(() => callGateway(client, 'POST /me/profile', { body: { nickname } }))
  if (!saved.ok) return saved
  toasts.show(i18n.t('me.nicknameSaved'), 'info')
  return { ok: true }
}
