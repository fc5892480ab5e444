import { createHmac, createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { DEMO_PAY_SETTINGS } from './pay-settings'
import {
  decryptResource,
  encryptResource,
  jsapiPaySign,
  signedMessage,
  verifyPlatformSignature,
} from './wechat-pay-crypto'

const KEY = DEMO_PAY_SETTINGS.apiV3Key

describe('the notification resource (AES-256-GCM under the API v3 key)', () => {
  test('decrypts what was encrypted', () => {
    const resource = encryptResource(KEY, '{"out_trade_no":"XD20250602-000001"}')
    expect(resource.algorithm).toBe('AEAD_AES_256_GCM')
    expect(decryptResource(KEY, resource)).toBe('{"out_trade_no":"XD20250602-000001"}')
  })

  test.each([
    ['another key', (r: ReturnType<typeof encryptResource>) => ({ ...r }), 'x'.repeat(32)],
    [
      'a changed ciphertext',
      (r: ReturnType<typeof encryptResource>) => ({
        ...r,
        ciphertext: Buffer.from(
          Buffer.from(r.ciphertext, 'base64').map((b, i) => (i === 0 ? b ^ 1 : b)),
        ).toString('base64'),
      }),
      KEY,
    ],
    [
      'other associated data',
      (r: ReturnType<typeof encryptResource>) => ({ ...r, associated_data: 'refund' }),
      KEY,
    ],
    [
      'a truncated ciphertext',
      (r: ReturnType<typeof encryptResource>) => ({ ...r, ciphertext: 'AAAA' }),
      KEY,
    ],
  ])('refuses %s', (_name, tamper, key) => {
    expect(decryptResource(key, tamper(encryptResource(KEY, 'paid')))).toBeUndefined()
  })
})

describe('the notification signature (RSA-SHA256 with the platform key)', () => {
  const pem = (key: { export(o: object): string | Buffer }) =>
    key.export({ type: 'spki', format: 'pem' }).toString()
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const PUBLIC = pem(platform.publicKey)
  const message = signedMessage('1748829600', 'n0nce', '{"id":"1"}')
  const signature = createSign('RSA-SHA256').update(message).sign(platform.privateKey, 'base64')
  const byOther = createSign('RSA-SHA256').update(message).sign(other.privateKey, 'base64')
  // What the demo gateway used to accept: HMAC-SHA256 under the API v3 key printed in its source.
  const hmac = createHmac('sha256', KEY).update(message).digest('base64')
  test.each([
    ['the signed body', PUBLIC, '1748829600', 'n0nce', '{"id":"1"}', signature, true],
    ['a changed body', PUBLIC, '1748829600', 'n0nce', '{"id":"2"}', signature, false],
    ['a changed timestamp', PUBLIC, '1748829601', 'n0nce', '{"id":"1"}', signature, false],
    ['a changed nonce', PUBLIC, '1748829600', 'nonce', '{"id":"1"}', signature, false],
    ['another platform’s key', pem(other.publicKey), '1748829600', 'n0nce', '{"id":"1"}', signature, false],
    ['signed by another key', PUBLIC, '1748829600', 'n0nce', '{"id":"1"}', byOther, false],
    ['an HMAC under the demo API v3 key', PUBLIC, '1748829600', 'n0nce', '{"id":"1"}', hmac, false],
    ['no signature', PUBLIC, '1748829600', 'n0nce', '{"id":"1"}', '', false],
    ['a key that is not a key', 'not a pem', '1748829600', 'n0nce', '{"id":"1"}', signature, false],
  ])('%s: %s', (_name, key, timestamp, nonceText, body, sig, valid) => {
    expect(verifyPlatformSignature(key, timestamp, nonceText, body, sig)).toBe(valid)
  })
})

describe('the JSAPI paySign', () => {
  const fields = { timeStamp: '1748829600', nonceStr: 'abc', package: 'prepay_id=wx123' }

  test('with a merchant private key: SHA256-RSA that the public key verifies', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const signed = jsapiPaySign({ ...DEMO_PAY_SETTINGS, privateKeyPem: pem }, fields)
    expect(signed.signType).toBe('RSA')
    const message = `${DEMO_PAY_SETTINGS.appId}\n1748829600\nabc\nprepay_id=wx123\n`
    expect(createVerify('RSA-SHA256').update(message).verify(publicKey, signed.paySign, 'base64')).toBe(true)
  })

  test('without one (the demo merchant): HMAC-SHA256, different per package', () => {
    const signed = jsapiPaySign(DEMO_PAY_SETTINGS, fields)
    expect(signed.signType).toBe('HMAC-SHA256')
    expect(jsapiPaySign(DEMO_PAY_SETTINGS, { ...fields, package: 'prepay_id=wx124' }).paySign).not.toBe(
      signed.paySign,
    )
  })
})
