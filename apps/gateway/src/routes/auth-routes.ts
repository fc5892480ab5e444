import { login, logout, requireCustomer, sendSmsCode } from '../auth-service'
import { getMe } from '../booking-service'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { readJsonObject } from '../read-json'
import { readPhone, readSmsCode } from '../validation'
import type { Api } from './gateway-env'

/** Sign-in with a one-time code, sign-out, and the signed-in customer. */
export function mountAuthRoutes(api: Api, ctx: GatewayContext): void {
  api.post('/auth/sms', (c) => {
    const body = readJsonObject(c)
    return c.json(ok(sendSmsCode(ctx, readPhone(body.phone))))
  })

  api.post('/auth/login', (c) => {
    const body = readJsonObject(c)
    const phone = readPhone(body.phone)
    const code = readSmsCode(body.code)
    return c.json(ok(login(ctx, phone, code)))
  })

  api.post('/auth/logout', (c) => {
    logout(ctx, c.req.header('authorization'))
    return c.json(ok(null))
  })

  api.get('/me', (c) => c.json(ok(getMe(ctx, requireCustomer(ctx, c.req.header('authorization'))))))
}
