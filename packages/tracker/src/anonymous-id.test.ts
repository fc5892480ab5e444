import { ANONYMOUS_ID_KEY, configureBrowser, getAnonymousId, resetBrowser } from '@xdance/session'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { fakeBrowser, MemoryStorage } from '../test/fake-browser'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

// A fresh module per test: an id that storage refused to keep lives in the module for the life of the page.
beforeEach(() => vi.resetModules())
afterEach(resetBrowser)
const load = async () => (await import('./anonymous-id')).anonymousId

test('gives the id @xdance/session keeps under report-uuid, so visit reports and the session agree', async () => {
  const anonymousId = await load()
  const localStorage = new MemoryStorage()
  configureBrowser({ localStorage })
  const id = getAnonymousId()
  expect(anonymousId(fakeBrowser({ localStorage }).window)).toBe(id)
})

test('makes a version 4 UUID on a first visit, stores it, and gives it again', async () => {
  const anonymousId = await load()
  const { window } = fakeBrowser()
  const id = anonymousId(window)
  expect(id).toMatch(UUID_V4)
  expect(window.localStorage.getItem(ANONYMOUS_ID_KEY)).toBe(id)
  expect(anonymousId(window)).toBe(id)
})

test('where storage refuses, the id is still the same for the life of the page', async () => {
  const anonymousId = await load()
  const refusing = new MemoryStorage()
  refusing.getItem = refusing.setItem = () => {
    throw new DOMException('blocked', 'SecurityError')
  }
  const { window } = fakeBrowser({ localStorage: refusing })
  const id = anonymousId(window)
  expect(id).toMatch(UUID_V4)
  expect(anonymousId(window)).toBe(id)
})
