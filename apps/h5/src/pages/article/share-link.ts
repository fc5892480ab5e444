import { ARTICLE_PATH } from '@xdance/contract'
import { withQuery } from '@xdance/url'

/**
 * The link a customer shares: the article's address (the contract's `ARTICLE_PATH`, which the tracker's iPhone
 * rule keys on too) with its `id` and, when signed in, `sharer` set to the customer's userId (a signed-out reader
 * shares without one). Other query parameters are dropped.
 *
 * @example
 * shareLink('https://h5.example.com', '12', 'u7') // 'https://h5.example.com/marketing/article?id=12&sharer=u7'
 */
export function shareLink(origin: string, articleId: string, userId: string | undefined): string {
  return withQuery(`${origin}${ARTICLE_PATH}`, userId ? { id: articleId, sharer: userId } : { id: articleId })
}
