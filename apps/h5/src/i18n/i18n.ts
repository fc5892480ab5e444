import { readStorage, writeStorage } from '@xdance/session'
import type { Message, MessageParams } from './message'
import { type MessageKey, zh } from './zh'

export type Locale = 'zh' | 'en'
// In a module of their own, so the English catalogue (which this one loads) needs nothing from this one.
export type { Message, MessageParams } from './message'
/** A message catalogue's formatter: `{name}` placeholders take `params`, unknown ones stay visible. */
export type Translate = (key: MessageKey, params?: MessageParams) => string

/** Local-storage key remembering the customer's language choice. */
export const LOCALE_KEY = 'xdance-locale'
const HTML_LANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en' }

/** The app's languages: the current one, its formatter, the switch. One instance, created by `main.tsx`. */
export interface I18n {
  /** The current language. */
  locale(): Locale
  /**
   * The language the studio's data is asked for: the current one, or the one being switched to (set at once by
   * `init` and `setLocale`, before the catalogue arrives), so that data loading beside it comes in that language.
   */
  dataLocale(): Locale
  /** Formats a message of the current language. */
  t: Translate
  /** The formatter of one language (loaded already: the current one, or Chinese). */
  translator(locale: Locale): Translate
  /** Switches the language (fetching its catalogue the first time), remembers it, updates `<html lang>`. */
  setLocale(locale: Locale): Promise<void>
  /**
   * Applies the language before the first render: the one remembered, or with no choice stored the reader's
   * (`languages`, the browser's `navigator.languages` by default, or the languages a server's request accepts):
   * English when the first is English (`en`, `en-*`), else Chinese.
   */
  init(languages?: readonly string[]): Promise<Locale>
  /**
   * Makes the current language's catalogue complete: fetches the second part of the Chinese one (`zh-pages`) the
   * first time (English is one chunk, complete once chosen). The pages route's middleware awaits it.
   */
  loadAll(): Promise<void>
  /** Called after every switch. */
  subscribe(listener: () => void): () => void
}

function format(template: string, params?: MessageParams): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  )
}

/**
 * The app's languages. What the first screen needs of Chinese ships in the entry chunk (`zh.ts`), the rest is a
 * chunk fetched before the first page that needs it (`zh-pages.ts`, {@link I18n.loadAll}); English is its own
 * chunk, fetched only by readers who choose it.
 *
 * @example
 * const i18n = createI18n()
 * await i18n.init()
 * i18n.t('class.seatsLeft', { count: 3 }) // '剩余 3 位'
 */
export function createI18n(
  loadEnglish: () => Promise<Record<MessageKey, Message>> = () => import('./en').then((m) => m.en),
  loadChinesePages: () => Promise<Readonly<Record<string, string>>> = () =>
    import('./zh-pages').then((m) => m.zhPages),
): I18n {
  const catalogues: Partial<Record<Locale, Partial<Record<MessageKey, Message>>>> = { zh }
  let chinesePages: Promise<void> | undefined
  const completeChinese = () => {
    chinesePages ??= loadChinesePages().then(
      (pages) => {
        catalogues.zh = { ...pages, ...zh }
      },
      (error: unknown) => {
        // A failed fetch (offline) is tried again by the next page that needs it.
        chinesePages = undefined
        throw error
      },
    )
    return chinesePages
  }
  let current: Locale = 'zh'
  let target: Locale = 'zh'
  const listeners = new Set<() => void>()
  const applyLang = () => {
    if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[current]
  }
  const switchTo = async (locale: Locale, remember: boolean) => {
    target = locale
    if (locale === 'zh') await completeChinese()
    else catalogues.en ??= await loadEnglish()
    current = locale
    if (remember) writeStorage('local', LOCALE_KEY, locale)
    applyLang()
    for (const listener of listeners) listener()
  }
  const translator =
    (locale: Locale): Translate =>
    (key, params) =>
      // A key of a part not loaded yet shows as itself: visible in a test, never silently empty.
      ((message) => (typeof message === 'function' ? message(params) : format(message, params)))(
        catalogues[locale]?.[key] ?? catalogues.zh?.[key] ?? key,
      )
  const i18n: I18n = {
    locale: () => current,
    dataLocale: () => target,
    t: (key, params) => translator(current)(key, params),
    translator,
    setLocale: (locale) => switchTo(locale, true),
    async init(languages = typeof navigator === 'undefined' ? [] : navigator.languages) {
      const stored = readStorage('local', LOCALE_KEY)
      // Followed, not remembered: the browser's language counts until the reader chooses one.
      if ((stored === 'en' || stored === 'zh' ? stored : browserLocale(languages)) === 'en') {
        // A missing chunk (offline) leaves the app in Chinese rather than blank.
        await switchTo('en', false).catch(() => {
          target = current
        })
      } else {
        applyLang()
      }
      return current
    },
    async loadAll() {
      if (current === 'zh') await completeChinese()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return i18n
}

/**
 * The app's language for a reader's languages (most wanted first): English when the first is English, else Chinese.
 *
 * @example
 * browserLocale(['en-US', 'zh-CN']) // 'en'
 * browserLocale(['zh-CN', 'en']) // 'zh'
 */
export function browserLocale(languages: readonly string[]): Locale {
  return /^en(-|$)/i.test(languages[0] ?? '') ? 'en' : 'zh'
}

/**
 * The BCP 47 tag of a language, for `<html lang>` and `lang` attributes.
 *
 * @example
 * languageTag('zh') // 'zh-CN'
 */
export function languageTag(locale: Locale): string {
  return HTML_LANG[locale]
}
