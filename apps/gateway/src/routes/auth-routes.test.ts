import { TERMS_VERSION } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

const PHONE = '13912345678'
const DEMO_PHONE = '13800138000'
let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

async function devCode(phone: string): Promise<string> {
  const res = await fetch(`${gw.apiUrl}/__dev/sms?phone=${phone}`)
  return ((await res.json()) as { code: string }).code
}

describe('sign-in', () => {
  test('a code sent to a phone signs in and answers head, token, userId, openId and orgId', async () => {
    gw = await startTestGateway()
    const sent = await gw.call('POST', '/auth/sms', { body: { phone: DEMO_PHONE, consent: TERMS_VERSION } })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({
      code: 200,
      data: { phone: '138****8000', expiresIn: 300, resendIn: 60 },
      msg: 'ok',
      tips: '',
    })
    const code = await devCode(DEMO_PHONE)
    expect(code).toMatch(/^\d{6}$/)
    const login = await gw.call<Record<string, string>>('POST', '/auth/login', {
      body: { phone: DEMO_PHONE, code },
    })
    expect(login.body.code).toBe(200)
    expect(login.body.data).toMatchObject({
      head: 'Bearer ',
      userId: '20001',
      openId: 'o_demo_xdance_0001',
      orgId: '10001',
    })
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const me = await gw.call('GET', '/me', { auth: `${login.body.data.head}${login.body.data.token}` })
    expect(me.body.data).toMatchObject({ userId: '20001', phone: '138****8000', nickname: '小舞' })
  })

  test('the Authorization header may also carry the bare token (an empty head)', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const me = await gw.call('GET', '/me', { auth: auth.replace('Bearer ', '') })
    expect(me.body.code).toBe(200)
  })

  test('a phone never seen before becomes a new customer with no cards', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(PHONE)
    const me = await gw.call<{ userId: string; activeCards: number; orgId: string }>('GET', '/me', { auth })
    expect(me.body.data.userId).not.toBe('20001')
    expect(me.body.data.activeCards).toBe(0)
    expect(me.body.data.orgId).toBe('10001')
  })

  test('each sign-in issues a different token', async () => {
    gw = await startTestGateway()
    const first = await gw.signIn(PHONE)
    gw.clock.advance(61_000)
    const second = await gw.signIn(PHONE)
    expect(first).not.toBe(second)
    expect((await gw.call('GET', '/me', { auth: first })).body.code).toBe(200)
  })

  test('in demo mode the code goes through the messages port to the emulated SMS provider, which the dev API reads', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    const [sent, ...more] = gw.emulators?.messages.sentCodes() ?? []
    expect(more).toEqual([])
    expect(sent).toEqual({
      phone: PHONE,
      code: expect.stringMatching(/^\d{6}$/),
      sentAt: gw.clock.now().getTime(),
    })
    expect(await devCode(PHONE)).toBe(sent?.code)
    expect(gw.logs).toContain(`sms provider (emulated) accepted sign-in code ${sent?.code} for 139****5678`)
    // The gateway itself writes no code of its own to the log: the provider (here the emulated one) has it.
    expect(gw.logs.filter((line) => line.startsWith('sms code for'))).toEqual([])
  })

  test('an SMS provider that refuses the code fails the call, and no code is there to read', async () => {
    gw = await startTestGateway({
      withParties: (parties) => ({
        ...parties,
        messages: {
          ...parties.messages,
          sendCode: () => {
            throw new Error('SMS provider down')
          },
        },
      }),
    })
    const sent = await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    expect(sent.body).toMatchObject({ code: 50001 })
    expect(gw.logs.join('\n')).toContain('SMS provider down')
    expect((await (await fetch(`${gw.apiUrl}/__dev/sms?phone=${PHONE}`)).json()).code).toBe(40401)
  })

  test('without demo mode the code is still written to the log, the only way to read it', async () => {
    gw = await startTestGateway({ demo: false })
    const auth = await gw.signIn(PHONE)
    expect(gw.logs.some((line) => /sms code for 139\*\*\*\*5678: \d{6}$/.test(line))).toBe(true)
    const me = await gw.call<{ orgId: string }>('GET', '/me', { auth })
    expect(me.body.code).toBe(200)
    expect(me.body.data.orgId).toBe('')
  })
})

