import { TERMS_VERSION } from '@xdance/contract'
import { describe, expect, it } from 'vitest'
import { DEMO_PHONE, dwell, useHarness } from './support/harness'

// Issue 21: sign-in asks for consent to 用户协议 and 隐私政策 before the first code; both documents are reachable, and
// the gateway records the consent with its version.

const h = useHarness()

describe('signing in with consent', () => {
  it('reads both documents, is held back without consent, and signs in once it is given', async () => {
    const { page } = await h.phone('iphone')
    await page.goto(h.url('/login'))
    await page.getByRole('heading', { name: '手机号登录', level: 1 }).waitFor()
    await dwell(page)

    // Both documents open from the sign-in page, and Back returns to it.
    await page.getByRole('link', { name: '用户协议' }).click()
    await page.waitForURL(h.url('/legal/terms'))
    await page.getByRole('heading', { name: '用户协议', level: 1 }).waitFor()
    await page.goBack()
    await page.getByRole('link', { name: '隐私政策' }).click()
    await page.waitForURL(h.url('/legal/privacy'))
    await page.getByRole('heading', { name: '隐私政策', level: 1 }).waitFor()
    await page.goBack()
    await page.waitForURL(h.url('/login'))

    await page.getByLabel('手机号').fill(DEMO_PHONE)
    await page.getByRole('button', { name: '获取验证码' }).click()
    expect(await page.getByRole('alert').textContent()).toBe('请先阅读并勾选同意用户协议和隐私政策')
    expect(await h.api<{ code?: number }>(`/__dev/sms?phone=${DEMO_PHONE}`)).toMatchObject({ code: 40401 })
    expect(await h.api(`/__dev/consents?phone=${DEMO_PHONE}`)).toEqual([])

    await page.getByRole('checkbox', { name: '我已阅读并同意用户协议和隐私政策' }).check()
    await page.getByRole('button', { name: '获取验证码' }).click()
    await expect
      .poll(() => h.api<{ version: string }[]>(`/__dev/consents?phone=${DEMO_PHONE}`))
      .toEqual([expect.objectContaining({ version: TERMS_VERSION })])
    const sms = await h.api<{ code: string }>(`/__dev/sms?phone=${DEMO_PHONE}`)
    await page.getByLabel('验证码').fill(sms.code)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL(h.url('/'))
    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: '我的', exact: true })
      .click()
    await page.waitForURL(h.url('/me'))

    // The name is the customer's to change.
    await page.getByRole('heading', { level: 1, name: '你好，小舞' }).waitFor()
    await page.getByLabel('昵称').fill('  跳舞的小林 ')
    await page.getByRole('button', { name: '保存昵称' }).click()
    await page.getByRole('heading', { level: 1, name: '你好，跳舞的小林' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { level: 1, name: '你好，跳舞的小林' }).waitFor()
    expect(await page.getByLabel('昵称').inputValue()).toBe('跳舞的小林')
  })

  it('never carries WeChat’s code and state into the sign-in redirect', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/bookings?tab=past&code=C0DE&state=S7ATE'))
    await page.waitForURL(/\/login\?/)
    await page.getByRole('heading', { name: '手机号登录', level: 1 }).waitFor()
    expect(new URL(page.url()).search).toBe(`?redirect=${encodeURIComponent('/bookings?tab=past')}`)
  })

  it('a code asked for without consent is refused by the gateway with CONSENT_REQUIRED', async () => {
    const answer = await h.api<{ code: number }>('/auth/sms', { body: { phone: DEMO_PHONE } })
    expect(answer.code).toBe(40003)
  })
})
