import { DEMO_WECHAT } from '../emulation/wechat/wechat-account'

/** What the emulated authorise page answered: its redirect, and the visitor cookie it set (if any). */
export interface DemoAuthorize {
  status: number
  location: string | null
  code: string | null
  state: string | null
  /** `name=value` of the visitor cookie to send back, or the one given. */
  cookie: string | undefined
}

/**
 * Goes through demo mode's emulated WeChat authorise page as a browser would (`redirect: 'manual'`), as the visitor
 * of `cookie` (a new visitor when absent).
 */
export async function demoAuthorize(
  gw: { url: string; apiUrl: string },
  options: { cookie?: string | undefined; query?: Record<string, string> } = {},
): Promise<DemoAuthorize> {
  const query = new URLSearchParams({
    appid: DEMO_WECHAT.appId,
    redirect_uri: `${gw.url}/marketing/article?id=1&sharer=7`,
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'st4te',
    ...options.query,
  })
  const res = await fetch(`${gw.apiUrl}${DEMO_WECHAT.path}/authorize?${query}`, {
    redirect: 'manual',
    headers: options.cookie ? { cookie: options.cookie } : {},
  })
  const location = res.headers.get('location')
  const target = location ? new URL(location) : undefined
  const set = res.headers.get('set-cookie')?.split(';')[0]
  return {
    status: res.status,
    location,
    code: target?.searchParams.get('code') ?? null,
    state: target?.searchParams.get('state') ?? null,
    cookie: set ?? options.cookie,
  }
}
