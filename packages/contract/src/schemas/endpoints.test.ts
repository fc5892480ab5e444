import { describe, expect, test } from 'vitest'
import { API_METHODS, API_PATHS, endpointPath } from '../endpoint-table'
import { ENDPOINTS, type Endpoints, type InputOf } from './endpoints'

describe('endpointPath', () => {
  test.each([
    [API_PATHS.getOrg, {}, '/org'],
    [API_PATHS.getClass, { id: 7 }, '/classes/7'],
    [API_PATHS.cancelBooking, { id: '5' }, '/bookings/5/cancel'],
    [API_PATHS.getArticle, { id: '../me' }, '/articles/..%2Fme'],
  ])('%s with %j is %s', (endpoint, params, path) => {
    expect(endpointPath(endpoint, params)).toBe(path)
  })

  test('a missing parameter is a programming error that names it', () => {
    expect(() => endpointPath(API_PATHS.getClass)).toThrow('no value for :id in /classes/:id')
  })
})

describe('the endpoint table', () => {
  test('every parameterised path declares a schema for its parameters', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect('params' in endpoint, name).toBe(endpoint.path.includes(':'))
    }
  })

  test('every call is mounted at its path in API_PATHS', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect(endpoint.path, name).toBe(API_PATHS[name as keyof typeof API_PATHS])
    }
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(API_PATHS).sort())
  })

  test('only the payment notification is answered outside the envelope', () => {
    const outside = Object.entries(ENDPOINTS).filter(([, endpoint]) => 'envelope' in endpoint)
    expect(outside.map(([name]) => name)).toEqual(['payNotify'])
  })

  test('no two calls share a method and a path', () => {
    const keys = Object.values(ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('the root tables a client calls by name from', () => {
  test('every call has its method in API_METHODS, the one ENDPOINTS has', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect(endpoint.method, name).toBe(API_METHODS[name as keyof typeof API_METHODS])
    }
    expect(Object.keys(API_METHODS).sort()).toEqual(Object.keys(API_PATHS).sort())
  })

  test('InputOf asks for what a call takes and refuses what it does not (type-level)', () => {
    const book: InputOf<Endpoints['bookClass']> = { body: { classId: 7 } }
    const one: InputOf<Endpoints['getClass']> = { params: { id: 7 } }
    const page: InputOf<Endpoints['listArticles']> = { query: { page: 1, pageSize: 3 } }
    const none: InputOf<Endpoints['getOrg']> = {}
    // @ts-expect-error a call with a path parameter needs it
    const missing: InputOf<Endpoints['getClass']> = {}
    // @ts-expect-error a call without a body takes none
    const extra: InputOf<Endpoints['getOrg']> = { body: { x: 1 } }
    expect([book, one, page, none, missing, extra]).toHaveLength(6)
  })
})
