import type { Article } from '@xdance/contract'
import { getQueryParam } from '@xdance/url'
import { data, type LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

export interface ArticleData {
  article: Article
  /** The `sharer` of the link this reader opened, if any. */
  sharer: string | undefined
  pageTitle: string
}

/** `/marketing/article?id=…&sharer=…`: readable signed out. */
export async function articleLoader({ context, request }: LoaderFunctionArgs): Promise<ArticleData> {
  const id = Number(getQueryParam(request.url, 'id'))
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 })
  const article = await callGateway(
    context.get(servicesContext).client,
    'GET /articles/:id',
    { params: { id } },
    { signal: request.signal },
  )
  return { article, sharer: getQueryParam(request.url, 'sharer') || undefined, pageTitle: article.title }
}
