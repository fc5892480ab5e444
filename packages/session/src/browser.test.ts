import { afterEach, describe, expect, test, vi } from 'vitest'
import { browser, configureBrowser, resetBrowser } from './browser'
import { fakeDocument, MemoryStorage } from './test-fakes'

const GLOBALS = ['document', 'localStorage', 'sessionStorage', 'location', 'crypto'] as const

function stubThrowingGlobals(touched: string[]): () => void {
  const saved = GLOBALS.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)] as const)
  for (const key of GLOBALS) {
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get() {
        touched.push(key)
        throw new DOMException('denied', 'SecurityError')
      },
    })
  }
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor)
      else delete (globalThis as Record<string, unknown>)[key]
    }
  }
}

afterEach(resetBrowser)

describe('the browser seam', () => {
  test('importing the package touches no browser object', async () => {
    const touched: string[] = []
    const restore = stubThrowingGlobals(touched)
    try {
      vi.resetModules()
      const session = await import('./index')
      expect(Object.keys(session).length).toBeGreaterThan(20)
      expect(touched).toEqual([])
    } finally {
      restore()
    }
  })

  test('a global whose getter throws (a sandboxed frame) reads as missing', () => {
    const touched: string[] = []
    const restore = stubThrowingGlobals(touched)
    try {
      expect(browser('localStorage')).toBeUndefined()
      expect(browser('document')).toBeUndefined()
      expect(touched).toEqual(['localStorage', 'document'])
    } finally {
      restore()
    }
  })

  test('an override replaces only its own object, and calls add up', () => {
    const storage = new MemoryStorage()
    const document = fakeDocument('a=1')
    configureBrowser({ localStorage: storage })
    configureBrowser({ document })
    expect(browser('localStorage')).toBe(storage)
    expect(browser('document')).toBe(document)
    expect(browser('crypto')).toBe(globalThis.crypto)
  })

  test('an override set to undefined makes the object missing', () => {
    configureBrowser({ crypto: undefined })
    expect(globalThis.crypto).toBeDefined()
    expect(browser('crypto')).toBeUndefined()
  })

  test('resetBrowser goes back to the real globals', () => {
    configureBrowser({ crypto: undefined })
    resetBrowser()
    expect(browser('crypto')).toBe(globalThis.crypto)
  })
})