describe('one-time code refusals', () => {
  test('a second code within 60 s is refused with 42901 and the seconds to wait', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    gw.clock.advance(20_000)
    const again = await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    expect(again.body).toMatchObject({
      code: 42901,
      msg: '验证码发送太频繁，请稍后再试',
      tips: '请 40 秒后再试',
    })
    expect(again.body.data).toEqual({ retryAfter: 40 })
    gw.clock.advance(40_000)
    expect(
      (await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })).body.code,
    ).toBe(200)
  })

  test('the rate limit is per phone', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    expect(
      (await gw.call('POST', '/auth/sms', { body: { phone: DEMO_PHONE, consent: TERMS_VERSION } })).body.code,
    ).toBe(200)
  })

  test('a wrong code is refused with 40101 and says how many tries are left', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    const code = await devCode(PHONE)
    const wrong = code === '000000' ? '111111' : '000000'
    const res = await gw.call('POST', '/auth/login', { body: { phone: PHONE, code: wrong } })
    expect(res.body).toMatchObject({
      code: 40101,
      msg: '验证码错误或已过期',
      tips: '验证码错误，还可尝试 4 次',
    })
  })

  test('the fifth wrong code burns the code: even the right one is then refused with 40102', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    const code = await devCode(PHONE)
    const wrong = code === '000000' ? '111111' : '000000'
    const codes: Array<number | string> = []
    for (let i = 0; i < 5; i++) {
      codes.push((await gw.call('POST', '/auth/login', { body: { phone: PHONE, code: wrong } })).body.code)
    }
    expect(codes).toEqual([40101, 40101, 40101, 40101, 40102])
    const right = await gw.call('POST', '/auth/login', { body: { phone: PHONE, code } })
    expect(right.body).toMatchObject({ code: 40102, msg: '验证码错误次数过多，请重新获取' })
  })

  test('a code older than 5 minutes is refused with 40101', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    const code = await devCode(PHONE)
    gw.clock.advance(5 * 60_000 + 1)
    expect((await gw.call('POST', '/auth/login', { body: { phone: PHONE, code } })).body.code).toBe(40101)
  })

  test('a code works once', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    const code = await devCode(PHONE)
    expect((await gw.call('POST', '/auth/login', { body: { phone: PHONE, code } })).body.code).toBe(200)
    expect((await gw.call('POST', '/auth/login', { body: { phone: PHONE, code } })).body.code).toBe(40101)
  })

  test('signing in without having asked for a code is refused with 40101', async () => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/auth/login', { body: { phone: PHONE, code: '123456' } })
    expect(res.body.code).toBe(40101)
  })

  test.each([
    [{ phone: '12345' }, 'phone'],
    [{ phone: 13912345678 }, 'phone'],
    [{}, 'phone'],
  ])('POST /auth/sms with %j is refused with 40001 naming %s', async (body, field) => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/auth/sms', { body })
    expect(res.body).toMatchObject({ code: 40001, msg: '手机号格式不正确', data: { field } })
  })

  test.each([
    [{ phone: PHONE, code: 123456 }, 'code'],
    [{ phone: PHONE, code: '12345' }, 'code'],
    [{ phone: 'x', code: '123456' }, 'phone'],
  ])('POST /auth/login with %j is refused with 40001 naming %s', async (body, field) => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/auth/login', { body })
    expect(res.body).toMatchObject({ code: 40001, data: { field } })
  })
})

describe('tokens', () => {
  test.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['an unknown token', `Bearer ${'a'.repeat(43)}`],
    ['a malformed token', 'Bearer not-a-token'],
    ['only the head', 'Bearer '],
  ])('GET /me with %s answers code 401', async (_name, auth) => {
    gw = await startTestGateway()
    const res = await gw.call('GET', '/me', auth === undefined ? {} : { auth })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 401,
      data: null,
      msg: '登录已失效，请重新登录',
      tips: '请使用手机号验证码登录',
    })
  })

  test('a token expires after 7 days', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(PHONE)
    gw.clock.advance(7 * 24 * 60 * 60_000 - 1000)
    expect((await gw.call('GET', '/me', { auth })).body.code).toBe(200)
    gw.clock.advance(1000)
    expect((await gw.call('GET', '/me', { auth })).body.code).toBe(401)
  })

  test('sign-out revokes the token; signing out again answers 401', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(PHONE)
    expect((await gw.call('POST', '/auth/logout', { auth })).body).toEqual({
      code: 200,
      data: null,
      msg: 'ok',
      tips: '',
    })
    expect((await gw.call('GET', '/me', { auth })).body.code).toBe(401)
    expect((await gw.call('POST', '/auth/logout', { auth })).body.code).toBe(401)
  })

  test('sign-out revokes only that token', async () => {
    gw = await startTestGateway()
    const first = await gw.signIn(PHONE)
    gw.clock.advance(61_000)
    const second = await gw.signIn(PHONE)
    await gw.call('POST', '/auth/logout', { auth: first })
    expect((await gw.call('GET', '/me', { auth: second })).body.code).toBe(200)
  })
})
