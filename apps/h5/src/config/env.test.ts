import { GATEWAY_PREFIX, HTTP_TIMEOUT } from '@xdance/contract'
import { describe, expect, it } from 'vitest'
import { readEnv } from './env'

describe('readEnv', () => {
  it.each([
    ['nothing set uses the documented defaults', {}, GATEWAY_PREFIX, HTTP_TIMEOUT],
    ['a custom prefix loses its trailing slash', { VITE_GATEWAY_PREFIX: '/api/' }, '/api', HTTP_TIMEOUT],
    [
      'an absolute gateway URL is kept',
      { VITE_GATEWAY_PREFIX: 'https://gw.example.com/dg' },
      'https://gw.example.com/dg',
      HTTP_TIMEOUT,
    ],
    ['a blank prefix falls back', { VITE_GATEWAY_PREFIX: '  ' }, GATEWAY_PREFIX, HTTP_TIMEOUT],
    ['a prefix of only slashes falls back', { VITE_GATEWAY_PREFIX: '///' }, GATEWAY_PREFIX, HTTP_TIMEOUT],
    [
      'a prefix without a leading slash falls back',
      { VITE_GATEWAY_PREFIX: 'api' },
      GATEWAY_PREFIX,
      HTTP_TIMEOUT,
    ],
    [
      'a protocol-relative prefix falls back',
      { VITE_GATEWAY_PREFIX: '//gw.example.com/dg' },
      GATEWAY_PREFIX,
      HTTP_TIMEOUT,
    ],
    [
      'a non-http URL falls back',
      { VITE_GATEWAY_PREFIX: 'javascript:alert(1)' },
      GATEWAY_PREFIX,
      HTTP_TIMEOUT,
    ],
    ['a numeric timeout is used', { VITE_REQUEST_TIMEOUT: '5000' }, GATEWAY_PREFIX, 5000],
    ['a non-numeric timeout falls back', { VITE_REQUEST_TIMEOUT: 'soon' }, GATEWAY_PREFIX, HTTP_TIMEOUT],
    ['a negative timeout falls back', { VITE_REQUEST_TIMEOUT: '-1' }, GATEWAY_PREFIX, HTTP_TIMEOUT],
    [
      'a timeout too long for a timer falls back',
      { VITE_REQUEST_TIMEOUT: '1e12' },
      GATEWAY_PREFIX,
      HTTP_TIMEOUT,
    ],
    ['a fractional timeout falls back', { VITE_REQUEST_TIMEOUT: '1.5' }, GATEWAY_PREFIX, HTTP_TIMEOUT],
  ])('%s', (_name, vars, prefix, timeout) => {
    expect(readEnv(vars)).toEqual({ gatewayPrefix: prefix, requestTimeout: timeout })
  })
})
