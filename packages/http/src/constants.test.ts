import { expect, it } from 'vitest'
import { DEFAULT_MESSAGES, HTTP_TIMEOUT, UNAUTHORIZED_AT_KEY, UNAUTHORIZED_WINDOW } from './constants'

// The figures and texts the spec and the issue name, pinned literally: the other tests import the constants, so a
// changed value would pass them unnoticed.
it.each([
  ['the HTTP timeout (spec section 9)', HTTP_TIMEOUT, 20_000],
  ['the request-error toast', DEFAULT_MESSAGES.requestError, '请求错误，请稍后重试'],
  ['the timeout toast', DEFAULT_MESSAGES.timeout, '请求超时，请重试'],
  ['the unauthorised-handling window', UNAUTHORIZED_WINDOW, 10_000],
  ['the session storage key of that window', UNAUTHORIZED_AT_KEY, 'xdance-401-at'],
])('%s is %j', (_name, value, expected) => {
  expect(value).toBe(expected)
})
