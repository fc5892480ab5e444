import { maskPhone } from '@xdance/contract'
import type { GatewayContext } from '../../core/context'
import type { Messages } from './messages-port'

/**
 * The real messages party as this gateway is deployed: no SMS or WeChat template-message provider is set up, so
 * each message is one log line, and the log is where an operator reads a sign-in code (a provider's client would
 * take its place here, behind the same port).
 *
 * @example
 * ```ts
 * const messages = createLogMessages(ctx)
 * messages.sendCode('13800138000', '123456') // log: "sms code for 138****8000: 123456"
 * ```
 */
export function createLogMessages(ctx: Pick<GatewayContext, 'log'>): Messages {
  return {
    sendCode: (phone, code) => ctx.log(`sms code for ${maskPhone(phone)}: ${code}`),
    send: (message) =>
      ctx.log(
        `outbox #${message.id} ${message.channel} ${message.templateId} to ${message.recipient}: ${String(message.payload.title)}`,
      ),
  }
}
