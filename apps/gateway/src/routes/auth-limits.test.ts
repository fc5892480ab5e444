import { TERMS_VERSION } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import type { GatewayLimits } from '../limits/gateway-limits'
import { type CallResult, startTestGateway, type TestGateway } from '../testing/test-gateway'

const PHONE = '13912345678'
let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const phoneNo = (i: number) => `137${String(i).padStart(8, '0')}`

/** A gateway behind a trusted proxy, so that a test can speak from many addresses through X-Forwarded-For. */
const behindProxy = (limits: Partial<GatewayLimits> = {}) => startTestGateway({ trustProxy: true, limits })

const send = (phone: string, from?: string) =>
  gw.call<{ retryAfter?: number }>('POST', '/auth/sms', {
    body: { phone, consent: TERMS_VERSION },
    ...(from ? { headers: { 'x-forwarded-for': from } } : {}),
  })

const tryCode = (phone: string, code: string, from?: string) =>
  gw.call<{ retryAfter?: number }>('POST', '/auth/login', {
    body: { phone, code },
    ...(from ? { headers: { 'x-forwarded-for': from } } : {}),
  })

async function devCode(phone: string): Promise<string> {
  return ((await (await fetch(`${gw.apiUrl}/__dev/sms?phone=${phone}`)).json()) as { code: string }).code
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')

const codes = (results: Array<CallResult<unknown>>) => results.map((r) => r.body.code)

describe('guessing codes', () => {
  test('nobody who knows a phone number can lock its owner out: wrong guesses burn the code, never the phone', async () => {
    gw = await behindProxy()
    const owner = '198.51.100.1'
    let longestWait = 0
    // Twelve minutes of an attacker at work from changing addresses: a code every minute, five wrong guesses each
    // (60 wrong guesses: six times what the per-phone count of earlier versions allowed in an hour).
    for (let round = 0; round < 12; round++) {
      const attacker = `203.0.113.${round % 200}`
      expect((await send(PHONE, attacker)).body.code).toBe(200)
      const wrong = wrongFor(await devCode(PHONE))
      const answers = []
      for (let i = 0; i < 5; i++) answers.push((await tryCode(PHONE, wrong, attacker)).body.code)
      // The fifth wrong guess burns the code.
      expect(answers).toEqual([40101, 40101, 40101, 40101, 40102])
      // The owner, meanwhile, is at most a minute from a new code.
      const asked = await send(PHONE, owner)
      if (asked.body.code !== 200) {
        expect(asked.body.code).toBe(42901)
        longestWait = Math.max(longestWait, asked.body.data.retryAfter ?? 0)
      }
      gw.clock.advance(60_000)
    }
    expect(longestWait).toBeLessThanOrEqual(60)
    // Then the owner asks for a code and signs in with it: the phone is not locked.
    expect((await send(PHONE, owner)).body.code).toBe(200)
    expect((await tryCode(PHONE, await devCode(PHONE), owner)).body.code).toBe(200)
  }, 30_000)

  test('tries left name the smaller of the code’s and the address’s', async () => {
    gw = await startTestGateway({ limits: { loginFailuresPerAddressPerHour: 3 } })
    await send(PHONE)
    const wrong = wrongFor(await devCode(PHONE))
    expect((await tryCode(PHONE, wrong)).body.tips).toBe('验证码错误，还可尝试 2 次')
  })

  test('wrong codes count per client address, whatever the phone', async () => {
    gw = await behindProxy({ loginFailuresPerAddressPerHour: 3 })
    for (let i = 0; i < 3; i++) {
      await send(phoneNo(i), '203.0.113.7')
      await tryCode(phoneNo(i), wrongFor(await devCode(phoneNo(i))), '203.0.113.7')
    }
    await send(PHONE, '203.0.113.7')
    const code = await devCode(PHONE)
    expect((await tryCode(PHONE, code, '203.0.113.7')).body.code).toBe(42902)
    // The same phone from another address is not held back by that address.
    expect((await tryCode(PHONE, code, '198.51.100.1')).body.code).toBe(200)
  })

  test('50 wrong codes at once from one address count exactly that address’s allowance, and lock only it', async () => {
    gw = await behindProxy({ loginFailuresPerAddressPerHour: 3 })
    await send(PHONE, '203.0.113.9')
    const code = await devCode(PHONE)
    const results = await Promise.all(
      Array.from({ length: 50 }, () => tryCode(PHONE, wrongFor(code), '203.0.113.9')),
    )
    const answers = codes(results)
    expect(answers.filter((c) => c === 40101)).toHaveLength(2)
    expect(answers.filter((c) => c === 42902)).toHaveLength(48)
    // Only three tries ever reached the code, so it is not burnt: its owner, elsewhere, signs in with it.
    const sms = (await (await fetch(`${gw.apiUrl}/__dev/sms?phone=${PHONE}`)).json()) as { attempts: number }
    expect(sms.attempts).toBe(3)
    expect((await tryCode(PHONE, code, '203.0.113.9')).body.code).toBe(42902)
    expect((await tryCode(PHONE, code, '198.51.100.1')).body.code).toBe(200)
  })
})

describe('sending codes', () => {
  test('one address may ask 10 codes a minute (to any phones); the 11th is told when to retry', async () => {
    gw = await startTestGateway()
    for (let i = 0; i < 10; i++) expect((await send(phoneNo(i))).body.code).toBe(200)
    gw.clock.advance(15_000)
    const refused = await send(phoneNo(10))
    expect(refused.body).toMatchObject({
      code: 42901,
      tips: '请 45 秒后再试',
      data: { retryAfter: 45 },
    })
    gw.clock.advance(45_000)
    expect((await send(phoneNo(10))).body.code).toBe(200)
  })

  test('one address may ask a limited number of codes a day', async () => {
    gw = await startTestGateway({ limits: { smsPerAddressPerDay: 3 } })
    for (let i = 0; i < 3; i++) {
      expect((await send(phoneNo(i))).body.code).toBe(200)
      gw.clock.advance(60 * 60_000)
    }
    const refused = await send(phoneNo(3))
    expect(refused.body.code).toBe(42901)
    expect(refused.body.data.retryAfter).toBe(21 * 3600)
  })

  test('one phone can always get a new code a minute after the last: no daily count an attacker could use up', async () => {
    gw = await behindProxy()
    for (let i = 0; i < 30; i++) {
      expect((await send(PHONE, `203.0.113.${i}`)).body.code).toBe(200)
      const early = await send(PHONE, '198.51.100.1')
      expect(early.body).toMatchObject({ code: 42901, data: { retryAfter: 60 } })
      gw.clock.advance(60_000)
    }
    expect((await send(PHONE, '198.51.100.1')).body.code).toBe(200)
  })

  test('the whole gateway sends at most a set number a minute, from any addresses', async () => {
    gw = await behindProxy({ smsPerMinute: 5 })
    for (let i = 0; i < 5; i++) expect((await send(phoneNo(i), `198.51.100.${i}`)).body.code).toBe(200)
    expect((await send(phoneNo(5), '198.51.100.99')).body).toMatchObject({
      code: 42901,
      data: { retryAfter: 60 },
    })
  })

  test('50 codes asked at once from one address: exactly the limit are sent, the rest told when to retry', async () => {
    gw = await startTestGateway()
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(phoneNo(i))))
    expect(codes(results).filter((c) => c === 200)).toHaveLength(10)
    const refused = results.filter((r) => r.body.code === 42901)
    expect(refused).toHaveLength(40)
    for (const r of refused) expect(r.body.data.retryAfter).toBe(60)
    expect(gw.emulators?.messages.sentCodes()).toHaveLength(10)
  })

  test('X-Forwarded-For is ignored unless the gateway is told it is behind a trusted proxy', async () => {
    gw = await startTestGateway({ limits: { smsPerAddressPerMinute: 2 } })
    expect((await send(phoneNo(0), '198.51.100.1')).body.code).toBe(200)
    expect((await send(phoneNo(1), '198.51.100.2')).body.code).toBe(200)
    expect((await send(phoneNo(2), '198.51.100.3')).body.code).toBe(42901)
  })

  test('behind a trusted proxy the last X-Forwarded-For address is the client (earlier ones are the client’s say)', async () => {
    gw = await behindProxy({ smsPerAddressPerMinute: 1 })
    expect((await send(phoneNo(0), '1.1.1.1, 203.0.113.5')).body.code).toBe(200)
    expect((await send(phoneNo(1), '2.2.2.2, 203.0.113.5')).body.code).toBe(42901)
    expect((await send(phoneNo(2), '203.0.113.6')).body.code).toBe(200)
  })

  test('the dev reset clears the counters, so each e2e test starts afresh', async () => {
    gw = await startTestGateway({ limits: { smsPerAddressPerMinute: 1 } })
    expect((await send(phoneNo(0))).body.code).toBe(200)
    expect((await send(phoneNo(1))).body.code).toBe(42901)
    await fetch(`${gw.apiUrl}/__dev/reset`, { method: 'POST' })
    expect((await send(phoneNo(1))).body.code).toBe(200)
  })
})
