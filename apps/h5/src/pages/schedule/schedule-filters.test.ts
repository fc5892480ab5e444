import { LEVELS, STYLES } from '@xdance/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeBrowser } from '../../testing/fake-browser'
import {
  FILTERS_STORAGE_KEY,
  isFiltered,
  namedCodes,
  readFilters,
  recallFilters,
  rememberFilters,
  schedulePath,
} from './schedule-filters'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => browser?.reset())

describe('readFilters', () => {
  it.each([
    ['', {}],
    ['style=jazz&level=beginner&teacher=3', { style: 'jazz', level: 'beginner', teacher: '3' }],
    ['style=tango', {}],
    ['level=pro&style=kpop', { style: 'kpop' }],
    ['teacher=0', {}],
    ['teacher=abc', {}],
    ['teacher=12&date=2025-06-03', { teacher: '12' }],
    ['style=&level=&teacher=', {}],
    ['style=toString', {}],
    ['time=evening&level=beginner', { level: 'beginner', time: 'evening' }],
    ['time=night', {}],
    ['time=constructor', {}],
    ['q=%20%E7%88%B5%E5%A3%AB%20', { q: '爵士' }],
    ['q=%20%20', {}],
    [`q=${'x'.repeat(41)}`, {}],
    ['age=5&style=ballet', { style: 'ballet', age: '5' }],
    ['age=121', {}],
    ['age=-1', {}],
    ['age=five', {}],
  ])('?%s holds %j', (query, filters) => {
    expect(readFilters(new URLSearchParams(query))).toEqual(filters)
  })
})

describe('schedulePath', () => {
  it.each([
    [{}, undefined, '/schedule'],
    [{}, '2025-06-03', '/schedule?date=2025-06-03'],
    [{ teacher: '3', style: 'jazz' }, null, '/schedule?style=jazz&teacher=3'],
    [
      { style: 'jazz', level: 'beginner', teacher: '3' },
      '2025-06-03',
      '/schedule?style=jazz&level=beginner&teacher=3&date=2025-06-03',
    ],
  ])('%j on %s is %s', (filters, date, path) => {
    expect(schedulePath(filters, date)).toBe(path)
  })
})

describe('the filters of the visit', () => {
  // A browser's: a server's render (no window) has no visit to remember them for.
  beforeEach(() => {
    vi.stubGlobal('window', {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('are neither remembered nor recalled on a server (no window): its storage would be every visitor’s', () => {
    browser = installFakeBrowser()
    vi.unstubAllGlobals()
    rememberFilters({ style: 'jazz' })
    expect(browser.sessionStorage.getItem(FILTERS_STORAGE_KEY)).toBeNull()
    browser.sessionStorage.setItem(FILTERS_STORAGE_KEY, 'style=jazz')
    expect(recallFilters()).toEqual({})
  })

  it('are remembered in session storage and recalled', () => {
    browser = installFakeBrowser()
    expect(recallFilters()).toEqual({})
    rememberFilters({ style: 'jazz', teacher: '3' })
    expect(browser.sessionStorage.getItem(FILTERS_STORAGE_KEY)).toBe('style=jazz&teacher=3')
    expect(recallFilters()).toEqual({ style: 'jazz', teacher: '3' })
    rememberFilters({})
    expect(recallFilters()).toEqual({})
  })

  it('ignore what was tampered with in storage', () => {
    browser = installFakeBrowser()
    browser.sessionStorage.setItem(FILTERS_STORAGE_KEY, 'style=<script>&level=advanced')
    expect(recallFilters()).toEqual({ level: 'advanced' })
  })

  it('tell whether any is set', () => {
    expect(isFiltered({})).toBe(false)
    expect(isFiltered({ level: 'advanced' })).toBe(true)
  })
})

describe('namedCodes', () => {
  it('names every style and level of the contract, in its order', () => {
    expect(namedCodes('style')).toEqual(Object.keys(STYLES))
    expect(namedCodes('level')).toEqual(Object.keys(LEVELS))
  })
})
