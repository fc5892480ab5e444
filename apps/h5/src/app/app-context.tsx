import type { Mode } from '@xdance/session'
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { I18n, Locale, Translate } from '../i18n/i18n'
import type { ToastStore } from '../toast/toast-store'
import type { ShareSpec } from '../wechat/share-card'
import { NO_WECHAT, type WechatShare } from '../wechat/wechat-handle'
import type { ErrorReporter } from './error-reporter'

/** What components read of the app's start-up: the mode, the toasts, the languages, WeChat. */
export interface AppContextValue {
  mode: Mode
  toasts: ToastStore
  i18n: I18n
  /** Inside WeChat: the share card and hint. Absent: an ordinary browser. */
  wechat?: WechatShare | undefined
  /** Reports the app's own exceptions to the gateway. Absent: nothing is reported (tests, the server renderer). */
  reporter?: ErrorReporter | undefined
}

const AppContext = createContext<AppContextValue | null>(null)

/**
 * Hands the mode, the toast store and the languages created by `main.tsx` to every component (tests render
 * with their own).
 *
 * @example
 * <AppProvider value={{ mode, toasts, i18n }}><RouterProvider router={router} /></AppProvider>
 */
export function AppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext value={value}>{children}</AppContext>
}

function useApp(): AppContextValue {
  const value = useContext(AppContext)
  if (!value) throw new TypeError('xdance h5: a component rendered outside <AppProvider>')
  return value
}

/**
 * The app's mode: `web` (a shared link) or `app` (inside the studio's native app).
 *
 * @example
 * const web = useMode() === 'web'
 */
export function useMode(): Mode {
  return useApp().mode
}

/**
 * The bug reporter, or one that sends nothing where none was given.
 *
 * @example
 * useReporter().report(error)
 */
export function useReporter(): ErrorReporter {
  return useApp().reporter ?? NO_REPORTER
}

const NO_REPORTER: ErrorReporter = { report: () => false }

/**
 * The toast store (for a component's own messages; gateway failures reach it through the client).
 *
 * @example
 * useToasts().show(t('toast.linkCopied'), 'info')
 */
export function useToasts(): ToastStore {
  return useApp().toasts
}

/**
 * The current language, re-rendering the calling component when it changes.
 *
 * @example
 * const locale = useLocale() // 'zh'
 */
export function useLocale(): Locale {
  const { i18n } = useApp()
  return useSyncExternalStore(i18n.subscribe, i18n.locale, i18n.locale)
}

/**
 * The formatter of the current language, re-rendering the calling component when the language changes.
 *
 * @example
 * const t = useT()
 * return <h1>{t('home.title')}</h1>
 */
export function useT(): Translate {
  const { i18n } = useApp()
  const locale = useLocale()
  return useMemo(() => i18n.translator(locale), [i18n, locale])
}

/**
 * Switches the language.
 *
 * @example
 * const setLocale = useSetLocale()
 * <button onClick={() => void setLocale('en')}>English</button>
 */
export function useSetLocale(): (locale: Locale) => Promise<void> {
  return useApp().i18n.setLocale
}

/**
 * WeChat as the pages see it: whether they run inside it, and the share card of the current page.
 *
 * @example
 * const wechat = useWechat()
 * useEffect(() => wechat.setCard(homeCard(location.origin, org, readerId)), [wechat, org, readerId])
 */
export function useWechat(): WechatShare {
  return useApp().wechat ?? NO_WECHAT
}

/**
 * Sets the page's WeChat share card (inside WeChat with an app id; nothing elsewhere) from its `spec` whenever `key`
 * changes; the WeChat chunk builds it for the reader (the signed-in customer is the link's `sharer`).
 *
 * @example
 * useShareCard(`home:${org.orgId}`, { kind: 'home', org })
 */
export function useShareCard(key: string, spec: ShareSpec): void {
  const wechat = useWechat()
  // `spec` is a new object each render; the card changes only with `key`.
  useEffect(() => wechat.setCard(spec), [wechat, key])
}
