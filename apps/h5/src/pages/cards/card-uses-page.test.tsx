// @vitest-environment happy-dom

import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { membershipCard } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

describe('使用记录', () => {
  it('lists each use of a family card with whom it was for and what came of it', async () => {
    browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
    const services = testServices({
      answers: {
        'GET /cards/5/uses': {
          card: membershipCard({ id: 5, name: '家庭卡', family: true, creditsLeft: 8, creditsTotal: 10 }),
          list: [
            {
              bookingId: 12,
              classTitle: 'Little Ballet',
              startsAt: '2025-06-07T17:00:00+08:00',
              memberName: '小米',
              credits: 1,
              outcome: 'attended',
            },
            {
              bookingId: 11,
              classTitle: 'Jazz',
              startsAt: '2025-06-03T19:00:00+08:00',
              memberName: '小舞',
              credits: 1,
              outcome: 'missed',
            },
            {
              bookingId: 10,
              classTitle: 'Jazz',
              startsAt: '2025-06-02T19:00:00+08:00',
              memberName: '小舞',
              credits: 1,
              outcome: 'cancelled',
            },
          ],
        },
      },
    })
    renderApp('/cards/5', services)
    const uses = await screen.findAllByTestId('card-use')
    expect(uses.map((use) => use.textContent)).toEqual([
      expect.stringMatching(/Little Ballet.*小米.*已上课 · 1 次/),
      expect.stringMatching(/Jazz.*小舞.*缺课 · 1 次/),
      expect.stringMatching(/Jazz.*小舞.*已取消（已退回）$/),
    ])
    expect(screen.getByText('家庭卡', { selector: 'span' })).toBeTruthy()
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent).toBe('家庭卡')
  })
})
