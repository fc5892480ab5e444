// @vitest-environment happy-dom

import { cleanup, fireEvent, screen } from '@testing-library/react'
import { ERROR_CODE } from '@xdance/contract'
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

async function fillAndSend() {
  fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } })
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
}

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
