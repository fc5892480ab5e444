import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSign,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import type { PaySettings } from './pay-settings'

// The cryptography of WeChat Pay v3 as this gateway needs it: the notification's resource is AES-256-GCM under the
// API v3 key (as the real provider does); the notification's signature covers `timestamp\nnonce\nbody\n` (the real
// provider signs with its platform certificate, the emulated one with HMAC-SHA256 under the API v3 key); the
// JSAPI paySign covers `appId\ntimeStamp\nnonceStr\npackage\n`.

/** A random text of `bytes` random bytes, hex. */
export const nonce = (bytes = 16) => randomBytes(bytes).toString('hex')

/** The encrypted `resource` of a notification, as WeChat Pay v3 writes it. */
export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM'
  original_type: string
  ciphertext: string
  nonce: string
  associated_data: string
}

/** Encrypts a resource (what the provider does): AES-256-GCM, base64 of ciphertext then the 16-byte tag. */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  originalType = 'transaction',
): EncryptedResource {
  const iv = randomBytes(6).toString('hex') // 12 characters, as the provider's nonces are
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv))
  cipher.setAAD(Buffer.from(originalType))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return {
    algorithm: 'AEAD_AES_256_GCM',
    original_type: originalType,
    ciphertext: body.toString('base64'),
    nonce: iv,
    associated_data: originalType,
  }
}

/** Decrypts a resource; `undefined` when it does not authenticate under the key (forged or damaged). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string | undefined {
  try {
    const data = Buffer.from(resource.ciphertext, 'base64')
    if (data.length < 16) return undefined
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(resource.nonce))
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''))
    decipher.setAuthTag(data.subarray(data.length - 16))
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return undefined
  }
}

/** The signature of a notification: base64 HMAC-SHA256 over `timestamp\nnonce\nbody\n` under the API v3 key. */
export function signNotification(
  apiV3Key: string,
  timestamp: string,
  nonceText: string,
  body: string,
): string {
  return createHmac('sha256', apiV3Key).update(`${timestamp}\n${nonceText}\n${body}\n`).digest('base64')
}

/** True when `signature` is the notification's signature (compared in constant time). */
export function verifyNotification(
  apiV3Key: string,
  timestamp: string,
  nonceText: string,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signNotification(apiV3Key, timestamp, nonceText, body))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * The JSAPI `paySign` over `appId\ntimeStamp\nnonceStr\npackage\n`: SHA256-RSA with the merchant private key when
 * there is one (what WeChat Pay v3 checks), HMAC-SHA256 under the API v3 key otherwise (the demo merchant).
 */
export function jsapiPaySign(
  settings: PaySettings,
  fields: { timeStamp: string; nonceStr: string; package: string },
): { signType: 'RSA' | 'HMAC-SHA256'; paySign: string } {
  const message = `${settings.appId}\n${fields.timeStamp}\n${fields.nonceStr}\n${fields.package}\n`
  if (settings.privateKeyPem) {
    return {
      signType: 'RSA',
      paySign: createSign('RSA-SHA256').update(message).sign(settings.privateKeyPem, 'base64'),
    }
  }
  return {
    signType: 'HMAC-SHA256',
    paySign: createHmac('sha256', settings.apiV3Key).update(message).digest('base64'),
  }
}
