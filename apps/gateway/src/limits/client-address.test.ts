import { describe, expect, test } from 'vitest'
import { clientAddress, requestOrigin } from './client-address'

const req = (url: string, headers: Record<string, string> = {}) => ({
  url,
  header: (name: string) => headers[name.toLowerCase()],
})

describe('requestOrigin: the origin the client reached', () => {
  test.each([
    ['no proxy trusted: the URL’s, whatever the headers say', false, {}, 'http://127.0.0.1:8081'],
    [
      'no proxy trusted: forwarded headers are ignored (any client can write them)',
      false,
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      'http://127.0.0.1:8081',
    ],
    [
      'nginx terminating TLS: Host kept, the scheme from X-Forwarded-Proto',
      true,
      { host: 'h5.studio.example', 'x-forwarded-proto': 'https' },
      'https://h5.studio.example',
    ],
    [
      'the app’s server forwarding: X-Forwarded-Host and -Proto',
      true,
      { host: '127.0.0.1:8081', 'x-forwarded-host': '127.0.0.1:8080', 'x-forwarded-proto': 'http' },
      'http://127.0.0.1:8080',
    ],
    [
      'two proxies: the last one’s word',
      true,
      { 'x-forwarded-host': 'a.example, h5.studio.example', 'x-forwarded-proto': 'http, https' },
      'https://h5.studio.example',
    ],
    [
      'a scheme that is not http(s) is ignored',
      true,
      { 'x-forwarded-host': 'h5.studio.example', 'x-forwarded-proto': 'javascript' },
      'http://h5.studio.example',
    ],
    [
      'an unreadable host falls back to the URL’s',
      true,
      { 'x-forwarded-host': 'a b' },
      'http://127.0.0.1:8081',
    ],
  ])('%s', (_name, trust, headers, origin) => {
    expect(requestOrigin(req('http://127.0.0.1:8081/dance-gateway/wechat/js-config', headers), trust)).toBe(
      origin,
    )
  })
})

describe('clientAddress', () => {
  test('behind a trusted proxy: the last X-Forwarded-For; otherwise the socket’s', () => {
    const c = (xff: string, remote?: string) => ({
      env: remote ? ({ incoming: { socket: { remoteAddress: remote } } } as never) : undefined,
      req: { header: (name: string) => (name === 'x-forwarded-for' ? xff : undefined) },
    })
    expect(clientAddress(c('1.1.1.1, 10.0.0.7', '::ffff:127.0.0.1'), true)).toBe('10.0.0.7')
    expect(clientAddress(c('1.1.1.1', '::ffff:127.0.0.1'), false)).toBe('127.0.0.1')
    expect(clientAddress(c('', undefined), false)).toBe('in-process')
  })
})
