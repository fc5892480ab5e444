import { afterEach, describe, expect, test } from 'vitest'
import { configureBrowser, resetBrowser } from './browser'
import { INVITE_ID_KEY, MODE_KEY } from './constants'
import { detectMode, getInviteId } from './mode'
import { MemoryStorage, RefusingStorage } from './test-fakes'

afterEach(resetBrowser)

function fresh() {
  const localStorage = new MemoryStorage()
  const sessionStorage = new MemoryStorage()
  configureBrowser({ localStorage, sessionStorage })
  return { localStorage, sessionStorage }
}

describe('detectMode from a URL', () => {
  test.each([
    ['a plain page is web', 'https://h5.example.com/', 'web'],
    ['source=app is app', 'https://h5.example.com/?source=app', 'app'],
    ['source=app among others is app', 'https://h5.example.com/?a=1&source=app&b=2', 'app'],
    ['source=app in a hash-router query is app', 'https://h5.example.com/#/course?source=app', 'app'],
    [
      'source=app after a hash path with its own query is app',
      'https://h5.example.com/?x=1#/c?source=app',
      'app',
    ],
    ['another source is web', 'https://h5.example.com/?source=wechat', 'web'],
    ['source is matched exactly', 'https://h5.example.com/?source=apple', 'web'],
    ['an app parameter with another name is web', 'https://h5.example.com/?from=app', 'web'],
    ['a relative URL works', '/course?source=app', 'app'],
    ['an empty URL is web', '', 'web'],
    ['a malformed URL is web, never a throw', 'http://[::1/%E0%A4%A?source=%', 'web'],
  ])('%s', (_, url, mode) => {
    fresh()
    expect(detectMode({ url })).toBe(mode)
  })

  test('reads the page location when no URL is given', () => {
    fresh()
    configureBrowser({ location: { href: 'https://h5.example.com/#/home?source=app', protocol: 'https:' } })
    expect(detectMode()).toBe('app')
  })

  test('is web without a location (not a page)', () => {
    fresh()
    configureBrowser({ location: undefined })
    expect(detectMode()).toBe('web')
  })
})

describe('remembering app mode', () => {
  test('app mode seen once holds for the rest of the browser session', () => {
    const { sessionStorage, localStorage } = fresh()
    expect(detectMode({ url: 'https://h5.example.com/?source=app' })).toBe('app')
    expect(sessionStorage.getItem(MODE_KEY)).toBe('app')
    expect(localStorage.getItem(MODE_KEY)).toBeNull()
    expect(detectMode({ url: 'https://h5.example.com/next' })).toBe('app')
  })

  test('web mode is not remembered', () => {
    const { sessionStorage } = fresh()
    detectMode({ url: 'https://h5.example.com/' })
    expect(sessionStorage.length).toBe(0)
  })

  test('without storage app mode is remembered for the page', () => {
    configureBrowser({ localStorage: new RefusingStorage(), sessionStorage: undefined })
    expect(detectMode({ url: '/?source=app&inviteId=9' })).toBe('app')
    expect(detectMode({ url: '/next' })).toBe('app')
    expect(getInviteId()).toBe('9')
  })
})

describe('forcing the mode', () => {
  test('force app wins over a web URL', () => {
    fresh()
    expect(detectMode({ url: 'https://h5.example.com/', force: 'app' })).toBe('app')
  })

  test('force web wins over source=app and a remembered app mode, and forgets nothing', () => {
    const { sessionStorage } = fresh()
    detectMode({ url: '/?source=app' })
    expect(detectMode({ url: '/?source=app', force: 'web' })).toBe('web')
    expect(sessionStorage.getItem(MODE_KEY)).toBe('app')
  })
})

describe('invite id', () => {
  test('an app-mode URL stores its inviteId in local storage', () => {
    const { localStorage } = fresh()
    detectMode({ url: 'https://h5.example.com/#/invite?source=app&inviteId=u%2077' })
    expect(localStorage.getItem(INVITE_ID_KEY)).toBe('u 77')
    expect(getInviteId()).toBe('u 77')
  })

  test('a forced app mode stores the inviteId too', () => {
    fresh()
    detectMode({ url: '/?inviteId=42', force: 'app' })
    expect(getInviteId()).toBe('42')
  })

  test('a web-mode URL does not store its inviteId', () => {
    const { localStorage } = fresh()
    detectMode({ url: '/?inviteId=42' })
    expect(localStorage.getItem(INVITE_ID_KEY)).toBeNull()
    expect(getInviteId()).toBeUndefined()
  })

  test('a later app page without an inviteId keeps the stored one', () => {
    fresh()
    detectMode({ url: '/?source=app&inviteId=42' })
    detectMode({ url: '/next' })
    expect(getInviteId()).toBe('42')
  })

  test('an empty inviteId does not replace the stored one', () => {
    fresh()
    detectMode({ url: '/?source=app&inviteId=42' })
    detectMode({ url: '/?source=app&inviteId=' })
    expect(getInviteId()).toBe('42')
  })

  test('a new inviteId replaces the stored one', () => {
    fresh()
    detectMode({ url: '/?source=app&inviteId=42' })
    detectMode({ url: '/?inviteId=43' })
    expect(getInviteId()).toBe('43')
  })
})
