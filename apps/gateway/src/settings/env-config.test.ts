import { describe, expect, test } from 'vitest'
import { GatewayServerError } from '../core/gateway-server-error'
import { readGatewayEnv } from './env-config'
import { packageDir } from './package-paths'

const pkg = packageDir()

describe('readGatewayEnv', () => {
  test('with nothing set: port 8080 on 127.0.0.1, /dance-gateway, the data file beside the package', () => {
    expect(readGatewayEnv({}, '/somewhere/else')).toEqual({
      port: 8080,
      host: '127.0.0.1',
      prefix: '/dance-gateway',
      db: `${pkg}data/gateway.db`,
      demo: false,
      corsOrigins: [],
      trustProxy: false,
    })
  })

  test.each([
    [{ PORT: '0' }, { port: 0 }],
    [
      { PORT: '3000', HOST: '0.0.0.0' },
      { port: 3000, host: '0.0.0.0' },
    ],
    [{ GATEWAY_PREFIX: '/gw' }, { prefix: '/gw' }],
    [{ GATEWAY_DB: ':memory:' }, { db: ':memory:' }],
    [{ GATEWAY_DB: 'tmp/x.db' }, { db: '/work/tmp/x.db' }],
    [{ GATEWAY_DB: '/abs/x.db' }, { db: '/abs/x.db' }],
    [{ GATEWAY_DEMO: '1' }, { demo: true }],
    [{ GATEWAY_DEMO: 'true' }, { demo: true }],
    [{ GATEWAY_DEMO: '0' }, { demo: false }],
    [{ GATEWAY_TRUST_PROXY: '1' }, { trustProxy: true }],
    [{ GATEWAY_REMINDER_MINUTES: '30' }, { reminderMinutes: 30 }],
    [
      { WECHATPAY_MCH_ID: '1900000109', WECHATPAY_APP_ID: 'wx123' },
      { pay: { mchId: '1900000109', appId: 'wx123' } },
    ],
    [{ GATEWAY_WECHAT: '0' }, { wechat: false }],
    [
      {
        WECHAT_APP_ID: 'wx1234567890abcdef',
        WECHAT_APP_SECRET: 's3cret',
        ICONFONT_SCRIPT_URL: 'https://at.alicdn.com/f.js',
      },
      {
        wechat: {
          appId: 'wx1234567890abcdef',
          appSecret: 's3cret',
          iconFontScriptURL: 'https://at.alicdn.com/f.js',
        },
      },
    ],
    [
      { GATEWAY_CORS_ORIGINS: 'http://a.test, http://b.test,' },
      { corsOrigins: ['http://a.test', 'http://b.test'] },
    ],
    [
      { GATEWAY_APP_ORIGINS: 'https://h5.example.com, http://127.0.0.1:8080' },
      { appOrigins: ['https://h5.example.com', 'http://127.0.0.1:8080'] },
    ],
    [
      { GATEWAY_DEMO: '1', GATEWAY_DEMO_PUBLIC: '1' },
      { demo: true, demoOnPublicHost: true },
    ],
  ])('%j gives %j (paths from the working directory)', (env, expected) => {
    expect(readGatewayEnv(env, '/work')).toMatchObject(expected)
  })

  test.each([
    [{ PORT: 'eighty' }, 'INVALID_PORT'],
    [{ PORT: '70000' }, 'INVALID_PORT'],
    [{ PORT: '-1' }, 'INVALID_PORT'],
    [{ GATEWAY_DEMO: 'yes' }, 'INVALID_DEMO'],
    [{ GATEWAY_TRUST_PROXY: 'yes' }, 'INVALID_TRUST_PROXY'],
    // The app serves its own pages now: a setting of the time the gateway did is refused, not ignored.
    [{ GATEWAY_STATIC: 'apps/h5/dist' }, 'RETIRED_SETTING'],
    [{ GATEWAY_SERVER_RENDER: '0' }, 'RETIRED_SETTING'],
    [{ GATEWAY_WECHAT: 'off' }, 'INVALID_WECHAT'],
    [{ GATEWAY_DEMO_PUBLIC: 'yes' }, 'INVALID_DEMO_PUBLIC'],
    [{ GATEWAY_REMINDER_MINUTES: '0' }, 'INVALID_REMINDER'],
    [{ GATEWAY_REMINDER_MINUTES: '2h' }, 'INVALID_REMINDER'],
    [{ GATEWAY_REMINDER_MINUTES: '10081' }, 'INVALID_REMINDER'],
    [{ GATEWAY_APP_ORIGINS: 'https://h5.example.com/' }, 'INVALID_APP_ORIGINS'],
    [{ GATEWAY_APP_ORIGINS: 'h5.example.com' }, 'INVALID_APP_ORIGINS'],
  ])('%j is a config error %s', (env, code) => {
    let error: unknown
    try {
      readGatewayEnv(env)
    } catch (caught) {
      error = caught
    }
    expect(GatewayServerError.isInstance(error) && [error.kind, error.code]).toEqual(['config', code])
  })
})
