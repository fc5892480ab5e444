import { useTrackRoutes } from '@xdance/tracker/react'
import { Link, Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router'
import { BackButton } from '../components/back-button'
import { LanguageSwitch } from '../components/language-switch'
import { OfflineNotice } from '../components/offline-notice'
import { PendingBar } from '../components/pending-bar'
import { TabBar } from '../components/tab-bar'
import { Toaster } from '../components/toaster'
import { useMode, useT, useToasts } from './app-context'
import { titleOf } from './route-handle'
import shell from './shell.module.css'
import { useRecordArrivals } from './use-back'

/**
 * The root route's element: web chrome (header, bottom tabs) in web mode only (app mode keeps just the back
 * button of pages outside the tab bar), the document title, the page, the toasts, the pending bar, and the
 * tracker binding fed by the route table's `handle`s.
 *
 * @example
 * { path: '/', element: <Layout />, children: [...] }
 */
export function Layout() {
  const web = useMode() === 'web'
  const toasts = useToasts()
  const navigation = useNavigation()
  useTrackRoutes()
  useRecordArrivals()
  const t = useT()
  const title = useDocumentTitle()
  return (
    <div className={`${shell.app} ${web ? shell.hasTabbar : shell.appMode}`}>
      {/* React 19 hoists it into <head>; it follows the page and the language like any text. */}
      <title>{title}</title>
      <PendingBar />
      <OfflineNotice />
      {web && (
        <header className={shell.appHeader}>
          <div className={shell.headerStart}>
            <BackButton />
            <Link className={shell.brand} to="/">
              <span className={shell.brandMark} aria-hidden="true">
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
      <main id="main" className={shell.appMain} aria-busy={navigation.state !== 'idle'}>
        <Outlet />
      </main>
      {web && <TabBar />}
      <Toaster store={toasts} />
      {/* A new page opens at its top; back and forward return to where the customer was. */}
      <ScrollRestoration />
    </div>
  )
}

// The page's own title (a class's or an article's, from its loader's `pageTitle`), else its route's, then the
// app's name.
function useDocumentTitle(): string {
  const matches = useMatches()
  const t = useT()
  const leaf = matches[matches.length - 1]
  const pageTitle = (leaf?.loaderData as { pageTitle?: unknown } | undefined)?.pageTitle
  const key = titleOf(matches)
  const name = typeof pageTitle === 'string' && pageTitle ? pageTitle : key ? t(key) : ''
  return name ? `${name} · ${t('app.name')}` : t('app.name')
}
