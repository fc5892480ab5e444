// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { order, product } from '../../testing/fixtures'
import { testServices } from '../../testing/services'
import button from '../../ui/button.module.css'

const SIGNED_IN = { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' }
const TRIAL = product({
  id: 1,
  name: '体验卡（1 次）',
  credits: 1,
  validDays: 30,
  priceFen: 3900,
  trial: true,
})
const TEN = product()

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function open(path = '/shop', { signedIn = true, orders = [] as ReturnType<typeof order>[] } = {}) {
  browser = installFakeBrowser(signedIn ? SIGNED_IN : {})
  const services = testServices({
    answers: {
      'GET /products': { list: [TRIAL, TEN] },
      'GET /orders': { list: orders },
      'POST /orders': (body: unknown) =>
        order({ id: 6, productId: (body as { productId: number }).productId }),
      'GET /orders/6': order({ id: 6 }),
      'GET /me': { unreadNotices: 0 },
    },
  })
  return { services, ...renderApp(path, services) }
}

const card = async (name: string) =>
  within(
    (await screen.findAllByTestId('product')).find((item) => item.textContent?.includes(name)) as HTMLElement,
  )

describe('the card shop', () => {
  it('lists the cards with credits, validity and the price in yuan', async () => {
    open()
    const ten = await card('10 次卡')
    expect(ten.getByText('¥880')).toBeTruthy()
    expect(ten.getByText('10 次')).toBeTruthy()
    expect(ten.getByText('有效期 90 天')).toBeTruthy()
    const trial = await card('体验卡')
    expect(trial.getByText('¥39')).toBeTruthy()
    expect(trial.getByText('体验卡 · 每人限购一次')).toBeTruthy()
  })

  it('shows the price per class and marks the best value, whose buy button alone is primary', async () => {
    browser = installFakeBrowser(SIGNED_IN)
    const TWENTY = product({ id: 3, name: '20 次卡', credits: 20, validDays: 180, priceFen: 158000 })
    renderApp(
      '/shop',
      testServices({
        answers: { 'GET /products': { list: [TRIAL, TEN, TWENTY] }, 'GET /orders': { list: [] } },
      }),
    )
    const ten = await card('10 次卡')
    const twenty = await card('20 次卡')
    expect(ten.getByTestId('price-per-class').textContent).toBe('每节 ¥88')
    expect(twenty.getByTestId('price-per-class').textContent).toBe('每节 ¥79')
    expect((await card('体验卡')).getByTestId('price-per-class').textContent).toBe('每节 ¥39')
    expect(
      screen.getAllByTestId('best-value').map((chip) => chip.closest('[data-testid="product"]')),
    ).toEqual([twenty.getByTestId('best-value').closest('[data-testid="product"]')])
    // The best value's button is the page's one primary action; the others are outlined.
    expect(twenty.getByRole('button', { name: '购买' }).className).toContain(button.button)
    expect(twenty.getByRole('button', { name: '购买' }).className).not.toContain(button.ghost)
    expect(ten.getByRole('button', { name: '购买' }).className).toContain(button.ghost)
  })

  it('orders a card and opens the order, keeping the way back to the class', async () => {
    const { services, router } = open('/shop?return=%2Fclasses%2F9')
    fireEvent.click((await card('10 次卡')).getByRole('button', { name: '购买' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/6'))
    expect(services.client.calls).toContain('POST /orders {"productId":2}')
    expect(router.state.location.search).toBe('?return=%2Fclasses%2F9')
  })

  it('drops a return address that leaves the app', async () => {
    const { router } = open('/shop?return=%2F%2Fevil.example')
    fireEvent.click((await card('10 次卡')).getByRole('button', { name: '购买' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/6'))
    expect(router.state.location.search).toBe('')
  })

  it('says the trial card is already used, with no buy button for it', async () => {
    open('/shop', { orders: [order({ id: 3, productId: 1, trial: true, status: 'paid' })] })
    const trial = await card('体验卡')
    expect(trial.getByTestId('trial-used').textContent).toBe('你已购买过体验卡')
    expect(trial.queryByRole('button', { name: '购买' })).toBeNull()
    expect((await card('10 次卡')).getByRole('button', { name: '购买' })).toBeTruthy()
  })

  it('sends to the pending trial order instead of a second one', async () => {
    open('/shop', { orders: [order({ id: 3, productId: 1, trial: true, status: 'pending' })] })
    const trial = await card('体验卡')
    expect(trial.getByRole('link', { name: '去支付' }).getAttribute('href')).toBe('/orders/3')
    expect(trial.queryByRole('button', { name: '购买' })).toBeNull()
  })

  it('offers the trial again after its order expired or was cancelled', async () => {
    open('/shop', { orders: [order({ id: 3, productId: 1, trial: true, status: 'expired' })] })
    expect((await card('体验卡')).getByRole('button', { name: '购买' })).toBeTruthy()
  })

  it('asks a signed-out visitor to sign in first, without asking for orders', async () => {
    const { services } = open('/shop', { signedIn: false })
    // One sign-in link for the page, not one per card.
    const links = await screen.findAllByRole('link', { name: '登录后购买' })
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/login?redirect=%2Fshop'])
    expect((await card('10 次卡')).queryByRole('link', { name: '登录后购买' })).toBeNull()
    expect(services.client.calls).not.toContain('GET /orders')
  })
})
