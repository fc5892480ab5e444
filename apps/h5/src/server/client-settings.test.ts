import { describe, expect, it } from 'vitest'
import { settingsFromGateway } from './client-settings'
import { NO_SETTINGS } from './page-settings'

const DEMO = {
  officialAccountAppId: 'wx1234567890abcdef',
  oauthAuthorizeURL: '/dance-gateway/wechat-demo/authorize',
  jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
  iconFontScriptURL: '',
}

/** A stand-in gateway: answers what `next()` gives, counting the calls and the paths asked. */
function gateway(next: () => Response | Promise<Response>) {
  const asked: string[] = []
  return {
    asked,
    api: async (request: Request) => {
      asked.push(new URL(request.url).pathname)
      return next()
    },
  }
}
const envelope = (data: unknown, code: number | string = 200) =>
  new Response(JSON.stringify({ code, data, msg: 'ok', tips: '' }), {
    headers: { 'content-type': 'application/json' },
  })

describe('settingsFromGateway', () => {
  it('asks GET {prefix}/client-settings once, keeps the answer for the ttl, then asks again', async () => {
    let time = 0
    const g = gateway(() => envelope(DEMO))
    const settings = settingsFromGateway(g.api, '/gw', { ttlMs: 60_000, now: () => time })
    expect(await settings()).toEqual(DEMO)
    time = 59_999
    expect(await settings()).toEqual(DEMO)
    expect(g.asked).toEqual(['/gw/client-settings'])
    time = 60_000
    await settings()
    expect(g.asked).toHaveLength(2)
  })

  it('one call in flight however many pages ask at once', async () => {
    let release: (res: Response) => void = () => {}
    const g = gateway(() => new Promise<Response>((resolve) => (release = resolve)))
    const settings = settingsFromGateway(g.api, '/gw')
    const pages = [settings(), settings(), settings()]
    release(envelope(DEMO))
    expect(await Promise.all(pages)).toEqual([DEMO, DEMO, DEMO])
    expect(g.asked).toHaveLength(1)
  })

  it('the gateway failing: every setting off before any answer, the last good one after; logged, asked again later', async () => {
    let time = 0
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('fetch failed'))
    const g = gateway(() => answer())
    const logs: string[] = []
    const settings = settingsFromGateway(g.api, '/gw', {
      ttlMs: 60_000,
      retryMs: 5_000,
      now: () => time,
      log: (line) => logs.push(line),
    })
    expect(await settings()).toEqual(NO_SETTINGS)
    expect(logs[0]).toContain('could not be read from the gateway (fetch failed)')
    time = 4_999
    await settings()
    expect(g.asked).toHaveLength(1)
    time = 5_000
    answer = () => envelope(DEMO)
    expect(await settings()).toEqual(DEMO)
    time = 70_000
    answer = () => envelope(null, 50001)
    expect(await settings()).toEqual(DEMO)
    expect(logs[1]).toContain('code 50001')
  })

  it('a malformed field is off, as the page reads it (an http script, a foreign-looking path)', async () => {
    const g = gateway(() =>
      envelope({
        ...DEMO,
        jsSdkScriptURL: 'http://res.wx.qq.com/x.js',
        iconFontScriptURL: '//evil.example/x.js',
      }),
    )
    expect(await settingsFromGateway(g.api, '/gw')()).toEqual({
      ...DEMO,
      jsSdkScriptURL: '',
      iconFontScriptURL: '',
    })
  })
})
