import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSign,
  createVerify,
  randomBytes,
} from 'node:crypto'
import type { PaySettings } from './pay-settings'

// The cryptography of WeChat Pay v3 as this gateway needs it: the notification's resource is AES-256-GCM under the
// API v3 key; the notification's signature is RSA-SHA256 over `timestamp\nnonce\nbody\n` with the platform's private
// key, checked with the platform public key its `Wechatpay-Serial` names (the emulated platform signs the same way
// with a key pair it makes at start); the JSAPI paySign covers `appId\ntimeStamp\nnonceStr\npackage\n`.

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

/** The message WeChat Pay v3 signs: `timestamp\nnonce\nbody\n`. */
export const signedMessage = (timestamp: string, nonceText: string, body: string): string =>
  `${timestamp}\n${nonceText}\n${body}\n`

/**
 * True when `signature` (base64) is the platform's RSA-SHA256 signature of the notification, checked with the
 * platform public key (PEM) that `Wechatpay-Serial` named. A malformed key or signature is `false`, never a throw.
 */
export function verifyPlatformSignature(
  publicKeyPem: string,
  timestamp: string,
  nonceText: string,
  body: string,
  signature: string,
): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(signedMessage(timestamp, nonceText, body))
      .verify(publicKeyPem, signature, 'base64')
  } catch {
    return false
  }
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
