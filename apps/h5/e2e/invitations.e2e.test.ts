import type { Booking, InvitationList, LoginResult } from '@xdance/contract'
import { TERMS_VERSION } from '@xdance/contract'
import { describe, expect, it } from 'vitest'
import { appStarted, DEMO_PHONE, screenshot, useHarness } from './support/harness'

// Issue 31 end to end: a friend opens the sharer's link, signs up in the app, attends a first class (the front desk
// scans their code), and the sharer's 邀请好友 shows the invitation rewarded, with a free class on their cards; an
// existing customer and the sharer themself, signing in from the same link, are listed as not eligible, with why.

const h = useHarness({ gateway: { limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 } } })
type Answer<T> = { code: number; data: T }
const auth = (session: LoginResult) => ({ authorization: `${session.head}${session.token}` })

async function loginWithSharer(phone: string, sharer: string): Promise<void> {
  // One code a minute per phone: the studio's clock moves past the last one.
  await h.api('/__dev/clock', { body: { advanceMs: 61_000 } })
  await h.api('/auth/sms', { body: { phone, consent: TERMS_VERSION } })
  const sms = await h.api<{ code: string }>(`/__dev/sms?phone=${phone}`)
  const answer = await h.api<Answer<unknown>>('/auth/login', { body: { phone, code: sms.code, sharer } })
  expect(answer.code).toBe(200)
}

describe.each(['zh', 'en'] as const)('invitations (%s)', (locale) => {
  const L = {
    zh: {
      phone: '手机号',
      consent: '我已阅读并同意用户协议和隐私政策',
      send: '获取验证码',
      code: '验证码',
      login: '登录',
      sent: '验证码已发送',
      rewarded: '已获奖励',
      existing: '已是门店学员',
      self: '不能邀请自己',
    },
    en: {
      phone: 'Phone number',
      consent: 'I have read and agree to the terms of service and the privacy policy',
      send: 'Get code',
      code: 'Code',
      login: 'Sign in',
      sent: 'Code sent',
      rewarded: 'Rewarded',
      existing: 'already a student here',
      self: 'you cannot invite yourself',
    },
  }[locale]

  it('from the share link to the reward; an existing customer and oneself not eligible', async () => {
    const sharer = await h.apiLogin(DEMO_PHONE)
    const friendPhone = locale === 'zh' ? '13300005001' : '13300005002'

    // The friend opens the sharer's link and signs up in the app.
    const { page } = await h.phone('android', { viewport: { width: 390, height: 844 } })
    if (locale === 'en') await page.context().addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
    await page.goto(h.url(`/?sharer=${sharer.userId}`))
    // The app keeps the link's sharer once it has started (its script runs after the server-rendered paint).
    await appStarted(page)
    await page.goto(h.url('/login'))
    await page.getByLabel(L.phone).fill(friendPhone)
    await page.getByRole('checkbox', { name: L.consent }).check()
    await page.getByRole('button', { name: L.send }).click()
    await page.getByTestId('toast').filter({ hasText: L.sent }).first().waitFor()
    // The code the emulated SMS provider got (the dev API answers a 40401 envelope until there is one).
    const sms = await h.api<{ code?: unknown }>(`/__dev/sms?phone=${friendPhone}`)
    expect(typeof sms.code).toBe('string')
    await page.getByLabel(L.code, { exact: true }).fill(String(sms.code))
    await page.getByRole('button', { name: L.login, exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login')

    // The friend attends a first class: a card, a class in ten minutes, the front desk scans the code. The friend's
    // session is the one the app keeps (its cookies).
    const cookies = await page.context().cookies()
    const cookie = (name: string) => decodeURIComponent(cookies.find((c) => c.name === name)?.value ?? '')
    const friend = { head: cookie('xdance-head'), token: cookie('xdance-token') } as LoginResult
    expect(friend.token).not.toBe('')
    await h.api('/__dev/cards', { body: { phone: friendPhone, credits: 2 } })
    const klass = await h.api<{ id: number }>('/__dev/classes', { body: { startsInMinutes: 10 } })
    const booked = await h.api<Answer<Booking>>('/bookings', {
      body: { classId: klass.id },
      headers: auth(friend),
    })
    const code = await h.api<Answer<{ payload: string }>>(`/bookings/${booked.data.id}/check-in`, {
      headers: auth(friend),
    })
    await h.api('/__dev/front-desk/check-in', { body: { payload: code.data.payload } })

    // An existing customer and the sharer themself sign in from the same link.
    const existing = locale === 'zh' ? '13300005003' : '13300005004'
    await h.api('/__dev/cards', { body: { phone: existing } })
    await loginWithSharer(existing, sharer.userId)
    await loginWithSharer(DEMO_PHONE, sharer.userId)

    const listed = await h.api<Answer<InvitationList>>('/me/invitations', { headers: auth(sharer) })
    expect(listed.data.list.map((i) => [i.phone.slice(-4), i.status, i.reason])).toEqual([
      ['8000', 'not-eligible', 'self'],
      [existing.slice(-4), 'not-eligible', 'existing-customer'],
      [friendPhone.slice(-4), 'rewarded', null],
    ])

    // The sharer's 邀请好友 says so.
    const mine = await h.phone('iphone', { viewport: { width: 390, height: 844 } })
    await mine.context.addCookies([
      { name: 'xdance-head', value: encodeURIComponent(sharer.head), url: h.url('/') },
      { name: 'xdance-token', value: sharer.token, url: h.url('/') },
    ])
    if (locale === 'en') await mine.context.addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
    await mine.page.goto(h.url('/me/invitations'))
    const rows = mine.page.getByTestId('invitation')
    await expect.poll(() => rows.count()).toBe(3)
    const texts = await rows.allTextContents()
    expect(texts[2]).toContain(L.rewarded)
    expect(texts[2]).toContain(`133****${friendPhone.slice(-4)}`)
    expect(texts[1]).toContain(L.existing)
    expect(texts[0]).toContain(L.self)
    await screenshot(mine.page, `issue-31-invited-friends-${locale}`)
  })
})
