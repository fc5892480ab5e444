import { Link } from 'react-router'
import type { ArticleSummary } from '../api/types'

/**
 * An article teaser linking to `/marketing/article?id=…`.
 *
 * @example
 * <ArticleLink article={summary} />
 */
export function ArticleLink({ article }: { article: ArticleSummary }) {
  return (
    <Link className="card" to={`/marketing/article?id=${encodeURIComponent(String(article.id))}`}>
      <h3>{article.title}</h3>
      <p className="small muted">{article.summary}</p>
    </Link>
  )
}
