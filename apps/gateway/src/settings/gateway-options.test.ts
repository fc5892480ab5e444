import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { GatewayServerError } from '../core/gateway-server-error'
import { DEFAULT_LIMITS } from '../limits/gateway-limits'
import { startGateway } from '../start-up/gateway'
import { type GatewayOptions, resolveGatewaySettings } from './gateway-options'

const folder = mkdtempSync(join(tmpdir(), 'xdance-options-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function refusal(options: GatewayOptions): { code: string; message: string } | undefined {
  try {
    resolveGatewaySettings(options)
  } catch (error) {
    if (GatewayServerError.isInstance(error) && error.kind === 'config') {
      return { code: error.code, message: error.message }
    }
    throw error
  }
  return undefined
}

describe('resolveGatewaySettings', () => {
  test('with nothing given: a free port on 127.0.0.1, /dance-gateway, in memory, no demo, the default limits', () => {
    const settings = resolveGatewaySettings()
    expect(settings).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      prefix: '/dance-gateway',
      db: ':memory:',
      demo: false,
      publicDemo: false,
      devApi: false,
      corsOrigins: [],
      shutdownGraceMs: 10_000,
      limits: DEFAULT_LIMITS,
      trustProxy: false,
      reminderMinutes: 120,
      scheduler: {},
      parties: { publicDemo: false, providerDelayMs: 0 },
    })
    expect(settings.now()).toBeInstanceOf(Date)
  })

  test.each<[string, GatewayOptions, Partial<ReturnType<typeof resolveGatewaySettings>>]>([
    ['demo mode on a loopback host mounts the dev API', { demo: true }, { devApi: true, publicDemo: false }],
    ['demo mode on ::1 too', { demo: true, host: '::1' }, { devApi: true }],
    [
      'demo mode on a public host on purpose: no dev API',
      { demo: true, host: '0.0.0.0', demoOnPublicHost: true },
      { devApi: false, publicDemo: true },
    ],
    ['a public host without demo mode is no public demo', { host: '0.0.0.0' }, { publicDemo: false }],
    [
      'one limit given keeps the others',
      { limits: { smsPerMinute: 3 } },
      { limits: { ...DEFAULT_LIMITS, smsPerMinute: 3 } },
    ],
    ['the extremes of the reminder', { reminderMinutes: 10_080 }, { reminderMinutes: 10_080 }],
    ['a prefix of several segments', { prefix: '/api/v2' }, { prefix: '/api/v2' }],
    ['port 65535', { port: 65_535 }, { port: 65_535 }],
  ])('%s', (_name, options, expected) => {
    expect(resolveGatewaySettings(options)).toMatchObject(expected)
  })

  test('what concerns the parties goes to them together', () => {
    const pay = { mchId: '1900000109' }
    expect(
      resolveGatewaySettings({
        demo: true,
        pay,
        wechat: false,
        appOrigins: ['https://h5.example.com'],
        demoProviderDelayMs: 50,
        payApiBase: 'https://pay.example.com',
      }).parties,
    ).toEqual({
      pay,
      wechat: false,
      appOrigins: ['https://h5.example.com'],
      publicDemo: false,
      providerDelayMs: 50,
      payApiBase: 'https://pay.example.com',
    })
  })

  // One row per bad value: the code to branch on, and a message naming the option and its variable.
  test.each<[GatewayOptions, string, RegExp]>([
    [
      { prefix: 'dance-gateway' },
      'INVALID_PREFIX',
      /^prefix \(GATEWAY_PREFIX\) must look like \/dance-gateway.*got "dance-gateway"\.$/,
    ],
    [{ prefix: '/dance-gateway/' }, 'INVALID_PREFIX', /got "\/dance-gateway\/"/],
    [{ prefix: '/' }, 'INVALID_PREFIX', /got "\/"/],
    [{ prefix: '/a b' }, 'INVALID_PREFIX', /got "\/a b"/],
    [{ port: -1 }, 'INVALID_PORT', /^port \(PORT\) must be a whole number from 0 to 65535; got -1\.$/],
    [{ port: 65_536 }, 'INVALID_PORT', /got 65536\.$/],
    [{ port: 80.5 }, 'INVALID_PORT', /got 80\.5\.$/],
    [{ port: Number.NaN }, 'INVALID_PORT', /got NaN\.$/],
    [
      { reminderMinutes: 0 },
      'INVALID_REMINDER',
      /^reminderMinutes \(GATEWAY_REMINDER_MINUTES\) .* from 1 to 10080 .*got 0\.$/,
    ],
    [{ reminderMinutes: 10_081 }, 'INVALID_REMINDER', /got 10081\.$/],
    [{ reminderMinutes: 1.5 }, 'INVALID_REMINDER', /got 1\.5\.$/],
    [
      { demoProviderDelayMs: -5 },
      'INVALID_PROVIDER_DELAY',
      /^demoProviderDelayMs \(GATEWAY_DEMO_PROVIDER_DELAY_MS\).*got -5\.$/,
    ],
    [{ demoProviderDelayMs: 1_000_000 }, 'INVALID_PROVIDER_DELAY', /up to 999999; got 1000000\.$/],
    [
      { appOrigins: ['https://h5.example.com/'] },
      'INVALID_APP_ORIGINS',
      /^appOrigins \(GATEWAY_APP_ORIGINS\).*got "https:\/\/h5\.example\.com\/"\.$/,
    ],
    [{ appOrigins: ['h5.example.com'] }, 'INVALID_APP_ORIGINS', /got "h5\.example\.com"/],
    [
      { demo: true, host: '0.0.0.0' },
      'DEMO_ON_PUBLIC_HOST',
      /^Demo mode on 0\.0\.0\.0, which is not a loopback address.*GATEWAY_DEMO_PUBLIC=1/,
    ],
    [{ demo: true, host: '192.168.1.20' }, 'DEMO_ON_PUBLIC_HOST', /Demo mode on 192\.168\.1\.20/],
  ])('%j is refused with %s and a message that says what to give', (options, code, message) => {
    const refused = refusal(options)
    expect(refused?.code).toBe(code)
    expect(refused?.message).toMatch(message)
  })

  test('a refused start opens nothing: no database file is made for a demo on a public host', async () => {
    const db = join(folder, 'public-demo.db')
    await expect(startGateway({ demo: true, host: '0.0.0.0', db })).rejects.toMatchObject({
      code: 'DEMO_ON_PUBLIC_HOST',
    })
    expect(existsSync(db)).toBe(false)
  })
})
