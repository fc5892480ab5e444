import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { GatewayServerError } from '../../core/gateway-server-error'

/**
 * Where the real WeChat Pay merchant's settings go (WeChat Pay v3, JSAPI). Nothing calls WeChat Pay: the gateway
 * signs the JSAPI parameters and verifies payment notifications with these, and in demo mode it plays the provider.
 *
 * @example
 * ```ts
 * const pay: PaySettings = { ...DEMO_PAY_SETTINGS, mchId: '1900000109' }
 * ```
 */
export interface PaySettings {
  /** The AppID of the official account or mini program the customer pays in (`WECHATPAY_APP_ID`). */
  appId: string
  /** The merchant id (`WECHATPAY_MCH_ID`). */
  mchId: string
  /** The API v3 key, 32 characters (`WECHATPAY_API_V3_KEY`): decrypts the notification's resource (AES-256-GCM). */
  apiV3Key: string
  /** The serial number of the merchant API certificate (`WECHATPAY_CERT_SERIAL`). */
  certSerial: string
  /** The merchant private key, PEM (`WECHATPAY_PRIVATE_KEY_PATH`, read at start): when set, `paySign` is RSA. */
  privateKeyPem?: string
  /** Where the provider sends payment notifications (`WECHATPAY_NOTIFY_URL`), e.g. `https://…/dance-gateway/pay/notify`. */
  notifyUrl: string
  /**
   * The WeChat Pay platform public keys (PEM) by serial: a notification is verified with the key its
   * `Wechatpay-Serial` names, and one naming no key here is refused. From `WECHATPAY_PLATFORM_SERIAL` and the file
   * `WECHATPAY_PLATFORM_PUBLIC_KEY_PATH` (the platform certificate's serial, or the WeChat Pay public key's
   * `PUB_KEY_ID_…`); in demo mode, the emulated platform's key made at start.
   */
  platformKeys: Readonly<Record<string, string>>
}

/** The demo merchant: what demo mode pays with when no setting is given. Not a real merchant. */
export const DEMO_PAY_SETTINGS: Readonly<PaySettings> = {
  appId: 'wx0000000000demo0',
  mchId: '1900000109',
  apiV3Key: 'xdance-demo-api-v3-key-012345678',
  certSerial: 'DEMO0000000000000000000000000000',
  notifyUrl: 'http://127.0.0.1:8080/dance-gateway/pay/notify',
  platformKeys: {},
}

/** The environment variables of the payment settings, by field. */
export const PAY_ENV = {
  appId: 'WECHATPAY_APP_ID',
  mchId: 'WECHATPAY_MCH_ID',
  apiV3Key: 'WECHATPAY_API_V3_KEY',
  certSerial: 'WECHATPAY_CERT_SERIAL',
  privateKeyPath: 'WECHATPAY_PRIVATE_KEY_PATH',
  notifyUrl: 'WECHATPAY_NOTIFY_URL',
  platformSerial: 'WECHATPAY_PLATFORM_SERIAL',
  platformKeyPath: 'WECHATPAY_PLATFORM_PUBLIC_KEY_PATH',
} as const

/**
 * The payment settings given in the environment (only those set); the private key file named by
 * `WECHATPAY_PRIVATE_KEY_PATH` (resolved from `cwd`) is read here.
 *
 * @example
 * ```ts
 * const gateway = await startGateway({ ...readGatewayEnv(process.env), pay: readPayEnv(process.env) })
 * ```
 */
export function readPayEnv(
  env: Readonly<Record<string, string | undefined>>,
  cwd = process.cwd(),
): Partial<PaySettings> {
  const out: Partial<PaySettings> = {}
  const { privateKeyPath, platformSerial, platformKeyPath, ...fields } = PAY_ENV
  for (const [field, name] of Object.entries(fields) as Array<
    [Exclude<keyof PaySettings, 'privateKeyPem' | 'platformKeys'>, string]
  >) {
    const value = env[name]
    if (value !== undefined && value !== '') out[field] = value
  }
  const keyPath = env[privateKeyPath]
  if (keyPath) out.privateKeyPem = readKeyFile(privateKeyPath, keyPath, cwd)
  const serial = env[platformSerial]
  const platformPath = env[platformKeyPath]
  if (Boolean(serial) !== Boolean(platformPath)) {
    throw new GatewayServerError(
      'config',
      'INVALID_PAY_KEY',
      `${platformSerial} and ${platformKeyPath} go together: set both or neither.`,
    )
  }
  if (serial && platformPath) out.platformKeys = { [serial]: readKeyFile(platformKeyPath, platformPath, cwd) }
  return out
}

function readKeyFile(name: string, path: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, path), 'utf8')
  } catch (error) {
    throw new GatewayServerError('config', 'INVALID_PAY_KEY', `Could not read ${name} (${path}).`, {
      cause: error,
    })
  }
}

/**
 * The settings the gateway pays with: the given ones over the demo merchant in demo mode; outside demo mode the
 * merchant id and the API v3 key must be given, or online payment is off (`null`: only the front desk takes money).
 */
export function resolvePaySettings(
  given: Partial<PaySettings> | undefined,
  demo: boolean,
): PaySettings | null {
  const settings = demo ? { ...DEMO_PAY_SETTINGS, ...given } : given
  if (!settings?.mchId || !settings.apiV3Key || !settings.appId) return null
  if (Buffer.byteLength(settings.apiV3Key) !== 32) {
    throw new GatewayServerError(
      'config',
      'INVALID_PAY_KEY',
      'The WeChat Pay API v3 key (WECHATPAY_API_V3_KEY) must be 32 bytes.',
    )
  }
  const platformKeys = settings.platformKeys ?? {}
  // Without the platform's key no notification can be trusted: say so at start rather than refuse every payment.
  if (!demo && Object.keys(platformKeys).length === 0) {
    throw new GatewayServerError(
      'config',
      'INVALID_PAY_KEY',
      `WeChat Pay needs the platform public key to verify notifications: set ${PAY_ENV.platformSerial} and ${PAY_ENV.platformKeyPath}.`,
    )
  }
  return {
    appId: settings.appId,
    mchId: settings.mchId,
    apiV3Key: settings.apiV3Key,
    certSerial: settings.certSerial ?? '',
    notifyUrl: settings.notifyUrl ?? '',
    platformKeys,
    ...(settings.privateKeyPem ? { privateKeyPem: settings.privateKeyPem } : {}),
  }
}
