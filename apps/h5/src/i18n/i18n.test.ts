import { afterEach, describe, expect, it } from 'vitest'
import { installFakeBrowser } from '../testing/fake-browser'
import { en } from './en'
import { createI18n, LOCALE_KEY, languageTag } from './i18n'
import { zh } from './zh'
import { zhPages } from './zh-pages'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => browser?.reset())

describe('i18n', () => {
  it('speaks Chinese until English is chosen', async () => {
    browser = installFakeBrowser()
    const i18n = createI18n(async () => en)
    expect(await i18n.init(['zh-CN', 'en'])).toBe('zh')
    expect(i18n.t('nav.schedule')).toBe('课表')
  })

  it.each([
    [['en-US', 'zh-CN'], null, 'en'],
    [['en'], null, 'en'],
    [['zh-CN', 'en-US'], null, 'zh'],
    [['fr-FR'], null, 'zh'],
    [[], null, 'zh'],
    [['en-US'], 'zh', 'zh'],
    [['zh-CN'], 'en', 'en'],
    [['en-US'], 'klingon', 'en'],
  ] as const)(
    'browser languages %j with %s stored start in %s, and only a choice is remembered',
    async (languages, stored, expected) => {
      browser = installFakeBrowser()
      if (stored) browser.localStorage.setItem(LOCALE_KEY, stored)
      const i18n = createI18n(async () => en)
      expect(await i18n.init(languages)).toBe(expected)
      expect(i18n.dataLocale()).toBe(expected)
      expect(browser.localStorage.getItem(LOCALE_KEY)).toBe(stored)
    },
  )

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
    expect(await i18n.init(['zh-CN'])).toBe('zh')
    expect(i18n.dataLocale()).toBe('zh')
    expect(i18n.t('nav.schedule')).toBe('课表')
  })

  it.each([
    ['zh', 'zh-CN'],
    ['en', 'en'],
  ] as const)('tags %s as %s', (locale, tag) => {
    expect(languageTag(locale)).toBe(tag)
  })

  it('gives every English message the same placeholders as the Chinese one', () => {
    const chinese: Record<string, string> = { ...zh, ...zhPages }
    for (const key of Object.keys(chinese) as Array<keyof typeof en>) {
      const message = en[key]
      // A plural message takes only {count}: it says it, agreeing with it.
      if (typeof message === 'function') {
        expect(placeholders(chinese[key] ?? ''), key).toEqual(['count'])
        expect(message({ count: 1 }), key).toMatch(/^\D*1\D*$/)
        continue
      }
      expect(placeholders(message), key).toEqual(placeholders(chinese[key] ?? ''))
    }
    expect(Object.keys(en).sort()).toEqual(Object.keys(chinese).sort())
  })

  it.each([
    ['shop.credits', 1, '1 class'],
    ['shop.credits', 2, '2 classes'],
    ['shop.credits', 1000, '1,000 classes'],
    ['class.hours', 1, '1 hour'],
    ['class.cost', 1, 'Costs 1 credit'],
    ['schedule.found', 1, '1 class in the next two weeks'],
    ['schedule.found', 0, '0 classes in the next two weeks'],
  ] as const)('English agrees with its count: %s of %i is “%s”', async (key, count, expected) => {
    const i18n = createI18n(async () => en)
    await i18n.setLocale('en')
    expect(i18n.t(key, { count })).toBe(expected)
  })

  it('has no key in both parts of the Chinese catalogue', () => {
    expect(Object.keys(zh).filter((key) => Object.hasOwn(zhPages, key))).toEqual([])
  })

  it('speaks the first screen’s Chinese at once, and the pages’ once loadAll has fetched their part', async () => {
    browser = installFakeBrowser()
    let fetched = 0
    const i18n = createI18n(
      async () => en,
      async () => {
        fetched++
        return zhPages
      },
    )
    await i18n.init(['zh-CN'])
    expect(i18n.t('home.today')).toBe('今日课程')
    expect(i18n.t('schedule.clear')).toBe('schedule.clear')
    await Promise.all([i18n.loadAll(), i18n.loadAll()])
    await i18n.loadAll()
    expect(i18n.t('schedule.clear')).toBe('清除筛选')
    expect(fetched).toBe(1)
  })

  it('tries the pages’ part again on the next page when fetching it failed', async () => {
    browser = installFakeBrowser()
    let attempts = 0
    const i18n = createI18n(
      async () => en,
      async () => {
        attempts++
        if (attempts === 1) throw new TypeError('offline')
        return zhPages
      },
    )
    await expect(i18n.loadAll()).rejects.toThrow('offline')
    await i18n.loadAll()
    expect(i18n.t('schedule.clear')).toBe('清除筛选')
  })

  it('needs no Chinese part in English, and completes Chinese when switching back', async () => {
    browser = installFakeBrowser()
    let fetched = 0
    const i18n = createI18n(
      async () => en,
      async () => {
        fetched++
        return zhPages
      },
    )
    await i18n.setLocale('en')
    await i18n.loadAll()
    expect(fetched).toBe(0)
    expect(i18n.t('schedule.clear')).toBe('Clear filters')
    await i18n.setLocale('zh')
    expect(fetched).toBe(1)
    expect(i18n.t('schedule.clear')).toBe('清除筛选')
  })

  it('has no empty message in either language', () => {
    for (const catalogue of [zh, en]) {
      for (const [key, text] of Object.entries(catalogue))
        expect((typeof text === 'function' ? text({ count: 2 }) : text).trim(), key).not.toBe('')
    }
  })
})
