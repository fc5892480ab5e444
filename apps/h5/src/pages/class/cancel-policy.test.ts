import { describe, expect, it } from 'vitest'
import { en } from '../../i18n/en'
import { createI18n } from '../../i18n/i18n'
import { cancelDeadline, policyDeadline, policyRule } from './cancel-policy'

const i18n = createI18n(async () => en)

describe('the cancellation rule', () => {
  it('ends the cut-off before the class starts', () => {
    expect(cancelDeadline('2025-06-03T19:00:00+08:00', 120)).toBe(Date.parse('2025-06-03T17:00:00+08:00'))
  })

  it.each([
    ['zh', 120, '开课前 2 小时可免费取消'],
    ['zh', 60, '开课前 1 小时可免费取消'],
    ['zh', 90, '开课前 90 分钟可免费取消'],
    ['en', 120, 'Free cancellation until 2 hours before class'],
    ['en', 60, 'Free cancellation until 1 hour before class'],
    ['en', 45, 'Free cancellation until 45 minutes before class'],
  ] as const)('in %s, %i minutes read %j', async (locale, minutes, words) => {
    await i18n.loadAll()
    await i18n.setLocale(locale)
    expect(policyRule(i18n.translator(locale), minutes)).toBe(words)
  })

  it.each([
    ['zh', '2025-06-03T19:00:00+08:00', '本节课 6月3日周二 17:00 前可免费取消'],
    ['en', '2025-06-03T19:00:00+08:00', 'For this class: until 17:00 on Tue, Jun 3'],
    ['zh', '2025-06-04T01:00:00+08:00', '本节课 6月3日周二 23:00 前可免费取消'],
  ] as const)('in %s, a class at %s can be cancelled: %j', async (locale, startsAt, words) => {
    await i18n.setLocale(locale)
    expect(policyDeadline(i18n.translator(locale), startsAt, 120)).toBe(words)
  })
})
