import { afterEach, describe, expect, it } from 'vitest'
import { installFakeBrowser } from '../testing/fake-browser'
import { en } from './en'
import { createI18n, LOCALE_KEY, languageTag } from './i18n'
import { zh } from './zh'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => browser?.reset())

describe('i18n', () => {
  it('speaks Chinese until English is chosen', async () => {
    browser = installFakeBrowser()
    const i18n = createI18n(async () => en)
    expect(await i18n.init()).toBe('zh')
    expect(i18n.t('nav.schedule')).toBe('课表')
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    const { t } = createI18n(async () => en)
    expect(t('class.seatsLeft', { count: 3 })).toBe('剩余 3 位')
    expect(t('class.seatsLeft')).toBe('剩余 {count} 位')
    expect(t('class.seatsLeft', { other: 1 })).toBe('剩余 {count} 位')
  })

  it('switches to English and back, remembers the choice and tells its listeners', async () => {
    browser = installFakeBrowser()
    const i18n = createI18n(async () => en)
    const heard: string[] = []
    i18n.subscribe(() => heard.push(i18n.locale()))
    await i18n.setLocale('en')
    expect(i18n.t('class.seatsLeft', { count: 3 })).toBe('3 left')
    expect(browser.localStorage.getItem(LOCALE_KEY)).toBe('en')
    await i18n.setLocale('zh')
    expect(heard).toEqual(['en', 'zh'])
  })

  it('starts in the remembered language', async () => {
    browser = installFakeBrowser()
    browser.localStorage.setItem(LOCALE_KEY, 'en')
    const i18n = createI18n(async () => en)
    expect(await i18n.init()).toBe('en')
    expect(i18n.t('nav.schedule')).toBe('Schedule')
  })

  it('stays in Chinese when the English chunk cannot be fetched', async () => {
    browser = installFakeBrowser()
    browser.localStorage.setItem(LOCALE_KEY, 'en')
    const i18n = createI18n(() => Promise.reject(new TypeError('offline')))
    expect(await i18n.init()).toBe('zh')
    expect(i18n.t('nav.schedule')).toBe('课表')
  })

  it.each([
    ['zh', 'zh-CN'],
    ['en', 'en'],
  ] as const)('tags %s as %s', (locale, tag) => {
    expect(languageTag(locale)).toBe(tag)
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
