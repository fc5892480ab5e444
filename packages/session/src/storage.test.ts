import { afterEach, describe, expect, test } from 'vitest'
import { configureBrowser, resetBrowser } from './browser'
import type { StorageArea } from './constants'
import { readStorage, removeStorage, writeStorage } from './storage'
import { FullStorage, MemoryStorage, RefusingStorage } from './test-fakes'

afterEach(resetBrowser)

const AREAS: Array<[StorageArea, 'localStorage' | 'sessionStorage']> = [
  ['local', 'localStorage'],
  ['session', 'sessionStorage'],
]

describe.each(AREAS)('%s storage', (area, global) => {
  test('reads, writes and removes through a working storage', () => {
    const storage = new MemoryStorage()
    configureBrowser({ [global]: storage })
    expect(readStorage(area, 'k')).toBeUndefined()
    expect(writeStorage(area, 'k', 'v')).toBe(true)
    expect(storage.getItem('k')).toBe('v')
    expect(readStorage(area, 'k')).toBe('v')
    expect(removeStorage(area, 'k')).toBe(true)
    expect(storage.getItem('k')).toBeNull()
    expect(readStorage(area, 'k')).toBeUndefined()
  })

  test('reads a value another script stored, verbatim', () => {
    const storage = new MemoryStorage()
    storage.setItem('orgId', '007')
    storage.setItem('json', '{"a":1}')
    configureBrowser({ [global]: storage })
    expect(readStorage(area, 'orgId')).toBe('007')
    expect(readStorage(area, 'json')).toBe('{"a":1}')
  })

  test('an empty string is a value, not a missing one', () => {
    configureBrowser({ [global]: new MemoryStorage() })
    writeStorage(area, 'k', '')
    expect(readStorage(area, 'k')).toBe('')
  })

  test('does not mix the areas', () => {
    configureBrowser({ localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() })
    writeStorage(area, 'k', 'v')
    expect(readStorage(area === 'local' ? 'session' : 'local', 'k')).toBeUndefined()
  })

  test.each([
    ['missing', () => ({ [global]: undefined }), false],
    ['full (QuotaExceededError, Safari private mode)', () => ({ [global]: new FullStorage() }), true],
    ['refusing every call (SecurityError)', () => ({ [global]: new RefusingStorage() }), false],
  ])(
    '%s: never throws, reads undefined, writes report false, the page keeps what it wrote',
    (_, env, removes) => {
      configureBrowser(env())
      expect(readStorage(area, 'k')).toBeUndefined()
      expect(writeStorage(area, 'k', 'v')).toBe(false)
      expect(readStorage(area, 'k')).toBe('v')
      expect(writeStorage(area, 'k', 'w')).toBe(false)
      expect(readStorage(area, 'k')).toBe('w')
      expect(removeStorage(area, 'k')).toBe(removes)
      expect(readStorage(area, 'k')).toBeUndefined()
    },
  )

  test('a global getter that throws (sandboxed frame) never throws out', () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, global)
    Object.defineProperty(globalThis, global, {
      configurable: true,
      get() {
        throw new DOMException('The document is sandboxed', 'SecurityError')
      },
    })
    try {
      expect(readStorage(area, 'k')).toBeUndefined()
      expect(writeStorage(area, 'k', 'v')).toBe(false)
      expect(readStorage(area, 'k')).toBe('v')
      expect(removeStorage(area, 'k')).toBe(false)
    } finally {
      if (saved) Object.defineProperty(globalThis, global, saved)
      else delete (globalThis as Record<string, unknown>)[global]
    }
  })

  test('a value kept in memory wins over an older stored one', () => {
    const storage = new MemoryStorage()
    storage.setItem('k', 'old')
    const full = Object.assign(new FullStorage(), { items: storage.items })
    configureBrowser({ [global]: full })
    expect(writeStorage(area, 'k', 'new')).toBe(false)
    expect(readStorage(area, 'k')).toBe('new')
  })

  test('once the storage works again, a successful write drops the memory copy', () => {
    configureBrowser({ [global]: new FullStorage() })
    writeStorage(area, 'k', 'kept')
    const storage = new MemoryStorage()
    configureBrowser({ [global]: storage })
    expect(writeStorage(area, 'k', 'saved')).toBe(true)
    storage.setItem('k', 'changed elsewhere')
    expect(readStorage(area, 'k')).toBe('changed elsewhere')
  })

  test('resetBrowser forgets the memory copy', () => {
    configureBrowser({ [global]: undefined })
    writeStorage(area, 'k', 'v')
    resetBrowser()
    configureBrowser({ [global]: undefined })
    expect(readStorage(area, 'k')).toBeUndefined()
  })
})
