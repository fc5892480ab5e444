import { useMode, useT } from '../app/app-context'
import { BackButton } from './back-button'

/**
 * What the first load shows while the page's code and data arrive: the layout's own header (web mode) or back
 * bar (app mode), with the back button where the page has one, and grey blocks where the content will be, so
 * nothing moves when the page replaces it.
 *
 * @example
 * { path: '/', hydrateFallbackElement: <PageSkeleton />, ... }
 */
export function PageSkeleton() {
  const t = useT()
  const web = useMode() === 'web'
  return (
    <div className={web ? 'app has-tabbar' : 'app app-mode'}>
      {web && (
        <header className="app-header">
          <div className="header-start">
            <BackButton />
            <span className="brand">
              <span className="brand-mark" aria-hidden="true">
                ✦
              </span>
              &nbsp;{t('app.name')}
            </span>
          </div>
        </header>
      )}
      {!web && <BackButton bar />}
      <main className="app-main">
        <div className="skeleton" role="status" aria-label={t('common.loading')}>
          <div />
          <div />
          <div />
        </div>
      </main>
    </div>
  )
}
