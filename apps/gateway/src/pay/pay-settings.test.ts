import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { DEMO_PAY_SETTINGS, readPayEnv, resolvePaySettings } from './pay-settings'

describe('payment settings', () => {
  test('the environment names each setting; unset and empty ones are left out; the key file is read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xdance-pay-'))
    writeFileSync(join(dir, 'apiclient_key.pem'), '-----BEGIN PRIVATE KEY-----')
    expect(
      readPayEnv(
        {
          WECHATPAY_APP_ID: 'wx1',
          WECHATPAY_MCH_ID: '190',
          WECHATPAY_API_V3_KEY: 'k'.repeat(32),
          WECHATPAY_CERT_SERIAL: 'S1',
          WECHATPAY_PRIVATE_KEY_PATH: 'apiclient_key.pem',
          WECHATPAY_NOTIFY_URL: '',
        },
        dir,
      ),
    ).toEqual({
      appId: 'wx1',
      mchId: '190',
      apiV3Key: 'k'.repeat(32),
      certSerial: 'S1',
      privateKeyPem: '-----BEGIN PRIVATE KEY-----',
    })
    expect(() => readPayEnv({ WECHATPAY_PRIVATE_KEY_PATH: 'missing.pem' }, dir)).toThrow(
      /WECHATPAY_PRIVATE_KEY_PATH/,
    )
  })

  test.each([
    ['demo mode, nothing given: the demo merchant', undefined, true, DEMO_PAY_SETTINGS.mchId],
    ['demo mode, a merchant given: it wins', { mchId: '42' }, true, '42'],
    ['outside demo mode, nothing given: online payment is off', undefined, false, null],
    ['outside demo mode, no key: off', { mchId: '42', appId: 'wx1' }, false, null],
    ['outside demo mode, all given', { mchId: '42', appId: 'wx1', apiV3Key: 'k'.repeat(32) }, false, '42'],
  ])('%s', (_name, given, demo, mchId) => {
    expect(resolvePaySettings(given, demo)?.mchId ?? null).toBe(mchId)
  })

  test('an API v3 key that is not 32 bytes is a configuration error', () => {
    expect(() => resolvePaySettings({ apiV3Key: 'short' }, true)).toThrow(/32 bytes/)
  })
})
