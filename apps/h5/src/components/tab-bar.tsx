import { NavLink } from 'react-router'
import { useT } from '../app/app-context'
import type { MessageKey } from '../i18n/zh'
import { useIconSymbol } from '../icons/icon-font'

interface Tab {
  to: string
  label: MessageKey
  icon: string
  /** The symbol of the deployment's icon font that replaces `icon` once the font has loaded. */
  symbol: string
}

// 24x24 stroke icons, drawn here so no icon font or sprite is needed for the first screen; a deployment's icon font
// (settings: iconFontScriptURL), once loaded, draws them instead.
const TABS: readonly Tab[] = [
  {
    to: '/',
    label: 'nav.home',
    symbol: 'icon-home',
    icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  },
  {
    to: '/schedule',
    label: 'nav.schedule',
    symbol: 'icon-schedule',
    icon: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  },
  {
    to: '/bookings',
    label: 'nav.bookings',
    symbol: 'icon-bookings',
    icon: 'M6 3h12v18l-6-4-6 4zM9 8h6M9 12h6',
  },
  {
    to: '/me',
    label: 'nav.me',
    symbol: 'icon-me',
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
  // A font that has the first symbol is taken to have them all.
  const font = useIconSymbol(TABS[0]?.symbol ?? '')
  return (
    <nav className="tabbar" aria-label={t('nav.label')}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.to === '/'}>
          {font ? (
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <use href={`#${tab.symbol}`} />
            </svg>
          ) : (
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d={tab.icon} />
            </svg>
          )}
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  )
}
