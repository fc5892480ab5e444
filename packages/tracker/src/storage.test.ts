import { expect, test } from 'vitest'
import { fakeBrowser, MemoryStorage } from '../test/fake-browser'
import { readStorage, writeStorage } from './storage'

const refusing = () => {
  const storage = new MemoryStorage()
  storage.getItem = storage.setItem = () => {
    throw new DOMException('blocked', 'SecurityError')
  }
  return storage
}

test('reads and writes local and session storage through the window', () => {
  const { window } = fakeBrowser()
  writeStorage(window, 'local', 'a', '1')
  writeStorage(window, 'session', 'a', '2')
  expect([readStorage(window, 'local', 'a'), readStorage(window, 'session', 'a')]).toEqual(['1', '2'])
  expect(readStorage(window, 'local', 'missing')).toBeUndefined()
})

test('a storage that refuses (a sandboxed frame, blocked site data) reads as empty and never throws', () => {
  const { window } = fakeBrowser({ localStorage: refusing() })
  expect(() => writeStorage(window, 'local', 'a', '1')).not.toThrow()
  expect(readStorage(window, 'local', 'a')).toBeUndefined()
})

test('a window whose storage getter throws reads as empty too', () => {
  const { window } = fakeBrowser()
  Object.defineProperty(window, 'sessionStorage', {
    get: () => {
      throw new DOMException('denied', 'SecurityError')
    },
  })
  expect(() => writeStorage(window, 'session', 'a', '1')).not.toThrow()
  expect(readStorage(window, 'session', 'a')).toBeUndefined()
})
