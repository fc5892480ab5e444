import type { DevSms } from '@xdance/contract'
import type { GatewayContext } from '../../core/context'
import { Refusal } from '../../core/gateway-server-error'
import { readPhone } from '../../dev/dev-input'
import type { Api } from '../../routes/gateway-env'
import { smsCodeState } from '../../services/auth'
import { type EmulatedMessages, listEmulatedMessages } from './message-providers'

/**
 * The emulated SMS and template-message providers' dev routes (demo mode on a loopback address, mounted after the
 * other dev routes, so their same-origin guard covers them too): what they accepted. Answers are plain JSON.
 *
 * @example
 * ```ts
 * mountMessagesDevRoutes(api, ctx, messages)
 * ```
 */
export function mountMessagesDevRoutes(api: Api, ctx: GatewayContext, messages: EmulatedMessages): void {
  // What the emulated SMS and template-message providers accepted (once per idempotency key).
  api.get('/__dev/messages', (c) => c.json(listEmulatedMessages(ctx)))

  // The last sign-in code the emulated SMS provider delivered to a phone, with where the gateway has it
  // (expiry, wrong tries, used).
  api.get('/__dev/sms', (c) => {
    const phone = readPhone(c.req.query('phone'))
    const sent = messages.sentCodes(phone).at(-1)
    const state = sent && smsCodeState(ctx, phone, sent.code)
    if (!sent || !state) throw new Refusal('NOT_FOUND', { msg: '该手机号没有发送过验证码' })
    const answer: DevSms = { phone, code: sent.code, sentAt: new Date(sent.sentAt).toISOString(), ...state }
    return c.json(answer)
  })
}
