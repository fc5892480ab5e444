import type { Booking, InvitationList, LoginResult, MembershipCard } from '@xdance/contract'
import { TERMS_VERSION } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { DEMO_CUSTOMER, DEMO_PHONE } from '../db/demo-data'
import { devPost } from '../testing/shop-helpers'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'
import { demoAuthorize } from '../testing/wechat-helpers'

// Issue 31: a share link's sharer is rewarded once the friend it brought (a new phone) attends a first class within
// 14 days; never for oneself, an existing customer or a second account of the same WeChat; once per invited phone.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const SHARER = String(DEMO_CUSTOMER.id)
const auth = (session: LoginResult) => `${session.head}${session.token}`

/** A browser with its cookies (the WeChat proof lives in one). */
function browser() {
  const jar = new Map<string, string>()
  const call = async <T>(path: string, body: unknown) => {
    const res = await fetch(`${gw.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value) jar.set(name, value)
    }
    return (await res.json()) as { code: number; data: T }
  }
  return { jar, call }
}

async function signUp(phone: string, sharer: string, b = browser()): Promise<LoginResult> {
  gw.clock.advance(61_000)
  await gw.call('POST', '/auth/sms', { body: { phone, consent: TERMS_VERSION } })
  const answer = await b.call<LoginResult>('/auth/login', { phone, code: gw.lastCode(phone), sharer })
  expect(answer.code).toBe(200)
  return answer.data
}

/** The invitee books a class starting in 10 minutes and the front desk checks them in. */
async function attend(session: LoginResult, phone: string): Promise<void> {
  await devPost(gw, '/cards', { phone, credits: 3 })
  const klass = await devPost<{ id: number }>(gw, '/classes', { startsInMinutes: 10 })
  const booked = await gw.call<Booking>('POST', '/bookings', {
    auth: auth(session),
    body: { classId: klass.id },
  })
  const code = await gw.call<{ payload: string }>('GET', `/bookings/${booked.body.data.id}/check-in`, {
    auth: auth(session),
  })
  await devPost(gw, '/front-desk/check-in', { payload: code.body.data.payload })
}

const invitations = async (sharerAuth: string) =>
  (await gw.call<InvitationList>('GET', '/me/invitations', { auth: sharerAuth })).body.data

const rewardCards = async (sharerAuth: string) =>
  (await gw.call<{ list: MembershipCard[] }>('GET', '/cards', { auth: sharerAuth })).body.data.list.filter(
    (card) => card.name.startsWith('邀请奖励'),
  )

describe('invitations', () => {
  test('a new phone from the link is pending, then rewards the sharer once on its first class, never twice', async () => {
    gw = await startTestGateway()
    const sharer = await gw.signIn(DEMO_PHONE)
    const friend = await signUp('13600007001', SHARER)
    expect((await invitations(sharer)).list).toMatchObject([
      { phone: '136****7001', status: 'pending', reason: null },
    ])
    await attend(friend, '13600007001')
    const after = await invitations(sharer)
    expect(after.list).toMatchObject([{ status: 'rewarded' }])
    expect(after.list[0]?.rewardedAt).not.toBeNull()
    expect(await rewardCards(sharer)).toMatchObject([{ creditsLeft: 1, creditsTotal: 1 }])
    // A second class: no second reward.
    await attend(friend, '13600007001')
    expect(await rewardCards(sharer)).toHaveLength(1)
    const notices = await gw.call<{ list: { kind: string }[] }>('GET', '/notices', { auth: sharer })
    expect(notices.body.data.list.filter((n) => n.kind === 'invitation-rewarded')).toHaveLength(1)
  })

  test('an existing customer and oneself are not eligible, with why; the studio’s setting off rewards nobody', async () => {
    gw = await startTestGateway()
    const sharer = await gw.signIn(DEMO_PHONE)
    await gw.signIn('13600007002')
    await signUp('13600007002', SHARER)
    await signUp(DEMO_PHONE, SHARER)
    expect((await invitations(sharer)).list.map((i) => [i.phone, i.status, i.reason])).toEqual([
      ['138****8000', 'not-eligible', 'self'],
      ['136****7002', 'not-eligible', 'existing-customer'],
    ])
    await devPost(gw, '/studio/invitations', { inviteReward: false })
    const friend = await signUp('13600007003', SHARER)
    await attend(friend, '13600007003')
    const off = await invitations(sharer)
    expect(off.rewardOn).toBe(false)
    expect(off.list[0]).toMatchObject({ phone: '136****7003', status: 'pending' })
    expect(await rewardCards(sharer)).toEqual([])
  })

  test('a second account of the same WeChat is not eligible', async () => {
    gw = await startTestGateway()
    const sharer = await gw.signIn(DEMO_PHONE)
    // The sharer's WeChat proved in this browser and bound to the sharer's account…
    const b = browser()
    const first = await demoAuthorize(gw)
    await b.call('/wechat/oauth', { code: first.code })
    await signUp('13600007004', '', b)
    // …then the same WeChat signs up a new phone from the sharer's link.
    const again = await demoAuthorize(gw, { cookie: first.cookie })
    await b.call('/wechat/oauth', { code: again.code })
    await signUp('13600007005', SHARER, b)
    expect((await invitations(sharer)).list).toMatchObject([
      { phone: '136****7005', status: 'not-eligible', reason: 'same-wechat' },
    ])
  })

  test('no first class within 14 days of signing up: the invitation lapses', async () => {
    gw = await startTestGateway()
    const friend = await signUp('13600007006', SHARER)
    gw.clock.advance(15 * 24 * 60 * 60_000)
    const sharer = await gw.signIn(DEMO_PHONE)
    expect((await invitations(sharer)).list).toMatchObject([{ status: 'not-eligible', reason: 'expired' }])
    const again = await signUp('13600007006', '')
    await attend(again, '13600007006')
    expect(await rewardCards(sharer)).toEqual([])
    expect(friend.userId).toBe(again.userId)
  })
})
