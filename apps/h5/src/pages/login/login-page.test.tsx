// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { ERROR_CODE, TERMS_VERSION } from '@xdance/contract'
import { GatewayError } from '@xdance/http'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { type Answers, testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

const refusal = (code: number, retryAfter?: number) => () => {
  throw new GatewayError('refused', {
    code,
    msg: 'refused',
    tips: '',
    data: retryAfter === undefined ? null : { retryAfter },
    unauthorized: false,
  })
}

function open(answers: Answers) {
  browser = installFakeBrowser({})
  const services = testServices({ answers })
  return { services, ...renderApp('/login', services) }
}

async function fillAndSend({ consent = true } = {}) {
  fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } })
  if (consent) fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意用户协议和隐私政策' }))
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
}

describe('the sign-in page asks for consent before the first code', () => {
  it('sends no code until the terms and privacy policy are agreed to, then sends their version', async () => {
    const { services } = open({ 'POST /auth/sms': { phone: '138****8000', expiresIn: 300, resendIn: 60 } })
    await fillAndSend({ consent: false })
    expect((await screen.findByRole('alert')).textContent).toBe('请先阅读并勾选同意用户协议和隐私政策')
    expect(services.client.calls.filter((call) => call.startsWith('POST /auth/sms'))).toEqual([])
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意用户协议和隐私政策' }))
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await waitFor(() =>
      expect(services.client.calls.filter((call) => call.startsWith('POST /auth/sms'))).toEqual([
        `POST /auth/sms ${JSON.stringify({ phone: '13800138000', consent: TERMS_VERSION })}`,
      ]),
    )
  })

  it('links both documents', async () => {
    open({})
    expect((await screen.findByRole('link', { name: '用户协议' })).getAttribute('href')).toBe('/legal/terms')
    expect(screen.getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe('/legal/privacy')
  })
})

describe('the sign-in page waits as long as the gateway says', () => {
  it('counts down from resendIn after a code went out', async () => {
    open({ 'POST /auth/sms': { phone: '138****8000', expiresIn: 300, resendIn: 60 } })
    await fillAndSend()
    const button = await screen.findByRole('button', { name: '60 秒后重发' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
  })

  it('counts down from retryAfter when the gateway refused to send (too many codes)', async () => {
    open({ 'POST /auth/sms': refusal(ERROR_CODE.SMS_TOO_FREQUENT, 42) })
    await fillAndSend()
    const button = await screen.findByRole('button', { name: '42 秒后重发' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
  })

  it('locks the sign-in button for retryAfter after too many wrong codes, the send button stays', async () => {
    open({ 'POST /auth/login': refusal(ERROR_CODE.LOGIN_LOCKED, 1800) })
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } })
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    const button = await screen.findByRole('button', { name: '1800 秒后可再试' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('a refusal without retryAfter starts no count', async () => {
    open({ 'POST /auth/sms': refusal(ERROR_CODE.SMS_TOO_FREQUENT) })
    await fillAndSend()
    await screen.findByRole('button', { name: '获取验证码' })
    expect(screen.queryByRole('button', { name: /秒后重发/ })).toBeNull()
  })
})
