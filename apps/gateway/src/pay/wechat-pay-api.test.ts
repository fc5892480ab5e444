import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { GatewayServerError } from '../gateway-server-error'
import { DEMO_PAY_SETTINGS, type PaySettings } from './pay-settings'
import { createWechatPayApi } from './wechat-pay-api'
import { signedMessage } from './wechat-pay-crypto'

const pem = (key: ReturnType<typeof generateKeyPairSync>['publicKey']) =>
  key.export({ type: 'spki', format: 'pem' }).toString()
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 })
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 })
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
const NOW = Date.parse('2025-06-02T02:00:00Z')

const SETTINGS: PaySettings = {
  ...DEMO_PAY_SETTINGS,
  mchId: '1230000109',
  certSerial: 'MERCHANT-SERIAL',
  privateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  platformKeys: { PUB_KEY_ID_0001: pem(platform.publicKey) },
}

const PAID = {
  mchid: '1230000109',
  appid: DEMO_PAY_SETTINGS.appId,
  out_trade_no: 'XD20250602-000001',
  transaction_id: '4200000000000001',
  trade_state: 'SUCCESS',
  amount: { total: 88000, currency: 'CNY' },
}

// What the stand-in platform answers next, and what it saw of the last request.
let answer: { status: number; body: string; signer?: 'platform' | 'stranger' | 'none'; alter?: boolean }
let seen: { url: string; authorization: string; signatureValid: boolean } | undefined
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const auth = req.headers.authorization ?? ''
    const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? ''
    const message = `GET\n${req.url}\n${field('timestamp')}\n${field('nonce_str')}\n\n`
    seen = {
      url: req.url ?? '',
      authorization: auth,
      signatureValid: createVerify('RSA-SHA256')
        .update(message)
        .verify(pem(merchant.publicKey), field('signature'), 'base64'),
    }
    const timestamp = String(Math.floor(NOW / 1000))
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (answer.signer !== 'none') {
      const key = answer.signer === 'stranger' ? stranger.privateKey : platform.privateKey
      headers['wechatpay-serial'] = 'PUB_KEY_ID_0001'
      headers['wechatpay-timestamp'] = timestamp
      headers['wechatpay-nonce'] = 'n0nce'
      headers['wechatpay-signature'] = createSign('RSA-SHA256')
        .update(signedMessage(timestamp, 'n0nce', answer.body))
        .sign(key, 'base64')
    }
    res.writeHead(answer.status, headers).end(answer.alter ? answer.body.replace('88000', '1') : answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const api = () => createWechatPayApi(SETTINGS, { apiBase: base, now: () => NOW })

describe('asking the real WeChat Pay about an order', () => {
  test('a paid order: the transaction, asked with a request the merchant key signed', async () => {
    answer = { status: 200, body: JSON.stringify(PAID) }
    expect(await api()?.queryOrder('XD20250602-000001')).toMatchObject({
      trade_state: 'SUCCESS',
      out_trade_no: 'XD20250602-000001',
    })
    expect(seen?.url).toBe('/v3/pay/transactions/out-trade-no/XD20250602-000001?mchid=1230000109')
    expect(seen?.authorization).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",.*serial_no="MERCHANT-SERIAL"$/,
    )
    expect(seen?.signatureValid).toBe(true)
  })

  test.each([
    [
      'not paid yet',
      { status: 200, body: JSON.stringify({ ...PAID, trade_state: 'NOTPAY', transaction_id: undefined }) },
    ],
    [
      'unknown to WeChat Pay',
      { status: 404, body: JSON.stringify({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }) },
    ],
  ])('%s: nothing to settle', async (_name, staged) => {
    answer = staged
    expect(await api()?.queryOrder('XD20250602-000001')).toBeUndefined()
  })

  test.each<[string, typeof answer]>([
    ['an answer with no platform signature', { status: 200, body: JSON.stringify(PAID), signer: 'none' }],
    [
      'an answer signed by a key the settings do not trust',
      { status: 200, body: JSON.stringify(PAID), signer: 'stranger' },
    ],
    ['an answer altered after signing', { status: 200, body: JSON.stringify(PAID), alter: true }],
    [
      'a platform error',
      { status: 500, body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }) },
    ],
  ])('%s is refused: an upstream error, never a paid order', async (_name, staged) => {
    answer = staged
    const error = await api()
      ?.queryOrder('XD20250602-000001')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      )
    expect(GatewayServerError.isInstance(error) && `${error.kind} ${error.code}`).toBe(
      'upstream WECHATPAY_QUERY_FAILED',
    )
  })

  test('without the merchant private key there is no asking', () => {
    const { privateKeyPem: _key, ...withoutKey } = SETTINGS
    expect(createWechatPayApi(withoutKey, { now: () => NOW })).toBeUndefined()
  })
})
