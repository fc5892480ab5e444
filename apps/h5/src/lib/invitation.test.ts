// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { rememberSharer, SHARER_KEY, sharerForSignUp } from './invitation'

const DAY = 24 * 60 * 60_000
afterEach(() => localStorage.clear())

describe('the sharer of the link a visitor arrived by', () => {
  it('is kept for a signed-out visitor and carried by a sign-up within 14 days', () => {
    rememberSharer('https://h5.example.com/classes/7?sharer=20001', false, 0)
    expect(sharerForSignUp(14 * DAY)).toBe('20001')
    expect(sharerForSignUp(14 * DAY + 1)).toBeUndefined()
    expect(localStorage.getItem(SHARER_KEY)).toBeNull()
  })

  it('the first link counts: a later one does not replace it while it holds', () => {
    rememberSharer('https://h5.example.com/?sharer=1', false, 0)
    rememberSharer('https://h5.example.com/?sharer=2', false, DAY)
    expect(sharerForSignUp(DAY)).toBe('1')
  })

  it.each([
    ['a signed-in reader', 'https://h5.example.com/?sharer=1', true],
    ['no sharer', 'https://h5.example.com/', false],
    ['a sharer that is no userId', 'https://h5.example.com/?sharer=%3Cscript%3E', false],
  ])('keeps nothing for %s', (_case, url, signedIn) => {
    rememberSharer(url, signedIn, 0)
    expect(sharerForSignUp(0)).toBeUndefined()
  })

  it('never throws without storage or with garbage in it', () => {
    localStorage.setItem(SHARER_KEY, '{not json')
    expect(sharerForSignUp(0)).toBeUndefined()
    expect(() => rememberSharer('not a url', false, 0)).not.toThrow()
  })
})
