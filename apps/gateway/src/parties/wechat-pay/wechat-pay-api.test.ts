import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_PAY_SETTINGS, type PaySettings } from './pay-settings'
import { createWechatPayApi } from './wechat-pay-api'
import { signedMessage } from './wechat-pay-crypto'

const pem = (key: { export(o: object): string | Buffer }, type: 'spki' | 'pkcs8') =>
  key.export({ type, format: 'pem' }).toString()
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 })
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 })
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
const settings: PaySettings = {
  ...DEMO_PAY_SETTINGS,
  certSerial: 'MERCHANT01',
  privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
  platformKeys: { PUB_KEY_ID_01: pem(platform.publicKey, 'spki') },
}
const NOW = Date.parse('2025-06-02T10:00:00+08:00')
const transaction = {
  mchid: settings.mchId,
  appid: settings.appId,
  out_trade_no: 'XD20250602-000001',
  transaction_id: '4200000001',
  trade_state: 'SUCCESS',
  amount: { total: 88000, currency: 'CNY' },
}

// The platform, played on loopback: it checks the merchant's signature as WeChat Pay does, and signs its answers.
let server: Server
let base = ''
let answerWith: 'ours' | 'stranger' | 'unsigned' = 'ours'
const seen: string[] = []
beforeAll(async () => {
  server = createServer(async (req, res) => {
    let payload = ''
    for await (const chunk of req) payload += String(chunk)
    const auth = req.headers.authorization ?? ''
    const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? ''
    const merchantSigned = createVerify('RSA-SHA256')
      .update(`${req.method}\n${req.url}\n${field('timestamp')}\n${field('nonce_str')}\n${payload}\n`)
      .verify(pem(merchant.publicKey, 'spki'), field('signature'), 'base64')
    seen.push(`${req.url} ${merchantSigned ? 'signed' : 'unsigned'} ${field('serial_no')}`)
    if (req.method === 'POST') seen.push(payload)
    const known = req.url?.startsWith('/v3/pay/transactions/out-trade-no/XD20250602-000001?')
    const started = req.method === 'POST' && /^\/v3\/pay\/transactions\/(h5|native)$/.test(req.url ?? '')
    const status = !merchantSigned ? 401 : known || started ? 200 : 404
    const answer = started
      ? req.url?.endsWith('h5')
        ? { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1' }
        : { code_url: 'weixin://wxpay/bizpayurl?pr=abc123' }
      : transaction
    const body = JSON.stringify(
      status === 200 ? answer : { code: status === 404 ? 'ORDER_NOT_EXIST' : 'SIGN_ERROR' },
    )
    const timestamp = String(Math.floor(NOW / 1000))
    const signer = answerWith === 'stranger' ? stranger.privateKey : platform.privateKey
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-serial': 'PUB_KEY_ID_01',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': 'n0nce',
      'wechatpay-signature':
        answerWith === 'unsigned'
          ? ''
          : createSign('RSA-SHA256')
              .update(signedMessage(timestamp, 'n0nce', body))
              .sign(signer, 'base64'),
    })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the real WeChat Pay order query', () => {
  const api = () => createWechatPayApi(settings, { base, now: () => NOW })

  test('signs the request as the merchant and returns the platform’s signed transaction', async () => {
    answerWith = 'ours'
    expect(await api().queryOrder('XD20250602-000001')).toMatchObject({
      trade_state: 'SUCCESS',
      amount: { total: 88000 },
    })
    expect(seen.at(-1)).toBe(
      `/v3/pay/transactions/out-trade-no/XD20250602-000001?mchid=${settings.mchId} signed MERCHANT01`,
    )
  })

  test('an order the platform does not know is undefined', async () => {
    answerWith = 'ours'
    expect(await api().queryOrder('XD20250602-999999')).toBeUndefined()
  })

  test.each([
    ['signed by another key', 'stranger'],
    ['not signed', 'unsigned'],
  ] as const)('an answer %s is not trusted: it throws', async (_name, how) => {
    answerWith = how
    await expect(api().queryOrder('XD20250602-000001')).rejects.toThrow(/not signed by a known platform key/)
  })

  test('without the merchant private key there is no query', () => {
    const { privateKeyPem: _key, ...noKey } = settings
    expect(() => createWechatPayApi(noKey, { base, now: () => NOW })).toThrow(/WECHATPAY_PRIVATE_KEY_PATH/)
  })
})

describe('the real WeChat Pay H5 and Native payments', () => {
  const start = {
    orderNo: 'XD20250602-000002',
    amountFen: 3900,
    description: '体验卡',
    clientIp: '10.0.0.8',
    origin: '',
  }

  test('H5: a signed POST /v3/pay/transactions/h5 with the scene, answering the platform-signed h5_url', async () => {
    seen.length = 0
    answerWith = 'ours'
    const api = createWechatPayApi(settings, { base, now: () => NOW })
    const url = await api.startPayment({ ...start, kind: 'h5' })
    expect(url).toBe('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1')
    expect(seen[0]).toBe('/v3/pay/transactions/h5 signed MERCHANT01')
    expect(JSON.parse(seen[1] ?? '')).toEqual({
      appid: settings.appId,
      mchid: settings.mchId,
      description: '体验卡',
      out_trade_no: 'XD20250602-000002',
      notify_url: settings.notifyUrl,
      amount: { total: 3900, currency: 'CNY' },
      scene_info: { payer_client_ip: '10.0.0.8', h5_info: { type: 'Wap' } },
    })
  })

  test('Native: the code_url, with no scene', async () => {
    seen.length = 0
    answerWith = 'ours'
    const api = createWechatPayApi(settings, { base, now: () => NOW })
    expect(await api.startPayment({ ...start, kind: 'native' })).toBe('weixin://wxpay/bizpayurl?pr=abc123')
    expect(JSON.parse(seen[1] ?? '')).not.toHaveProperty('scene_info')
  })

  test('an answer not signed by the platform is not trusted', async () => {
    answerWith = 'stranger'
    const api = createWechatPayApi(settings, { base, now: () => NOW })
    await expect(api.startPayment({ ...start, kind: 'native' })).rejects.toThrow(/not signed/)
    answerWith = 'ours'
  })
})
