import { describe, expect, it } from 'vitest'
import {
  GatewayError,
  GatewayRequestError,
  GatewayTransportError,
  refused,
  transportError,
  XdanceHttpError,
} from './errors'

const gateway = new GatewayError('boom', {
  code: 500,
  msg: 'boom',
  tips: undefined,
  data: 1,
  unauthorized: false,
})
const transport = new GatewayTransportError('timeout', { kind: 'timeout', timeout: true }, new Error('cause'))
const request = new GatewayRequestError('unsafe', { code: 'UNSAFE_PATH' })
// Another copy of the package (two versions in one bundle) makes different classes with the same names and fields.
const copy = Object.assign(new Error('copy'), { name: 'GatewayError', code: 500 })
const nameOnly = Object.assign(new Error('x'), { name: 'GatewayTransportError' })
const fetchError = Object.assign(new Error('[GET] "/x": <no response>'), { name: 'FetchError' })

describe('the error family', () => {
  it.each([
    ['GatewayError', gateway, [true, true, false, false]],
    ['GatewayTransportError', transport, [true, false, true, false]],
    ['GatewayRequestError', request, [true, false, false, true]],
    ['a GatewayError from another copy of the package', copy, [true, true, false, false]],
    ['an Error with a family name but not its field', nameOnly, [true, false, false, false]],
    ['ofetch’s FetchError', fetchError, [false, false, false, false]],
    ['a plain Error', new Error('x'), [false, false, false, false]],
    ['an object that only looks like one', { name: 'GatewayError', code: 500 }, [false, false, false, false]],
    ['null', null, [false, false, false, false]],
    ['a string', 'GatewayError', [false, false, false, false]],
  ] as const)('isInstance tells %s apart', (_case, value, [base, gw, tr, rq]) => {
    expect(XdanceHttpError.isInstance(value)).toBe(base)
    expect(GatewayError.isInstance(value)).toBe(gw)
    expect(GatewayTransportError.isInstance(value)).toBe(tr)
    expect(GatewayRequestError.isInstance(value)).toBe(rq)
  })

  it('has stable names and machine-readable fields', () => {
    expect(gateway).toMatchObject({
      name: 'GatewayError',
      message: 'boom',
      code: 500,
      data: 1,
      unauthorized: false,
    })
    expect(transport).toMatchObject({ name: 'GatewayTransportError', kind: 'timeout', timeout: true })
    expect(transport.cause).toEqual(new Error('cause'))
    expect(request).toMatchObject({ name: 'GatewayRequestError', code: 'UNSAFE_PATH' })
    expect(gateway).toBeInstanceOf(Error)
    expect(String(request)).toBe('GatewayRequestError: unsafe')
  })

  it('isInstance works unbound, e.g. as a filter (extra arguments are ignored)', () => {
    const values = [gateway, transport, request, copy, fetchError, null]
    expect(values.filter(XdanceHttpError.isInstance)).toEqual([gateway, transport, request, copy])
    expect(values.filter(GatewayError.isInstance)).toEqual([gateway, copy])
    expect(values.filter(GatewayTransportError.isInstance)).toEqual([transport])
    expect(values.filter(GatewayRequestError.isInstance)).toEqual([request])
  })

  it.each([
    [
      'an unsafe path',
      refused('UNSAFE_PATH', '//evil.test'),
      'UNSAFE_PATH //evil.test',
      { code: 'UNSAFE_PATH' },
    ],
    ['a bad timeout', refused('INVALID_TIMEOUT', -1), 'INVALID_TIMEOUT -1', { code: 'INVALID_TIMEOUT' }],
    [
      'a cookie that cannot be sent',
      refused('INVALID_HEADER', 'xdance-token', { cookie: 'xdance-token' }),
      'INVALID_HEADER xdance-token',
      { code: 'INVALID_HEADER', cookie: 'xdance-token' },
    ],
    [
      'a timeout',
      transportError('timeout'),
      'timeout ',
      { kind: 'timeout', timeout: true, status: undefined },
    ],
    ['an HTTP 502', transportError('http', 502), 'http 502', { kind: 'http', timeout: false, status: 502 }],
  ] as const)(
    '%s: the message says what was refused or what went wrong (%j)',
    (_case, error, message, fields) => {
      expect(XdanceHttpError.isInstance(error)).toBe(true)
      expect(error.message).toBe(message)
      expect(error).toMatchObject(fields)
    },
  )
})
