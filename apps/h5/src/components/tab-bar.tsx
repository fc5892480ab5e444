import { isLoggedIn } from '@xdance/session'
import { useEffect, useRef } from 'react'
import { NavLink, useFetcher, useLocation } from 'react-router'
import { useMode, useT } from '../app/app-context'
import type { MessageKey } from '../i18n/zh'
import text from '../ui/text.module.css'
import styles from './tab-bar.module.css'

interface Tab {
  to: string
  label: MessageKey
  icon: string
}

// 24x24 stroke icons, drawn here so no icon font or sprite is needed for the first screen; a deployment's icon font
// (settings: iconFontScriptURL), once loaded, draws them instead.
const TABS: readonly Tab[] = [
  {
    to: '/',
    label: 'nav.home',

    icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  },
  {
    to: '/schedule',
    label: 'nav.schedule',

    icon: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  },
  {
    to: '/bookings',
    label: 'nav.bookings',

    icon: 'M6 3h12v18l-6-4-6 4zM9 8h6M9 12h6',
  },
  {
    to: '/me',
    label: 'nav.me',

    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  },
]

/**
 * The web-mode bottom navigation (hidden in app mode, where the native app navigates).
 *
 * @example
 * <TabBar />
 */
export function TabBar() {
  const t = useT()
  const unread = useUnreadNotices()
  return (
    <nav className={styles.tabbar} aria-label={t('nav.label')}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.to === '/'}>
          {/* The icon font's symbol (`nav.home` → `#icon-home`), shown instead of the built-in path once the font is
              there (tab-bar.module.css). */}
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <use href={`#icon-${tab.label.slice(4)}`} />
            <path d={tab.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          {t(tab.label)}
          {tab.to === '/me' && unread > 0 && (
            <span className={styles.badge} data-testid="unread-badge">
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className={text.visuallyHidden}>{t('nav.unread', { count: unread })}</span>
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  )
}

// The unread notice count of the profile tab: read (a cheap `GET /me`, through the `notices/unread` route's loader)
// when the bar mounts signed in, when the profile or the notices open, and at most once a minute on other pages;
// React Router reloads it after every action (marking read, booking, paying), never on a plain render.
function useUnreadNotices(): number {
  const fetcher = useFetcher<{ unread: number }>({ key: 'unread-notices' })
  const { pathname } = useLocation()
  const mode = useMode()
  const last = useRef(0)
  const { load } = fetcher
  useEffect(() => {
    if (!isLoggedIn(mode)) return
    const now = Date.now()
    if (pathname !== '/me' && pathname !== '/notices' && now - last.current < 60_000) return
    last.current = now
    void load('/notices/unread')
  }, [pathname, mode, load])
  return isLoggedIn(mode) ? (fetcher.data?.unread ?? 0) : 0
}
