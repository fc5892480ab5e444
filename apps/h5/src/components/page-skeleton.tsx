import { useMode, useT } from '../app/app-context'
import shell from '../app/shell.module.css'
import { BackButton } from './back-button'
import styles from './page-skeleton.module.css'

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
    <div className={`${shell.app} ${web ? shell.hasTabbar : shell.appMode}`}>
      {web && (
        <header className={shell.appHeader}>
          <div className={shell.headerStart}>
            <BackButton />
            <span className={shell.brand}>
              <span className={shell.brandMark} aria-hidden="true">
                ✦
              </span>
              &nbsp;{t('app.name')}
            </span>
          </div>
        </header>
      )}
      {!web && <BackButton bar />}
      <main className={shell.appMain}>
        <div
          className={styles.skeleton}
          data-testid="page-skeleton"
          role="status"
          aria-label={t('common.loading')}
        >
          <div />
          <div />
          <div />
        </div>
      </main>
    </div>
  )
}
