import { describe, expect, test } from 'vitest'
import { type EndpointKey, endpointMethod, endpointPath, type InputOf } from '../endpoint'
import { ENDPOINTS, type Endpoints } from './endpoints'

describe('endpointPath and endpointMethod', () => {
  test.each([
    ['GET /org', {}, '/org'],
    ['GET /classes/:id', { id: 7 }, '/classes/7'],
    ['POST /bookings/:id/cancel', { id: '5' }, '/bookings/5/cancel'],
    ['GET /articles/:id', { id: '../me' }, '/articles/..%2Fme'],
    ['GET /actions/:key', { key: 'a b/c' }, '/actions/a%20b%2Fc'],
  ] as const)('%s with %j is %s', (key, params, path) => {
    expect(endpointPath(key, params)).toBe(path)
  })

  test.each([
    ['GET /org', 'GET'],
    ['POST /bookings', 'POST'],
  ] as const)('%s is a %s', (key, method) => {
    expect(endpointMethod(key)).toBe(method)
  })

  test('a missing parameter is a programming error that names it', () => {
    expect(() => endpointPath('GET /classes/:id')).toThrow('no value for :id in GET /classes/:id')
  })
})

describe('the rows', () => {
  const rows = Object.entries(ENDPOINTS) as [EndpointKey, (typeof ENDPOINTS)[keyof Endpoints]][]

  test('every key is a method and a path', () => {
    for (const [key] of rows) expect(key).toMatch(/^(GET|POST) \/[\w/:.-]*$/)
  })

  test('a row declares a schema for its path parameters exactly when its path has some', () => {
    for (const [key, row] of rows) expect('params' in row, key).toBe(key.includes(':'))
  })

  test('only the payment notification and the visit report are answered outside the envelope', () => {
    const outside = rows.filter(([, row]) => 'envelope' in row).map(([key]) => key)
    expect(outside).toEqual([
      'POST /pay/notify',
      'GET /report/behavior/report',
      'POST /report/behavior/report',
    ])
  })

  test('only signed-in actions are idempotent (the key is kept per customer)', () => {
    for (const [key, row] of rows) {
      if ('idempotent' in row) {
        expect(row.auth, key).toBe('required')
        expect(endpointMethod(key), key).toBe('POST')
      }
    }
  })

  test('InputOf asks for what a call takes and refuses what it does not (type-level)', () => {
    const book: InputOf<Endpoints['POST /bookings']> = { body: { classId: 7 } }
    const one: InputOf<Endpoints['GET /classes/:id']> = { params: { id: 7 } }
    const page: InputOf<Endpoints['GET /articles']> = { query: { page: 1, pageSize: 3 } }
    const none: InputOf<Endpoints['GET /org']> = {}
    // @ts-expect-error a call with a path parameter needs it
    const missing: InputOf<Endpoints['GET /classes/:id']> = {}
    // @ts-expect-error a call without a body takes none
    const extra: InputOf<Endpoints['GET /org']> = { body: { x: 1 } }
    // An optional field of a body may be left out (the client error report's stack, route, user agent, kind).
    const report: InputOf<Endpoints['POST /client-errors']> = { body: { message: 'x is undefined' } }
    // @ts-expect-error its required field may not
    const empty: InputOf<Endpoints['POST /client-errors']> = { body: { route: '/schedule' } }
    expect([book, one, page, none, missing, extra, report, empty]).toHaveLength(8)
  })
})
