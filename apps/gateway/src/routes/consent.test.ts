import { TERMS_VERSION } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Issue 21: no code is sent before the customer consents to the terms and privacy policy; the consent is recorded
// with the version they saw.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const PHONE = '13912345670'

const consents = async () =>
  (await fetch(`${gw.apiUrl}/__dev/consents?phone=${PHONE}`)).json() as Promise<
    { version: string; givenAt: number }[]
  >

describe('POST /auth/sms needs consent', () => {
  test.each([
    ['no consent', { phone: PHONE }],
    ['an old version', { phone: PHONE, consent: '2020-01-01' }],
    ['an empty one', { phone: PHONE, consent: '' }],
  ])(
    '%s is refused with 40003 CONSENT_REQUIRED, and no code is sent or consent recorded',
    async (_, body) => {
      gw = await startTestGateway()
      const res = await gw.call('POST', '/auth/sms', { body })
      expect(res.body).toMatchObject({
        code: 40003,
        msg: '请先阅读并同意用户协议和隐私政策',
        data: { field: 'consent' },
      })
      expect(gw.emulators?.messages.sentCodes()).toEqual([])
      expect((await (await fetch(`${gw.apiUrl}/__dev/sms?phone=${PHONE}`)).json()).code).toBe(40401)
      expect(await consents()).toEqual([])
    },
  )

  test('with the current version a code is sent and the consent recorded with its version and time', async () => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    expect(res.body.code).toBe(200)
    expect(await consents()).toEqual([{ version: TERMS_VERSION, givenAt: gw.clock.now().getTime() }])
  })

  test('a refused resend records no second consent', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    const again = await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    expect(again.body.code).toBe(42901)
    expect(await consents()).toHaveLength(1)
  })
})
