import type { NoticeList } from '@xdance/contract'
import { isLoggedIn } from '@xdance/session'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { servicesOf } from '../../app/route-helpers'

/** `/notices`: my notices, newest first, and the unread count (the signed-in layout guards it). */
export async function noticesLoader({ context, request }: LoaderFunctionArgs): Promise<NoticeList> {
  return callGateway(servicesOf(context).client, 'GET /notices', {}, { signal: request.signal })
}

/** `read` marks one notice read (`id`), `read-all` every one. */
export async function noticesAction({
  context,
  request,
}: ActionFunctionArgs): Promise<{ ok: true } | GatewayFailure> {
  const { client } = servicesOf(context)
  const form = await request.formData()
  const id = Number(form.get('id'))
  const result = await settle<unknown>(() =>
    form.get('intent') === 'read-all'
      ? callGateway(client, 'POST /notices/read-all', {})
      : callGateway(client, 'POST /notices/:id/read', { params: { id } }),
  )
  return result.ok ? { ok: true } : result
}

/**
 * The tab bar's unread count (its fetcher loads it): 0 when signed out or when the count cannot be read, which a
 * badge may quietly miss.
 */
export async function unreadLoader({ context, request }: LoaderFunctionArgs): Promise<{ unread: number }> {
  const { client, mode } = servicesOf(context)
  if (!isLoggedIn(mode)) return { unread: 0 }
  try {
    // Silent: a badge may quietly miss its count, never toast about it.
    const me = await callGateway(client, 'GET /me', {}, { signal: request.signal, silent: true })
    return { unread: me.unreadNotices }
  } catch {
    return { unread: 0 }
  }
}
