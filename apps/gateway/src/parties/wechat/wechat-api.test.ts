import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { GatewayServerError } from '../../core/gateway-server-error'
import { createWechatApi } from './wechat-api'

// A stand-in for api.weixin.qq.com on a real socket, answering as WeChat's documentation shows.
let server: Server
let base: string
const hits: string[] = []
let ticketAnswer: Record<string, unknown> = { errcode: 0, ticket: 'T1', expires_in: 7200 }

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    hits.push(url.pathname)
    const q = url.searchParams
    let body: unknown = { errcode: 40013, errmsg: 'invalid appid' }
    if (url.pathname === '/sns/oauth2/access_token' && q.get('appid') === 'wxA' && q.get('secret') === 'S') {
      body =
        q.get('code') === 'good'
          ? { access_token: 'x', openid: 'oReal1', scope: 'snsapi_base' }
          : q.get('code') === 'broken'
            ? { errcode: -1, errmsg: 'system error' }
            : { errcode: 40029, errmsg: 'invalid code' }
    }
    if (url.pathname === '/cgi-bin/token' && q.get('grant_type') === 'client_credential') {
      body = { access_token: 'AT', expires_in: 7200 }
    }
    if (
      url.pathname === '/cgi-bin/ticket/getticket' &&
      q.get('access_token') === 'AT' &&
      q.get('type') === 'jsapi'
    ) {
      body = ticketAnswer
    }
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((done) => server.close(done))
})

let clock = 0
const api = () => createWechatApi({ appId: 'wxA', appSecret: 'S', apiBase: base, now: () => clock })

describe('the real WeChat server API', () => {
  test.each([
    ['a good code gives its openId', 'good', 'oReal1'],
    ['an invalid or used code is refused, not an error', 'bad', undefined],
  ])('%s', async (_name, code, expected) => {
    expect(await api().exchangeCode(code)).toBe(expected)
  })

  test('WeChat failing is an upstream error', async () => {
    const error = await api()
      .exchangeCode('broken')
      .catch((caught: unknown) => caught)
    expect(GatewayServerError.isInstance(error) && error.kind === 'upstream' && error.code).toBe(
      'WECHAT_REFUSED',
    )
  })

  test('the ticket is fetched with the access token, then cached until shortly before it expires', async () => {
    const wechat = api()
    hits.length = 0
    clock = 0
    expect(await wechat.jsapiTicket()).toBe('T1')
    ticketAnswer = { errcode: 0, ticket: 'T2', expires_in: 7200 }
    expect(await wechat.jsapiTicket()).toBe('T1')
    expect(hits).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket'])
    clock = 7_200_000 - 5 * 60_000
    expect(await wechat.jsapiTicket()).toBe('T2')
  })

  test('an unreachable WeChat is an upstream error', async () => {
    const wechat = createWechatApi({
      appId: 'wxA',
      appSecret: 'S',
      apiBase: 'http://127.0.0.1:1',
      now: () => 0,
    })
    const error = await wechat.exchangeCode('good').catch((caught: unknown) => caught)
    expect(GatewayServerError.isInstance(error) && error.code).toBe('WECHAT_UNREACHABLE')
  })
})
