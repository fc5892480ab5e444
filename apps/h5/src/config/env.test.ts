import { describe, expect, it } from 'vitest'
import { DEFAULT_GATEWAY_PREFIX, DEFAULT_REQUEST_TIMEOUT, readEnv } from './env'

describe('readEnv', () => {
  it.each([
    ['nothing set uses the documented defaults', {}, DEFAULT_GATEWAY_PREFIX, DEFAULT_REQUEST_TIMEOUT],
    ['a custom prefix loses its trailing slash', { VITE_GATEWAY_PREFIX: '/api/' }, '/api', 20_000],
    [
      'an absolute gateway URL is kept',
      { VITE_GATEWAY_PREFIX: 'https://gw.example.com/dg' },
      'https://gw.example.com/dg',
      20_000,
    ],
    ['a blank prefix falls back', { VITE_GATEWAY_PREFIX: '  ' }, DEFAULT_GATEWAY_PREFIX, 20_000],
    ['a prefix of only slashes falls back', { VITE_GATEWAY_PREFIX: '///' }, DEFAULT_GATEWAY_PREFIX, 20_000],
    [
      'a prefix without a leading slash falls back',
      { VITE_GATEWAY_PREFIX: 'api' },
      DEFAULT_GATEWAY_PREFIX,
      20_000,
    ],
    [
      'a protocol-relative prefix falls back',
      { VITE_GATEWAY_PREFIX: '//gw.example.com/dg' },
      DEFAULT_GATEWAY_PREFIX,
      20_000,
    ],
    [
      'a non-http URL falls back',
      { VITE_GATEWAY_PREFIX: 'javascript:alert(1)' },
      DEFAULT_GATEWAY_PREFIX,
      20_000,
    ],
    ['a numeric timeout is used', { VITE_REQUEST_TIMEOUT: '5000' }, DEFAULT_GATEWAY_PREFIX, 5000],
    ['a non-numeric timeout falls back', { VITE_REQUEST_TIMEOUT: 'soon' }, DEFAULT_GATEWAY_PREFIX, 20_000],
    ['a negative timeout falls back', { VITE_REQUEST_TIMEOUT: '-1' }, DEFAULT_GATEWAY_PREFIX, 20_000],
    [
      'a timeout too long for a timer falls back',
      { VITE_REQUEST_TIMEOUT: '1e12' },
      DEFAULT_GATEWAY_PREFIX,
      20_000,
    ],
    ['a fractional timeout falls back', { VITE_REQUEST_TIMEOUT: '1.5' }, DEFAULT_GATEWAY_PREFIX, 20_000],
  ])('%s', (_name, vars, prefix, timeout) => {
    expect(readEnv(vars)).toEqual({ gatewayPrefix: prefix, requestTimeout: timeout })
  })
})
