import { describe, expect, it } from 'vitest'
import { HOSTILE_REDIRECTS } from '../testing/hostile-redirects'
import { sanitizeRedirect } from './safe-redirect'

describe('sanitizeRedirect keeps paths of this app', () => {
  it.each([
    ['/', '/'],
    ['/bookings', '/bookings'],
    ['/schedule?date=2025-06-01', '/schedule?date=2025-06-01'],
    ['/classes/12#book', '/classes/12#book'],
    ['/marketing/article?id=3&sharer=u1', '/marketing/article?id=3&sharer=u1'],
    ['/me/../cards', '/cards'],
    ['/%E8%AF%BE%E8%A1%A8', '/%E8%AF%BE%E8%A1%A8'],
  ])('%s stays %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected)
  })
})

describe('sanitizeRedirect keeps a scheme-looking segment as a path of this app', () => {
  it.each([
    ['/javascript:alert(1)//..//evil.example', '/javascript:alert(1)//evil.example'],
    ['/../data:text/html,x//evil.example', '/data:text/html,x//evil.example'],
  ])('%s stays the path %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected)
    expect(new URL(sanitizeRedirect(input), 'https://h5.example/').origin).toBe('https://h5.example')
  })
})

describe('sanitizeRedirect refuses anything that could leave the app', () => {
  it.each(HOSTILE_REDIRECTS)('%s goes to /', (_name, input) => {
    expect(sanitizeRedirect(input)).toBe('/')
  })

  it.each([
    [null, '/'],
    [undefined, '/'],
  ])('a missing value (%s) goes to the fallback', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected)
  })

  it('uses the fallback it is given', () => {
    expect(sanitizeRedirect('//evil.example', '/me')).toBe('/me')
  })
})
