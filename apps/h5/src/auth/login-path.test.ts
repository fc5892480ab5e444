import { describe, expect, it } from 'vitest'
import { loginPath } from './login-path'

describe('loginPath: the sign-in page with the way back, never WeChat’s code or state', () => {
  it.each([
    ['/bookings', '/login?redirect=%2Fbookings'],
    ['/bookings?tab=past', '/login?redirect=%2Fbookings%3Ftab%3Dpast'],
    ['/bookings?code=C1&state=S1', '/login?redirect=%2Fbookings'],
    ['/classes/7?a=1&code=C1&state=S1', '/login?redirect=%2Fclasses%2F7%3Fa%3D1'],
    ['/me?state=S1', '/login?redirect=%2Fme'],
    ['/me?code=', '/login?redirect=%2Fme'],
  ])('%s → %s', (returnTo, expected) => {
    expect(loginPath(returnTo)).toBe(expected)
  })
})
