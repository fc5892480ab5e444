import { readStorage, writeStorage } from '@xdance/session'
import { useSyncExternalStore } from 'react'
import { type MessageKey, zh } from './zh'

export type Locale = 'zh' | 'en'
export type MessageParams = Record<string, string | number>

/** Local-storage key remembering the customer's language choice. */
export const LOCALE_KEY = 'xdance-locale'
// Chinese ships in the entry chunk; English is its own chunk, fetched only by readers who choose it.
const CATALOGUES: Partial<Record<Locale, Record<MessageKey, string>>> = { zh }
const LOADERS: Record<Locale, () => Promise<Record<MessageKey, string>>> = {
  zh: async () => zh,
  en: async () => (await import('./en')).en,
}
const HTML_LANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en' }

let current: Locale = 'zh'
const listeners = new Set<() => void>()

/**
 * Formats a message of the current language; `{name}` placeholders take `params`.
 *
 * @example
 * t('schedule.seatsLeft', { count: 3 }) // '剩余 3 位'
 */
export function t(key: MessageKey, params?: MessageParams): string {
  const template = (CATALOGUES[current] ?? zh)[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  )
}

/** The current language. */
export function getLocale(): Locale {
  return current
}

/** The BCP 47 tag of the current language, for `Intl` and `<html lang>`. */
export function getLanguageTag(locale: Locale = current): string {
  return HTML_LANG[locale]
}

/**
 * Switches the language (fetching its catalogue the first time): remembers it, updates `<html lang>`,
 * re-renders every component using {@link useT}.
 *
 * @example
 * await setLocale('en')
 */
export async function setLocale(locale: Locale): Promise<void> {
  CATALOGUES[locale] ??= await LOADERS[locale]()
  current = locale
  writeStorage('local', LOCALE_KEY, locale)
  applyLang()
  for (const listener of listeners) listener()
}

/**
 * Applies the remembered language (Chinese unless English was chosen) before the first render.
 *
 * @example
 * await initLocale() // 'zh' on a first visit
 */
export async function initLocale(): Promise<Locale> {
  const remembered: Locale = readStorage('local', LOCALE_KEY) === 'en' ? 'en' : 'zh'
  if (remembered === 'zh') {
    current = 'zh'
    applyLang()
  } else {
    // A missing chunk (offline) leaves the app in Chinese rather than blank.
    await setLocale(remembered).catch(() => undefined)
  }
  return current
}

function applyLang(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[current]
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The translate function, re-rendering the calling component when the language changes.
 *
 * @example
 * const t = useT()
 * return <h1>{t('home.title')}</h1>
 */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, getLocale, getLocale)
  return t
}

/** The current language, re-rendering on change. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale)
}

/**
 * The message for a key built at run time (a style or level code from the gateway), or `fallback` when the
 * catalogue has no such key: a new style on the server shows its server name rather than a raw key.
 *
 * @example
 * tDynamic(`style.${item.style}`, item.styleName) // 'Jazz' in English
 */
export function tDynamic(key: string, fallback: string): string {
  return Object.hasOwn(zh, key) ? t(key as MessageKey) : fallback
}
