import { Link } from 'react-router'
import { useT } from '../../app/app-context'
import button from '../../ui/button.module.css'
import errorPage from '../../ui/error-page.module.css'
import text from '../../ui/text.module.css'

/** Any unknown path. */
export function NotFoundPage() {
  const t = useT()
  return (
    <section className={errorPage.errorPage} aria-labelledby="not-found-title">
      <p className={text.muted} aria-hidden="true" style={{ fontSize: '3rem', lineHeight: 1 }}>
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className={text.muted}>{t('notFound.body')}</p>
      <Link className={button.button} to="/">
        {t('error.home')}
      </Link>
    </section>
  )
}
