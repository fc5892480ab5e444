import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  acceptsGzip,
  createAnswer,
  etagMatches,
  GZIP_MIN_BYTES,
  plainAnswer,
  type Representation,
} from './answer'

// Over the 1 KB threshold below which compressing is not worth it.
const BIG = `export const classes = ${JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, style: 'jazz' })))}`
const SMALL = 'console.log("app")'

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://h5.example/assets/big-0a1b2c.js', { method, headers })
const script = (body: string, version = `big:${body.length}`): Representation => ({
  body,
  etag: 'W/"4d2-18c"',
  headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  version,
})

describe('etagMatches', () => {
  it.each([
    [null, '"a"', false],
    ['', '"a"', false],
    ['"a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"b", "a"', '"a"', true],
    ['"b"', '"a"', false],
    ['*', '"a"', true],
  ])('If-None-Match %s against %s: %s', (header, etag, match) => {
    expect(etagMatches(header, etag)).toBe(match)
  })
})

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['gzip', true],
    ['GZIP', true],
    ['gzip, deflate, br', true],
    ['br, gzip;q=0.5', true],
    ['gzip;q=0, br', false],
    ['gzip;q=0.0', false],
    ['br', false],
    ['x-gzip', false],
  ])('Accept-Encoding %s: %s', (header, accepted) => {
    expect(acceptsGzip(get(header ? { 'accept-encoding': header } : {}))).toBe(accepted)
  })
})

describe('createAnswer: compression', () => {
  it('text over 1 KB is gzipped for a client that accepts gzip, and unzips to the body', async () => {
    expect(BIG.length).toBeGreaterThan(GZIP_MIN_BYTES)
    const res = createAnswer()(get({ 'accept-encoding': 'gzip, deflate, br' }), script(BIG))
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('accept-encoding')
    expect(res.headers.get('etag')).toBe('W/"4d2-18c"')
    expect(res.headers.get('content-length')).toBe(String(bytes.length))
    expect(bytes.length).toBeLessThan(BIG.length / 4)
    expect(gunzipSync(bytes).toString()).toBe(BIG)
  })

  it('a gzipped body’s strong ETag becomes weak: another representation of the same version', () => {
    const res = createAnswer()(get({ 'accept-encoding': 'gzip' }), { ...script(BIG), etag: '"abc"' })
    expect(res.headers.get('etag')).toBe('W/"abc"')
  })

  it.each([
    ['no Accept-Encoding', {}],
    ['gzip refused (q=0)', { 'accept-encoding': 'gzip;q=0, br' }],
    ['another encoding only', { 'accept-encoding': 'br' }],
  ])('a client with %s gets the body as it is', async (_name, headers) => {
    const res = createAnswer()(get(headers), script(BIG))
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe(BIG)
  })

  it('a body under 1 KB is not compressed', async () => {
    const res = createAnswer()(get({ 'accept-encoding': 'gzip' }), script(SMALL))
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe(SMALL)
  })

  it('an image is never compressed and does not vary by encoding', () => {
    const png = { ...script(BIG), headers: { 'content-type': 'image/png' } }
    const res = createAnswer()(get({ 'accept-encoding': 'gzip' }), png)
    expect([res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([null, null])
  })

  it('adds Accept-Encoding to the Vary the answer already has', () => {
    const page = { ...script(SMALL), headers: { 'content-type': 'text/html; charset=utf-8', vary: 'cookie' } }
    expect(createAnswer()(get(), page).headers.get('vary')).toBe('cookie, accept-encoding')
  })

  it('compresses each version once however many ask, and again for a new version', () => {
    let runs = 0
    const answer = createAnswer({
      gzip: (bytes) => {
        runs++
        return gzipSync(bytes)
      },
    })
    for (let i = 0; i < 3; i++) answer(get({ 'accept-encoding': 'gzip' }), script(BIG, 'big:v1'))
    expect(runs).toBe(1)
    answer(get({ 'accept-encoding': 'gzip' }), script(BIG, 'big:v2'))
    expect(runs).toBe(2)
  })

  it('keeps at most `keep` gzipped bodies, dropping the oldest', () => {
    let runs = 0
    const answer = createAnswer({
      keep: 1,
      gzip: (bytes) => {
        runs++
        return gzipSync(bytes)
      },
    })
    for (const version of ['a', 'b', 'a']) answer(get({ 'accept-encoding': 'gzip' }), script(BIG, version))
    expect(runs).toBe(3)
  })
})

describe('createAnswer: validators and HEAD', () => {
  it('a matching If-None-Match answers 304 with no body, its headers and the ETag', async () => {
    const res = createAnswer()(get({ 'if-none-match': 'W/"4d2-18c"' }), script(SMALL))
    expect(res.status).toBe(304)
    expect(await res.text()).toBe('')
    expect([res.headers.get('etag'), res.headers.get('cache-control')]).toEqual(['W/"4d2-18c"', 'no-cache'])
  })

  it('another ETag answers 200 with the body', async () => {
    const res = createAnswer()(get({ 'if-none-match': '"old"' }), script(SMALL))
    expect([res.status, await res.text()]).toEqual([200, SMALL])
  })

  it('HEAD answers the headers without the body, with the body’s length', async () => {
    const res = createAnswer()(get({}, 'HEAD'), script(SMALL))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(SMALL)))
  })
})

describe('plainAnswer', () => {
  it('is plain text no cache keeps, with the app’s headers', async () => {
    const res = plainAnswer(404, 'Not Found')
    expect([res.status, await res.text()]).toEqual([404, 'Not Found'])
    expect(Object.fromEntries(res.headers)).toEqual({
      'cache-control': 'no-store',
      'content-type': 'text/plain; charset=utf-8',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    })
  })
})
