import { afterEach, describe, expect, test } from 'vitest'
import { DEMO_PHONE } from '../db/demo-data'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Issue 21: the customer's name is theirs to change.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

describe('POST /me/profile', () => {
  test('changes the nickname, trimmed, and GET /me answers it from then on', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const res = await gw.call<{ nickname: string }>('POST', '/me/profile', {
      auth,
      body: { nickname: '  跳舞的小林 ' },
    })
    expect(res.body).toMatchObject({ code: 200, data: { nickname: '跳舞的小林' } })
    expect((await gw.call<{ nickname: string }>('GET', '/me', { auth })).body.data.nickname).toBe(
      '跳舞的小林',
    )
  })

  test.each([[''], ['   '], ['一'.repeat(21)], [42]])('refuses %j with 40001', async (nickname) => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const res = await gw.call('POST', '/me/profile', { auth, body: { nickname } })
    expect(res.body.code).toBe(40001)
    expect((await gw.call<{ nickname: string }>('GET', '/me', { auth })).body.data.nickname).toBe('小舞')
  })

  test('needs a sign-in', async () => {
    gw = await startTestGateway()
    expect((await gw.call('POST', '/me/profile', { body: { nickname: 'x' } })).body.code).toBe(401)
  })
})
