import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeBrowser } from '../test/fake-browser'
import { withOrgId } from './org-id'

beforeEach(() => {
  fakeBrowser({ local: { orgId: '42' } })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const form = new FormData()
const blob = new Blob(['x'])
const params = new URLSearchParams('a=1')
const array = [1]
const bare = Object.create(null) as Record<string, unknown>

describe('withOrgId', () => {
  it.each([
    ['a plain object, web mode', { a: 1 }, 'web', { a: 1, orgId: '42' }],
    ['an empty object', {}, 'web', { orgId: '42' }],
    ['an object with its own orgId', { orgId: '7' }, 'web', { orgId: '7' }],
    ['an object whose orgId is null', { orgId: null }, 'web', { orgId: null }],
    ['a plain object, app mode', { a: 1 }, 'app', { a: 1 }],
    ['no body', undefined, 'web', undefined],
    ['null', null, 'web', null],
    ['a string', 'a=1', 'web', 'a=1'],
  ] as const)('%s', (_case, body, mode, expected) => {
    expect(withOrgId(body, mode)).toEqual(expected)
  })

  it.each([
    ['FormData', form],
    ['Blob', blob],
    ['URLSearchParams', params],
    ['an array', array],
    ['an object without prototype', bare],
  ])('returns %s as it is', (_case, body) => {
    expect(withOrgId(body, 'web')).toBe(body)
  })

  it('copies instead of mutating', () => {
    const body = { a: 1 }
    expect(withOrgId(body, 'web')).not.toBe(body)
    expect(body).toEqual({ a: 1 })
  })

  it('adds nothing when no orgId is stored', () => {
    fakeBrowser()
    const body = { a: 1 }
    expect(withOrgId(body, 'web')).toBe(body)
  })
})
