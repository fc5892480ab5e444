import { describe, expect, it } from 'vitest'
import { type Arrival, backStep, hasAppPageBehind } from './back-navigation'

describe('hasAppPageBehind', () => {
  it.each<[string, Arrival, boolean]>([
    ['a link tapped inside the app', { action: 'PUSH', previous: false, remembered: false }, true],
    [
      'a link tapped on a page that itself had one behind',
      { action: 'PUSH', previous: true, remembered: false },
      true,
    ],
    [
      'the initial load redirected by a loader (the gated page behind bounces back)',
      { action: 'PUSH', previous: undefined, remembered: false },
      false,
    ],
    [
      'a replace of an entry opened directly',
      { action: 'REPLACE', previous: false, remembered: false },
      false,
    ],
    [
      'a replace of an entry reached in the app',
      { action: 'REPLACE', previous: true, remembered: false },
      true,
    ],
    [
      'a replace before anything was shown',
      { action: 'REPLACE', previous: undefined, remembered: true },
      false,
    ],
    [
      'a shared link opened from a chat app',
      { action: 'POP', previous: undefined, remembered: false },
      false,
    ],
    [
      'a reload of an entry reached in the app',
      { action: 'POP', previous: undefined, remembered: true },
      true,
    ],
    ['back onto an entry reached in the app', { action: 'POP', previous: false, remembered: true }, true],
    [
      'back onto the entry the app was opened on',
      { action: 'POP', previous: true, remembered: false },
      false,
    ],
  ])('%s', (_case, arrival, expected) => {
    expect(hasAppPageBehind(arrival)).toBe(expected)
  })
})

describe('backStep', () => {
  it.each([
    ['/schedule', true, { kind: 'history' }],
    ['/schedule', false, { kind: 'parent', to: '/schedule' }],
    ['/', false, { kind: 'parent', to: '/' }],
    ['/me', true, { kind: 'history' }],
  ] as const)('from a page whose parent is %s, app page behind: %s → %o', (parent, behind, expected) => {
    expect(backStep(parent, behind)).toEqual(expected)
  })
})
