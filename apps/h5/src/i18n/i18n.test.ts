import { describe, expect, it } from 'vitest'
import { en } from './en'
import { getLanguageTag, getLocale, setLocale, t } from './i18n'
import { zh } from './zh'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('i18n', () => {
  it('speaks Chinese until English is chosen', () => {
    expect(getLocale()).toBe('zh')
    expect(t('nav.schedule')).toBe('课表')
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('class.seatsLeft', { count: 3 })).toBe('剩余 3 位')
    expect(t('class.seatsLeft')).toBe('剩余 {count} 位')
    expect(t('class.seatsLeft', { other: 1 })).toBe('剩余 {count} 位')
  })

  it('switches to English and back', async () => {
    await setLocale('en')
    expect(t('class.seatsLeft', { count: 3 })).toBe('3 left')
    expect(getLanguageTag()).toBe('en')
    await setLocale('zh')
    expect(getLanguageTag()).toBe('zh-CN')
  })

  it('gives every English message the same placeholders as the Chinese one', () => {
    for (const key of Object.keys(zh) as Array<keyof typeof zh>) {
      expect(placeholders(en[key]), key).toEqual(placeholders(zh[key]))
    }
  })

  it('has no empty message in either language', () => {
    for (const catalogue of [zh, en]) {
      for (const [key, text] of Object.entries(catalogue)) expect(text.trim(), key).not.toBe('')
    }
  })
})
