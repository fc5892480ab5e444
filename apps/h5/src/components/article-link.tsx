import { ARTICLE_PATH, type ArticleSummary } from '@xdance/contract'
import { Link } from 'react-router'
import layout from '../ui/layout.module.css'
import text from '../ui/text.module.css'

/**
 * An article teaser linking to the article page (`ARTICLE_PATH`, `?id=…`).
 *
 * @example
 * <ArticleLink article={summary} />
 */
export function ArticleLink({ article }: { article: ArticleSummary }) {
  return (
    <Link className={layout.cardLink} to={`${ARTICLE_PATH}?id=${encodeURIComponent(String(article.id))}`}>
      <h3>{article.title}</h3>
      <p className={text.hint}>{article.summary}</p>
    </Link>
  )
}
