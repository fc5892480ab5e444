import { describe, expect, test } from 'vitest'
import { MAX_REPORT_URL_LENGTH } from './constants'
import { buildReportUrl } from './report-url'

const BASE = 'https://gw.example.com/report/behavior/report'
const params = (url: string) => ({ actionType: 'visit', url, uuid: 'anon-1', openId: '' })
const read = (url: string) => Object.fromEntries(new URL(url).searchParams)

describe('buildReportUrl', () => {
  test.each([
    ['a short report, unchanged', 'https://h5.example.com/a?b=1&c=2'],
    ['exactly at the limit', `https://h5.example.com/?q=${'x'.repeat(1874)}`],
    ['ASCII far over the limit', `https://h5.example.com/?q=${'x'.repeat(10_000)}`],
    ['percent-escapes that grow when encoded again', `https://h5.example.com/?q=${'%E4%BD%A0'.repeat(800)}`],
    ['CJK text (9 characters each once encoded)', `舞蹈课程${'你好'.repeat(3000)}`],
    ['emoji (surrogate pairs)', `https://h5.example.com/${'💃'.repeat(2000)}`],
  ])('%s: fits, stays a prefix of the value, keeps the other fields', (_name, url) => {
    const built = buildReportUrl(BASE, params(url))
    const sent = read(built)
    expect(built.length).toBeLessThanOrEqual(MAX_REPORT_URL_LENGTH)
    expect(built.startsWith(`${BASE}?`)).toBe(true)
    expect(sent).toMatchObject({ actionType: 'visit', uuid: 'anon-1', openId: '' })
    // a cut through a surrogate pair is sent as U+FFFD
    expect(url.startsWith((sent.url ?? '').replace(/\uFFFD$/, ''))).toBe(true)
  })

  test.each([
    ['ASCII', `https://h5.example.com/?q=${'x'.repeat(10_000)}`],
    ['CJK', '你好'.repeat(3000)],
  ])('%s: cuts no more than it must (within one encoded character)', (_name, url) => {
    expect(buildReportUrl(BASE, params(url)).length).toBeGreaterThan(MAX_REPORT_URL_LENGTH - 9)
  })

  test('the longest value is cut first, so short fields survive a long extra parameter', () => {
    const built = read(
      buildReportUrl(BASE, { ...params('https://h5.example.com/a'), sharer: 's'.repeat(3000) }),
    )
    expect(built.url).toBe('https://h5.example.com/a')
    expect(built.sharer?.length).toBeLessThan(3000)
  })

  test('a base URL over the limit on its own: long values are cut, short fields kept whole', () => {
    const base = `https://gw.example.com/${'p'.repeat(2500)}`
    const built = buildReportUrl(base, params(`https://h5.example.com/${'a'.repeat(500)}`))
    expect(built.startsWith(`${base}?`)).toBe(true)
    expect(read(built)).toMatchObject({ actionType: 'visit', uuid: 'anon-1' })
    expect(read(built).url?.length).toBeLessThanOrEqual(64)
  })

  test('values are encoded: & = # + and spaces cannot break the query', () => {
    const url = 'https://h5.example.com/#/a?x=1&y=a b+c'
    expect(read(buildReportUrl(BASE, params(url))).url).toBe(url)
  })
})
