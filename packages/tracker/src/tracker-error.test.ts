import { expect, test } from 'vitest'
import { TrackerError } from './tracker-error'

test('a TrackerError carries a stable name, its code as message, and the cause', () => {
  const cause = new Error('gateway down')
  const error = new TrackerError('TRACE_FAILED', cause)
  expect(error).toBeInstanceOf(Error)
  expect([error.name, error.code, error.message, error.cause]).toEqual([
    'TrackerError',
    'TRACE_FAILED',
    'TRACE_FAILED',
    cause,
  ])
})

test.each([
  [new TrackerError('NO_CLIENT'), true],
  [new Error('TrackerError'), false],
  [Object.assign(new Error('x'), { name: 'TrackerError', code: 'NO_CLIENT' }), true], // from another copy
  [Object.assign(new Error('x'), { name: 'TrackerError' }), false],
  [{ name: 'TrackerError', code: 'NO_CLIENT' }, false],
  [null, false],
])('isInstance(%o) is %s', (value, expected) => {
  expect(TrackerError.isInstance(value)).toBe(expected)
})

test('isInstance works unbound, e.g. as a filter', () => {
  const error = new TrackerError('NO_CLIENT')
  expect([error, new Error('x'), null].filter(TrackerError.isInstance)).toEqual([error])
})
