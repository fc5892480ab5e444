import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import { createI18n } from '../i18n/i18n'
import { formatYuan } from './money'

const i18n = createI18n(async () => en)
await i18n.setLocale('en')
const zhT = i18n.translator('zh')
const enT = i18n.translator('en')

describe('formatYuan: fen as yuan through Intl.NumberFormat (CNY), in each language', () => {
  it.each([
    [88000, '¥880', '¥880'],
    [3900, '¥39', '¥39'],
    [3990, '¥39.90', '¥39.90'],
    [1, '¥0.01', '¥0.01'],
    [0, '¥0', '¥0'],
    // Intl groups thousands in both languages (the catalogue helper spelled ¥1580).
    [158000, '¥1,580', '¥1,580'],
    [1234567, '¥12,345.67', '¥12,345.67'],
    [-500, '-¥5', '-¥5'],
    // Never a float's tail: 30 fen stay 30 fen.
    [30, '¥0.30', '¥0.30'],
  ])('spells %i fen as %s in Chinese and %s in English', (fen, zh, english) => {
    expect(formatYuan(zhT, fen)).toBe(zh)
    expect(formatYuan(enT, fen)).toBe(english)
  })

  it('writes ¥ in English too, never CN¥', () => {
    expect(formatYuan(enT, 88000)).not.toContain('CN')
  })
})
