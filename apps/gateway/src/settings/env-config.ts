import { resolve } from 'node:path'
import { GatewayServerError } from '../core/gateway-server-error'
import { isPostgresUrl } from '../db/postgres'
import { readWechatEnv, WECHAT_ENV } from '../parties/wechat/wechat-settings'
import { PAY_ENV, readPayEnv } from '../parties/wechat-pay/pay-settings'
import { type GatewayOptions, resolveGatewaySettings } from './gateway-options'
import { defaultDbFile } from './package-paths'

/**
 * The environment variables the command line reads, with their defaults (the README's table). Paths are shown
 * relative to the repository root.
 *
 * @example
 * ```ts
 * import { ENV_DEFAULTS } from '@xdance/gateway'
 * ENV_DEFAULTS.PORT // '8080'
 * ```
 */
export const ENV_DEFAULTS = {
  PORT: '8080',
  HOST: '127.0.0.1',
  GATEWAY_PREFIX: '/dance-gateway',
  GATEWAY_DB: 'apps/gateway/data/gateway.db',
  GATEWAY_DEMO: '0',
  GATEWAY_DEMO_PUBLIC: '0',
  GATEWAY_DEMO_PROVIDER_DELAY_MS: '0',
  GATEWAY_CORS_ORIGINS: '',
  GATEWAY_APP_ORIGINS: '',
  GATEWAY_TRUST_PROXY: '0',
  GATEWAY_WECHAT: '1',
  GATEWAY_REMINDER_MINUTES: '120',
} as const

/**
 * Turns environment variables into gateway options. Paths given in the environment are resolved from the
 * working directory; the defaults are resolved from the gateway package folder, so they hold wherever
 * the command runs. Text that is not of its variable's kind (a port that is no number, a switch that is not 0 or
 * 1) is refused here; the options are then checked where every option is, {@link resolveGatewaySettings}, so a bad
 * value is refused on reading, before anything opens.
 *
 * @example
 * ```ts
 * import { readGatewayEnv, startGateway } from '@xdance/gateway'
 * const gateway = await startGateway(readGatewayEnv({ PORT: '0', GATEWAY_DEMO: '1', GATEWAY_DB: ':memory:' }))
 * await gateway.close()
 * ```
 */
export function readGatewayEnv(
  env: Readonly<Record<string, string | undefined>>,
  cwd = process.cwd(),
): GatewayOptions {
  const portText = env.PORT ?? ENV_DEFAULTS.PORT
  if (!/^\d+$/.test(portText)) {
    throw new GatewayServerError(
      'config',
      'INVALID_PORT',
      `PORT must be a number from 0 to 65535; got ${JSON.stringify(portText)}.`,
    )
  }
  const demo = readSwitch(env, 'GATEWAY_DEMO', 'INVALID_DEMO')
  const demoOnPublicHost = readSwitch(env, 'GATEWAY_DEMO_PUBLIC', 'INVALID_DEMO_PUBLIC')
  const trustProxy = readSwitch(env, 'GATEWAY_TRUST_PROXY', 'INVALID_TRUST_PROXY')
  for (const name of RETIRED) {
    if (env[name] !== undefined) {
      throw new GatewayServerError(
        'config',
        'RETIRED_SETTING',
        `${name} is no longer read: the gateway serves the API only, and the app serves its own pages (see the root README, "Two processes behind a reverse proxy"). Remove ${name}.`,
      )
    }
  }
  const db = env.GATEWAY_DB
  const options: GatewayOptions = {
    port: Number(portText),
    host: env.HOST || ENV_DEFAULTS.HOST,
    prefix: env.GATEWAY_PREFIX || ENV_DEFAULTS.GATEWAY_PREFIX,
    db: db === ':memory:' || (db && isPostgresUrl(db)) ? db : db ? resolve(cwd, db) : defaultDbFile(),
    demo,
    ...(demoOnPublicHost ? { demoOnPublicHost } : {}),
    ...readDelay(env.GATEWAY_DEMO_PROVIDER_DELAY_MS),
    ...(env.WECHATPAY_API_BASE ? { payApiBase: env.WECHATPAY_API_BASE } : {}),
    corsOrigins: readList(env.GATEWAY_CORS_ORIGINS),
    ...(env.GATEWAY_APP_ORIGINS?.trim() ? { appOrigins: readList(env.GATEWAY_APP_ORIGINS) } : {}),
    trustProxy,
    ...readReminder(env.GATEWAY_REMINDER_MINUTES),
    // Only the WECHATPAY_* variables that are set: demo mode fills the rest with the demo merchant.
    ...(Object.values(PAY_ENV).some((name) => env[name]) ? { pay: readPayEnv(env, cwd) } : {}),
    // Only the WECHAT_* / ICONFONT_* variables that are set; GATEWAY_WECHAT=0 turns the demo's emulation off too.
    ...(readSwitch(env, 'GATEWAY_WECHAT', 'INVALID_WECHAT')
      ? Object.values(WECHAT_ENV).some((name) => env[name]?.trim())
        ? { wechat: readWechatEnv(env) }
        : {}
      : { wechat: false as const }),
  }
  resolveGatewaySettings(options)
  return options
}

// Settings of the time the gateway served the app's pages: refused with a clear word rather than ignored.
const RETIRED = ['GATEWAY_STATIC', 'GATEWAY_SERVER_RENDER'] as const

function readDelay(text: string | undefined): { demoProviderDelayMs?: number } {
  if (!text || text === '0') return {}
  if (!/^\d+$/.test(text)) {
    throw new GatewayServerError(
      'config',
      'INVALID_PROVIDER_DELAY',
      `GATEWAY_DEMO_PROVIDER_DELAY_MS must be a whole number of milliseconds; got ${JSON.stringify(text)}.`,
    )
  }
  return { demoProviderDelayMs: Number(text) }
}

function readReminder(text: string | undefined): { reminderMinutes?: number } {
  if (text === undefined || text.trim() === '') return {}
  if (!/^\d+$/.test(text)) {
    throw new GatewayServerError(
      'config',
      'INVALID_REMINDER',
      `GATEWAY_REMINDER_MINUTES must be a whole number of minutes; got ${JSON.stringify(text)}.`,
    )
  }
  return { reminderMinutes: Number(text) }
}

const readList = (text = '') =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function readSwitch(
  env: Readonly<Record<string, string | undefined>>,
  name: 'GATEWAY_DEMO' | 'GATEWAY_DEMO_PUBLIC' | 'GATEWAY_TRUST_PROXY' | 'GATEWAY_WECHAT',
  code: string,
): boolean {
  const text = (env[name] ?? ENV_DEFAULTS[name]).toLowerCase()
  if (!['', '0', '1', 'true', 'false'].includes(text)) {
    throw new GatewayServerError('config', code, `${name} must be 1 or 0; got ${JSON.stringify(env[name])}.`)
  }
  return text === '1' || text === 'true'
}
