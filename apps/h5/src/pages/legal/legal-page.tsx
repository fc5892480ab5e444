import { useParams } from 'react-router'
import { useLocale } from '../../app/app-context'
import layout from '../../ui/layout.module.css'
import { NotFoundPage } from '../not-found/not-found-page'
import { LEGAL_TEXTS, type LegalDocument } from './legal-texts'

/** `/legal/terms` and `/legal/privacy`: the documents a customer consents to before signing in. */
export function LegalPage() {
  const { doc } = useParams()
  const locale = useLocale()
  if (doc !== 'terms' && doc !== 'privacy') return <NotFoundPage />
  const text = LEGAL_TEXTS[doc as LegalDocument][locale]
  return (
    <article className={layout.page} data-testid="legal-document">
      <h1>{text.title}</h1>
      {text.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  )
}
