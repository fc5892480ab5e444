import { afterEach, describe, expect, test, vi } from 'vitest'
import { getAnonymousId, randomId } from './anonymous-id'
import { configureBrowser, resetBrowser } from './browser'
import { ANONYMOUS_ID_KEY } from './constants'
import { MemoryStorage, RefusingStorage } from './test-fakes'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

afterEach(() => {
  resetBrowser()
  vi.restoreAllMocks()
})

describe('randomId', () => {
  test('makes a v4 UUID from crypto.getRandomValues, on http and https pages alike', () => {
    let calls = 0
    const getRandomValues: Crypto['getRandomValues'] = (array) => {
      calls++
      return globalThis.crypto.getRandomValues(array)
    }
    configureBrowser({ crypto: { getRandomValues } })
    const ids = new Set(Array.from({ length: 50 }, randomId))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(UUID_V4)
    expect(calls).toBeGreaterThan(0)
  })

  test.each([
    [0x00, '10000000-1000-4000-8000-100000000000'],
    [0xff, 'efffffff-efff-4fff-bfff-efffffffffff'],
  ])('getRandomValues decides every random digit (bytes of %i)', (byte, expected) => {
    const getRandomValues = <T extends ArrayBufferView<ArrayBuffer>>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(byte)
      return array
    }
    configureBrowser({ crypto: { getRandomValues } })
    expect(randomId()).toBe(expected)
  })
})

describe('getAnonymousId', () => {
  test('creates the id once and keeps it under report-uuid', () => {
    const storage = new MemoryStorage()
    let calls = 0
    const getRandomValues: Crypto['getRandomValues'] = (array) => {
      calls++
      return globalThis.crypto.getRandomValues(array)
    }
    configureBrowser({ localStorage: storage, crypto: { getRandomValues } })
    const id = getAnonymousId()
    const made = calls
    expect(id).toMatch(UUID_V4)
    expect(getAnonymousId()).toBe(id)
    expect(storage.getItem(ANONYMOUS_ID_KEY)).toBe(id)
    // the second call drew no new random values
    expect(made).toBeGreaterThan(0)
    expect(calls).toBe(made)
  })

  test('keeps an id an earlier visit stored, verbatim', () => {
    const storage = new MemoryStorage()
    storage.setItem(ANONYMOUS_ID_KEY, 'legacy-id-42')
    configureBrowser({ localStorage: storage })
    expect(getAnonymousId()).toBe('legacy-id-42')
  })

  test('replaces an empty stored id', () => {
    const storage = new MemoryStorage()
    storage.setItem(ANONYMOUS_ID_KEY, '')
    configureBrowser({ localStorage: storage })
    expect(getAnonymousId()).toMatch(UUID_V4)
  })

  test.each([
    ['missing', undefined],
    ['refusing', new RefusingStorage()],
  ])('with %s storage it is still the same id for the life of the page', (_, localStorage) => {
    configureBrowser({ localStorage })
    const first = getAnonymousId()
    expect(first).toMatch(UUID_V4)
    expect(getAnonymousId()).toBe(first)
    expect(getAnonymousId()).toBe(first)
  })
})
