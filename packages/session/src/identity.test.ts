import { afterEach, expect, test } from 'vitest'
import { configureBrowser, resetBrowser } from './browser'
import { OPEN_ID_KEY, ORG_ID_KEY, USER_ID_KEY } from './constants'
import { getOpenId, getOrgId, getUserId, setOpenId, setOrgId, setUserId } from './identity'
import { FullStorage, MemoryStorage } from './test-fakes'

afterEach(resetBrowser)

test.each([
  ['orgId', ORG_ID_KEY, getOrgId, setOrgId],
  ['openId', OPEN_ID_KEY, getOpenId, setOpenId],
  ['userId', USER_ID_KEY, getUserId, setUserId],
])('%s lives in local storage under its spec key', (key, constant, get, set) => {
  const localStorage = new MemoryStorage()
  const sessionStorage = new MemoryStorage()
  configureBrowser({ localStorage, sessionStorage })
  expect(constant).toBe(key)
  expect(get()).toBeUndefined()
  expect(set('0042')).toBe(true)
  expect(localStorage.getItem(key)).toBe('0042')
  expect(sessionStorage.length).toBe(0)
  expect(get()).toBe('0042')
  localStorage.setItem(key, 'set elsewhere')
  expect(get()).toBe('set elsewhere')
})

test.each([
  ['orgId', getOrgId, setOrgId],
  ['openId', getOpenId, setOpenId],
  ['userId', getUserId, setUserId],
])('%s: a full storage reports false and the page still reads the value', (_, get, set) => {
  configureBrowser({ localStorage: new FullStorage() })
  expect(set('7')).toBe(false)
  expect(get()).toBe('7')
})
