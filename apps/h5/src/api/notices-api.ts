import type { MarkAllRead, Me, Notice, NoticeList } from '@xdance/contract'
import type { GatewayClient } from '@xdance/http'
import { apiPath } from './studio-api'

// The notices' gateway calls, and the unread count the tab bar shows.

type Signal = { signal?: AbortSignal }
const opts = ({ signal }: Signal = {}) => (signal ? { signal } : {})

/** `GET /notices`: mine, newest first, with the unread count. @example const { list, unread } = await listNotices(client) */
export const listNotices = (client: GatewayClient, o?: Signal) =>
  client.get<NoticeList>(apiPath('listNotices'), opts(o))

/** `POST /notices/:id/read`. @example await markNoticeRead(client, 4) */
export const markNoticeRead = (client: GatewayClient, id: number) =>
  client.post<Notice>(apiPath('markNoticeRead', { id }))

/** `POST /notices/read-all`. @example const { updated } = await markAllNoticesRead(client) */
export const markAllNoticesRead = (client: GatewayClient) =>
  client.post<MarkAllRead>(apiPath('markAllNoticesRead'))

/**
 * The unread count, from `GET /me` (a count the gateway keeps, not the notices themselves). Silent: a badge that
 * could not be refreshed is no reason for a toast.
 *
 * @example
 * const unread = await unreadNotices(client)
 */
export const unreadNotices = (client: GatewayClient, o?: Signal) =>
  client.get<Me>(apiPath('getMe'), { ...opts(o), silent: true }).then((me) => me.unreadNotices)
