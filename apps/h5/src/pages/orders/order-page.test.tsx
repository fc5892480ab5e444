// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { Order } from '@xdance/contract'
import { GatewayError, GatewayTransportError } from '@xdance/http/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { membershipCard, order } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

const SIGNED_IN = { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' }

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function open(item: Order, path = '/orders/5', reload?: (call: number, current: Order) => Order) {
  browser = installFakeBrowser(SIGNED_IN)
  let current = item
  let loads = 0
  const services = testServices({
    answers: {
      'GET /orders/5': () => {
        loads += 1
        if (reload) current = reload(loads, current)
        return current
      },
      'POST /orders/5/cancel': () => {
        current = { ...current, status: 'cancelled', cancelledAt: new Date().toISOString() }
        return current
      },
      'GET /me': { unreadNotices: 0 },
      'GET /cards': { list: [membershipCard({ id: 9, name: '10 次卡', creditsLeft: 10 })] },
      'POST /orders/5/wechat-pay/native': { codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123' },
    },
  })
  return { services, ...renderApp(path, services) }
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

describe('an order', () => {
  it('pending: shows the amount, the time left, the front-desk code, and cancels', async () => {
    const { services } = open(order({ expiresAt: inMinutes(10) }))
    expect((await screen.findByTestId('order-status')).textContent).toBe('待支付')
    expect(screen.getByText('¥880')).toBeTruthy()
    expect(screen.getByTestId('order-no').textContent).toBe('XD20250601-000005')
    // The deadline as a studio clock time, and the time left.
    expect(screen.getByTestId('order-countdown').textContent).toMatch(
      /^请在 \d\d:\d\d 前完成支付，剩余 (10:00|9:\d\d)$/,
    )
    expect(screen.getByTestId('pay-code').textContent).toBe('K7M2QX')
    // On a desktop browser: WeChat Pay by QR code, beside the front-desk code.
    expect(screen.queryByRole('button', { name: '微信支付' })).toBeNull()
    expect(screen.getByRole('button', { name: '微信扫码支付' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '取消订单' }))
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('已取消'))
    expect(services.client.calls).toContain('POST /orders/5/cancel')
  })

  it('desktop: WeChat Pay shows the platform code as a QR code, and the order keeps being reloaded', async () => {
    const { services } = open(order({ expiresAt: inMinutes(10) }))
    fireEvent.click(await screen.findByRole('button', { name: '微信扫码支付' }))
    const qr = await screen.findByRole('img', { name: '微信支付二维码' })
    expect(qr.getAttribute('data-code')).toBe('weixin://wxpay/bizpayurl?pr=abc123')
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
    expect(services.client.calls).toContain('POST /orders/5/wechat-pay/native')
    await waitFor(() =>
      expect(services.client.calls.filter((call) => call === 'GET /orders/5').length).toBeGreaterThan(2),
    )
  })

  it('paid: says the card is issued with its balance, and leads back to the class it was bought for', async () => {
    open(order({ status: 'paid', paidAt: inMinutes(-1), cardId: 9 }), '/orders/5?return=%2Fclasses%2F9')
    expect((await screen.findByTestId('order-paid')).textContent).toContain('「10 次卡」已发放到你的账户')
    expect(screen.getByTestId('order-card').textContent).toMatch(/^10 次卡：剩余 10 次，有效期至 /)
    expect(screen.getByRole('link', { name: '返回课程去预约' }).getAttribute('href')).toBe('/classes/9')
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull()
    expect(screen.queryByTestId('pay-code')).toBeNull()
  })

  it('paid without a class to return to: only the cards link', async () => {
    open(order({ status: 'paid', cardId: 9 }), '/orders/5?return=https%3A%2F%2Fevil.example')
    await screen.findByTestId('order-paid')
    expect(screen.queryByRole('link', { name: '返回课程去预约' })).toBeNull()
    expect(screen.getByRole('link', { name: '查看我的会员卡' }).getAttribute('href')).toBe('/cards')
  })

  it.each([
    ['expired', '已过期', '订单已过期，无法支付'],
    ['cancelled', '已取消', '订单已取消'],
  ] as const)('%s: cannot be paid or cancelled, and offers to buy again', async (status, label, text) => {
    open(order({ status }), '/orders/5?return=%2Fclasses%2F9')
    expect((await screen.findByTestId('order-status')).textContent).toBe(label)
    expect(screen.getByTestId('order-closed').textContent).toContain(text)
    expect(screen.getByRole('link', { name: '重新购买' }).getAttribute('href')).toBe(
      '/shop?return=%2Fclasses%2F9',
    )
    expect(screen.queryByTestId('pay-code')).toBeNull()
    expect(screen.queryByTestId('order-countdown')).toBeNull()
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull()
  })

  it('a phone clock behind the studio’s: the time left is never more than the order’s window', async () => {
    open(order({ createdAt: inMinutes(20), expiresAt: inMinutes(35) }))
    expect((await screen.findByTestId('order-countdown')).textContent).toMatch(/剩余 15:00$/)
  })

  it('asks the gateway again when the time to pay runs out', async () => {
    const { services } = open(order({ expiresAt: inMinutes(-0.01) }))
    await screen.findByTestId('order-countdown')
    await waitFor(() =>
      expect(services.client.calls.filter((call) => call === 'GET /orders/5').length).toBeGreaterThan(1),
    )
  })

  it('a reload that fails on the way keeps the page, says so, and the next one brings the news', async () => {
    const timeout = new GatewayTransportError('timeout', { kind: 'timeout', timeout: true })
    const { services } = open(order({ expiresAt: inMinutes(10) }), '/orders/5', (call, current) => {
      if (call === 2) throw timeout
      return call >= 3 ? { ...current, status: 'paid', paidAt: inMinutes(0), cardId: 9 } : current
    })
    // The QR code: its action reloads the order (the second load, which times out), then the page reloads each second.
    fireEvent.click(await screen.findByRole('button', { name: '微信扫码支付' }))
    await screen.findByRole('img', { name: '微信支付二维码' })
    // The order, the QR code and the countdown stay, and a notice says why.
    expect((await screen.findByTestId('order-stale', {}, { timeout: 3000 })).textContent).toBe(
      '网络不稳定，订单状态暂未更新，正在重试…',
    )
    expect(screen.getByTestId('order-status').textContent).toBe('待支付')
    expect(screen.getByRole('img', { name: '微信支付二维码' })).toBeTruthy()
    expect(screen.getByTestId('order-countdown')).toBeTruthy()
    // The third answers: paid, and the notice is gone.
    await screen.findByTestId('order-paid', {}, { timeout: 3000 })
    expect(screen.queryByTestId('order-stale')).toBeNull()
    expect(services.client.calls.filter((call) => call === 'GET /orders/5').length).toBe(3)
  })

  it('a reload the gateway refuses (the order is gone) still shows the error page', async () => {
    const gone = new GatewayError('refused', {
      code: 40401,
      msg: '订单不存在',
      data: null,
      unauthorized: false,
    })
    open(order({ expiresAt: inMinutes(-0.01) }), '/orders/5', (call, current) => {
      if (call >= 2) throw gone
      return current
    })
    await screen.findByTestId('order-countdown')
    // The reload at the deadline was refused: no stale page.
    await waitFor(
      () =>
        expect(document.querySelector('[data-error-kind]')?.getAttribute('data-error-kind')).toBe(
          'not-found',
        ),
      { timeout: 3000 },
    )
    expect(screen.queryByTestId('order-stale')).toBeNull()
  })

  it('a first load that times out shows the error page with its retry', async () => {
    const timeout = new GatewayTransportError('timeout', { kind: 'timeout', timeout: true })
    open(order({ expiresAt: inMinutes(10) }), '/orders/5', () => {
      throw timeout
    })
    await screen.findByRole('button', { name: '重试' })
    expect(screen.queryByTestId('order-stale')).toBeNull()
    expect(screen.queryByTestId('order-status')).toBeNull()
  })
})
