import { withQuery } from '@xdance/url'

/** The path of the marketing article page (the tracker's iPhone rule keys on it too). */
export const ARTICLE_PATH = '/marketing/article'

/**
 * The link a customer shares: the article's address with its `id` and, when signed in, `sharer` set to the
 * customer's userId (a signed-out reader shares without one). Other query parameters are dropped.
 *
 * @example
 * shareLink('https://h5.example.com', '12', 'u7') // 'https://h5.example.com/marketing/article?id=12&sharer=u7'
 */
export function shareLink(origin: string, articleId: string, userId: string | undefined): string {
  return withQuery(`${origin}${ARTICLE_PATH}`, userId ? { id: articleId, sharer: userId } : { id: articleId })
}
