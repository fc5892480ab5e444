import { useTrackRoutes } from '@xdance/tracker/react'
import { useEffect } from 'react'
import { Link, Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router'
import { BackButton } from '../components/back-button'
import { LanguageSwitch } from '../components/language-switch'
import { PendingBar } from '../components/pending-bar'
import { TabBar } from '../components/tab-bar'
import { Toaster } from '../components/toaster'
import { useLocale, useT } from '../i18n/i18n'
import { titleOf } from './route-handle'
import { services } from './services'
import { useRecordArrivals } from './use-back'

/**
 * The root route's element: web chrome (header, bottom tabs) in web mode only (app mode keeps just the back
 * button of pages outside the tab bar), the page, the toasts,
 * the pending bar, and the tracker binding fed by the route table's `handle`s.
 *
 * @example
 * { path: '/', element: <Layout />, children: [...] }
 */
export function Layout() {
  const { mode, toasts } = services()
  const navigation = useNavigation()
  const web = mode === 'web'
  useTrackRoutes()
  useRecordArrivals()
  useDocumentTitle()
  const t = useT()
  return (
    <div className={web ? 'app has-tabbar' : 'app app-mode'}>
      <PendingBar />
      {web && (
        <header className="app-header">
          <div className="header-start">
            <BackButton />
            <Link className="brand" to="/">
              <span className="brand-mark" aria-hidden="true">
                ✦
              </span>
              &nbsp;{t('app.name')}
            </Link>
          </div>
          <LanguageSwitch />
        </header>
      )}
      {/* App mode: the native shell may have no back button of its own, so pages that declare one keep it. */}
      {!web && <BackButton bar />}
      <main id="main" className="app-main" aria-busy={navigation.state !== 'idle'}>
        <Outlet />
      </main>
      {web && <TabBar />}
      <Toaster store={toasts} />
      {/* A new page opens at its top; back and forward return to where the customer was. */}
      <ScrollRestoration />
    </div>
  )
}

function useDocumentTitle(): void {
  const matches = useMatches()
  const t = useT()
  const locale = useLocale()
  const leaf = matches[matches.length - 1]
  const pageTitle = (leaf?.loaderData as { pageTitle?: unknown } | undefined)?.pageTitle
  const key = titleOf(matches)
  useEffect(() => {
    // `locale` is read so the title follows a language switch.
    void locale
    const name = typeof pageTitle === 'string' && pageTitle ? pageTitle : key ? t(key) : ''
    document.title = name ? `${name} · ${t('app.name')}` : t('app.name')
  }, [key, pageTitle, t, locale])
}
