// @vitest-environment happy-dom

import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

describe('邀请好友', () => {
  it('lists each invitation with its status and, when not eligible, why; offers the reward the studio gives', async () => {
    browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
    const services = testServices({
      answers: {
        'GET /me/invitations': {
          rewardOn: true,
          list: [
            {
              phone: '136****7001',
              status: 'rewarded',
              reason: null,
              invitedAt: '2025-06-02T10:00:00+08:00',
              rewardedAt: '2025-06-03T19:30:00+08:00',
            },
            {
              phone: '136****7002',
              status: 'not-eligible',
              reason: 'existing-customer',
              invitedAt: '2025-06-01T10:00:00+08:00',
              rewardedAt: null,
            },
            {
              phone: '136****7003',
              status: 'pending',
              reason: null,
              invitedAt: '2025-05-31T10:00:00+08:00',
              rewardedAt: null,
            },
          ],
        },
      },
    })
    renderApp('/me/invitations', services)
    const rows = await screen.findAllByTestId('invitation')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/136\*\*\*\*7001.*已获奖励/),
      expect.stringMatching(/136\*\*\*\*7002.*已是门店学员.*不符合奖励条件/),
      expect.stringMatching(/136\*\*\*\*7003.*待上第一节课/),
    ])
    expect(screen.getByText(/14 天内上完第一节课，你就获得 1 次免费课/)).toBeTruthy()
    expect(screen.getByTestId('invite-share')).toBeTruthy()
  })
})
