import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { DEMO_PAY_SETTINGS, readPayEnv, resolvePaySettings } from './pay-settings'

describe('payment settings', () => {
  test('the environment names each setting; unset and empty ones are left out; the key file is read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xdance-pay-'))
    writeFileSync(join(dir, 'apiclient_key.pem'), '-----BEGIN PRIVATE KEY-----')
    writeFileSync(join(dir, 'pub_key.pem'), '-----BEGIN PUBLIC KEY-----')
    expect(
      readPayEnv(
        {
          WECHATPAY_APP_ID: 'wx1',
          WECHATPAY_MCH_ID: '190',
          WECHATPAY_API_V3_KEY: 'k'.repeat(32),
          WECHATPAY_CERT_SERIAL: 'S1',
          WECHATPAY_PRIVATE_KEY_PATH: 'apiclient_key.pem',
          WECHATPAY_NOTIFY_URL: '',
          WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001',
          WECHATPAY_PLATFORM_PUBLIC_KEY_PATH: 'pub_key.pem',
        },
        dir,
      ),
    ).toEqual({
      appId: 'wx1',
      mchId: '190',
      apiV3Key: 'k'.repeat(32),
      certSerial: 'S1',
      privateKeyPem: '-----BEGIN PRIVATE KEY-----',
      platformKeys: { PUB_KEY_ID_0001: '-----BEGIN PUBLIC KEY-----' },
    })
    expect(() => readPayEnv({ WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001' }, dir)).toThrow(
      /WECHATPAY_PLATFORM_SERIAL and WECHATPAY_PLATFORM_PUBLIC_KEY_PATH go together/,
    )
    expect(() => readPayEnv({ WECHATPAY_PRIVATE_KEY_PATH: 'missing.pem' }, dir)).toThrow(
      /WECHATPAY_PRIVATE_KEY_PATH/,
    )
  })

  test.each([
    ['demo mode, nothing given: the demo merchant', undefined, true, DEMO_PAY_SETTINGS.mchId],
    ['demo mode, a merchant given: it wins', { mchId: '42' }, true, '42'],
    ['outside demo mode, nothing given: online payment is off', undefined, false, null],
    ['outside demo mode, no key: off', { mchId: '42', appId: 'wx1' }, false, null],
    [
      'outside demo mode, all given',
      { mchId: '42', appId: 'wx1', apiV3Key: 'k'.repeat(32), platformKeys: { S: 'pem' } },
      false,
      '42',
    ],
  ])('%s', (_name, given, demo, mchId) => {
    expect(resolvePaySettings(given, demo)?.mchId ?? null).toBe(mchId)
  })

  test('outside demo mode a merchant without the platform key is a configuration error, not payments nobody can verify', () => {
    expect(() => resolvePaySettings({ mchId: '42', appId: 'wx1', apiV3Key: 'k'.repeat(32) }, false)).toThrow(
      /WECHATPAY_PLATFORM_SERIAL and WECHATPAY_PLATFORM_PUBLIC_KEY_PATH/,
    )
  })

  test('an API v3 key that is not 32 bytes is a configuration error', () => {
    expect(() => resolvePaySettings({ apiV3Key: 'short' }, true)).toThrow(/32 bytes/)
  })
})
