import { Link } from 'react-router'
import { useT } from '../../app/app-context'

/** Any unknown path. */
export function NotFoundPage() {
  const t = useT()
  return (
    <section className="error-page" aria-labelledby="not-found-title">
      <p className="muted" aria-hidden="true" style={{ fontSize: '3rem', lineHeight: 1 }}>
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.body')}</p>
      <Link className="btn" to="/">
        {t('error.home')}
      </Link>
    </section>
  )
}
