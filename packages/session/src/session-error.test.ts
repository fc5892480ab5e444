import { expect, test } from 'vitest'
import { SessionError } from './session-error'

test('carries a stable name, the code and the refused input', () => {
  const error = new SessionError('INVALID_COOKIE_NAME', 'a;b')
  expect(error).toBeInstanceOf(Error)
  expect(error.name).toBe('SessionError')
  expect(error.code).toBe('INVALID_COOKIE_NAME')
  expect(error.input).toBe('a;b')
  expect(error.message).toBe('INVALID_COOKIE_NAME: "a;b"')
})

test.each([
  ['a SessionError', new SessionError('INVALID_COOKIE_VALUE', 1), true],
  [
    'one from another copy of the package',
    Object.assign(new Error('x'), { name: 'SessionError', code: 'X' }),
    true,
  ],
  ['a plain Error', new Error('SessionError'), false],
  [
    'an Error named SessionError without a code',
    Object.assign(new Error('x'), { name: 'SessionError' }),
    false,
  ],
  ['an object that only looks like one', { name: 'SessionError', code: 'X' }, false],
  ['a TypeError', new TypeError('x'), false],
  ['null', null, false],
  ['undefined', undefined, false],
  ['a string', 'SessionError', false],
])('isInstance: %s → %s', (_, value, expected) => {
  expect(SessionError.isInstance(value)).toBe(expected)
})
