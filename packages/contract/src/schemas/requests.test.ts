import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { bookRequestSchema, loginRequestSchema, smsRequestSchema } from './account'
import { createOrderRequestSchema, wechatPayParamsSchema } from './commerce'
import { traceMarkSchema, visitReportSchema } from './records'
import { articlesQuerySchema, classesQuerySchema, idParamSchema } from './studio'
import { joinWaitlistRequestSchema } from './waitlist'
import { wechatJsConfigRequestSchema, wechatOAuthRequestSchema } from './wechat'

// What the gateway answers (code 40001) is the first issue's message and the field it names.
function refusal(schema: v.GenericSchema, input: unknown): { field: string | null; msg: string } | 'ok' {
  const result = v.safeParse(schema, input, { abortEarly: true })
  if (result.success) return 'ok'
  const [issue] = result.issues
  return { field: issue ? (v.getDotPath(issue) ?? null) : null, msg: issue?.message ?? '' }
}

describe('request bodies', () => {
  test.each([
    ['a phone', smsRequestSchema, { phone: '13800138000' }, 'ok'],
    ['an unknown field is ignored', smsRequestSchema, { phone: '13800138000', admin: true }, 'ok'],
    ['no phone', smsRequestSchema, {}, { field: 'phone', msg: '手机号格式不正确' }],
    [
      'a phone as a number',
      smsRequestSchema,
      { phone: 13800138000 },
      { field: 'phone', msg: '手机号格式不正确' },
    ],
    ['a landline', smsRequestSchema, { phone: '02012345678' }, { field: 'phone', msg: '手机号格式不正确' }],
    ['a string body', smsRequestSchema, 'phone', { field: null, msg: '请求体必须是 JSON 对象' }],
    ['null', smsRequestSchema, null, { field: null, msg: '请求体必须是 JSON 对象' }],
    ['phone and code', loginRequestSchema, { phone: '13800138000', code: '012345' }, 'ok'],
    [
      'phone, code and invite id (an old client’s openId is ignored, whatever its length)',
      loginRequestSchema,
      { phone: '13800138000', code: '012345', openId: 'o'.repeat(129), inviteId: '7' },
      'ok',
    ],
    [
      'an invite id too long',
      loginRequestSchema,
      { phone: '13800138000', code: '012345', inviteId: '7'.repeat(129) },
      { field: 'inviteId', msg: 'inviteId 必须是不超过 128 个字符的字符串' },
    ],
    ['a WeChat code', wechatOAuthRequestSchema, { code: '061abcDEF-9' }, 'ok'],
    [
      'an empty WeChat code',
      wechatOAuthRequestSchema,
      { code: '' },
      { field: 'code', msg: 'code 必须是 1 到 128 个字符的字符串' },
    ],
    [
      'a WeChat code with a space',
      wechatOAuthRequestSchema,
      { code: 'a b' },
      { field: 'code', msg: 'code 必须是 1 到 128 个字符的字符串' },
    ],
    [
      'no WeChat code',
      wechatOAuthRequestSchema,
      {},
      { field: 'code', msg: 'code 必须是 1 到 128 个字符的字符串' },
    ],
    ['a page address', wechatJsConfigRequestSchema, { url: 'https://h5.example.com/classes/7?a=1#x' }, 'ok'],
    [
      'a relative address',
      wechatJsConfigRequestSchema,
      { url: '/classes/7' },
      { field: 'url', msg: 'url 必须是不超过 2048 个字符的 http(s) 地址' },
    ],
    [
      'a javascript: address',
      wechatJsConfigRequestSchema,
      { url: 'javascript:alert(1)' },
      { field: 'url', msg: 'url 必须是不超过 2048 个字符的 http(s) 地址' },
    ],
    [
      'a five-digit code',
      loginRequestSchema,
      { phone: '13800138000', code: '12345' },
      { field: 'code', msg: '验证码应为 6 位数字' },
    ],
    [
      'a code as a number',
      loginRequestSchema,
      { phone: '13800138000', code: 123456 },
      { field: 'code', msg: '验证码应为 6 位数字' },
    ],
    ['a class', bookRequestSchema, { classId: 7 }, 'ok'],
    ['a class and a card', bookRequestSchema, { classId: 7, cardId: 3 }, 'ok'],
    ['a null card means "pick one"', bookRequestSchema, { classId: 7, cardId: null }, 'ok'],
    [
      'a class id as text',
      bookRequestSchema,
      { classId: '7' },
      { field: 'classId', msg: 'classId 必须是正整数' },
    ],
    ['a class id of 0', bookRequestSchema, { classId: 0 }, { field: 'classId', msg: 'classId 必须是正整数' }],
    [
      'a fractional class id',
      bookRequestSchema,
      { classId: 1.5 },
      { field: 'classId', msg: 'classId 必须是正整数' },
    ],
    [
      'an unsafe class id',
      bookRequestSchema,
      { classId: 2 ** 53 },
      { field: 'classId', msg: 'classId 必须是正整数' },
    ],
    [
      'a card id of -1',
      bookRequestSchema,
      { classId: 7, cardId: -1 },
      { field: 'cardId', msg: 'cardId 必须是正整数' },
    ],
    ['a product', createOrderRequestSchema, { productId: 2 }, 'ok'],
    ['no product', createOrderRequestSchema, {}, { field: 'productId', msg: 'productId 必须是正整数' }],
    [
      'a product id as text',
      createOrderRequestSchema,
      { productId: '2' },
      { field: 'productId', msg: 'productId 必须是正整数' },
    ],
    ['joining a waitlist with no card named', joinWaitlistRequestSchema, {}, 'ok'],
    ['joining a waitlist with a card', joinWaitlistRequestSchema, { cardId: 3 }, 'ok'],
    [
      'joining a waitlist with a card id of 0',
      joinWaitlistRequestSchema,
      { cardId: 0 },
      { field: 'cardId', msg: 'cardId 必须是正整数' },
    ],
  ])('%s', (_name, schema, input, expected) => {
    expect(refusal(schema, input)).toEqual(expected)
  })
})

describe('query strings and path parameters', () => {
  test('a classes query with filters parses to its values', () => {
    expect(
      v.parse(classesQuerySchema, { from: '2025-06-01', to: '', style: 'jazz', level: '', teacherId: '3' }),
    ).toEqual({ from: '2025-06-01', to: undefined, style: 'jazz', level: undefined, teacherId: 3 })
    expect(v.parse(classesQuerySchema, {})).toEqual({})
  })

  test.each([
    [{ from: '2025-02-30' }, { field: 'from', msg: 'from 应为 YYYY-MM-DD 格式的日期' }],
    [{ to: 'tomorrow' }, { field: 'to', msg: 'to 应为 YYYY-MM-DD 格式的日期' }],
    [{ style: 'tango' }, { field: 'style', msg: 'style 的取值不在可选范围内' }],
    [{ style: 'constructor' }, { field: 'style', msg: 'style 的取值不在可选范围内' }],
    [{ level: 'master' }, { field: 'level', msg: 'level 的取值不在可选范围内' }],
    [{ teacherId: '0' }, { field: 'teacherId', msg: 'teacherId 必须是正整数' }],
    [{ teacherId: '1e3' }, { field: 'teacherId', msg: 'teacherId 必须是正整数' }],
  ])('classes query %j is refused', (query, expected) => {
    expect(refusal(classesQuerySchema, query)).toEqual(expected)
  })

  test.each([
    [{}, { page: 1, pageSize: 10 }],
    [
      { page: '', pageSize: '' },
      { page: 1, pageSize: 10 },
    ],
    [
      { page: '3', pageSize: '50' },
      { page: 3, pageSize: 50 },
    ],
  ])('articles query %j reads as %j', (query, expected) => {
    expect(v.parse(articlesQuerySchema, query)).toEqual(expected)
  })

  test.each([
    [{ page: '0' }, { field: 'page', msg: 'page 必须是 1 到 10000 之间的整数' }],
    [{ page: 'x' }, { field: 'page', msg: 'page 必须是 1 到 10000 之间的整数' }],
    [{ pageSize: '51' }, { field: 'pageSize', msg: 'pageSize 必须是 1 到 50 之间的整数' }],
    [{ pageSize: '-1' }, { field: 'pageSize', msg: 'pageSize 必须是 1 到 50 之间的整数' }],
  ])('articles query %j is refused', (query, expected) => {
    expect(refusal(articlesQuerySchema, query)).toEqual(expected)
  })

  test.each([
    ['12', 12],
    ['9007199254740991', 9_007_199_254_740_991],
  ])('path id %j is %i', (id, expected) => {
    expect(v.parse(idParamSchema, { id }).id).toBe(expected)
  })

  test.each(['0', '-1', '1.5', '01', 'abc', '9007199254740993', ''])('path id %j is refused', (id) => {
    expect(refusal(idParamSchema, { id })).toEqual({ field: 'id', msg: 'id 必须是正整数' })
  })
})

describe('the public sinks', () => {
  test('a trace mark keeps the spec fields as text and drops anything else', () => {
    const mark = v.parse(traceMarkSchema, { path: '/', userId: 20001, endpoint: 'h5', secret: 'x' })
    expect(mark).toEqual({ path: '/', userId: '20001', endpoint: 'h5' })
  })

  test('a trace mark with a 2 KB extra passes and one byte more is refused', () => {
    expect(refusal(traceMarkSchema, { extra: 'x'.repeat(2048) })).toBe('ok')
    expect(refusal(traceMarkSchema, { extra: 'x'.repeat(2049) })).toEqual({
      field: 'extra',
      msg: 'extra 必须是不超过 2048 个字符的字符串',
    })
    expect(refusal(traceMarkSchema, { path: { $gt: '' } })).toEqual({
      field: 'path',
      msg: 'path 必须是不超过 4096 个字符的字符串',
    })
  })

  test('a visit report keeps the spec fields plus contentId and sharer', () => {
    const params = { actionType: 'visit', url: 'https://h5.example/', contentId: '3', sharer: '7', utm: 'x' }
    expect(v.parse(visitReportSchema, params)).toEqual({
      actionType: 'visit',
      url: 'https://h5.example/',
      contentId: '3',
      sharer: '7',
    })
  })
})

describe('WeChat Pay JSAPI parameters', () => {
  const params = {
    appId: 'wx8888888888888888',
    timeStamp: '1748829600',
    nonceStr: 'abc',
    package: 'prepay_id=wx201410272009395522657a690389285100',
    signType: 'RSA',
    paySign: 'c2lnbg==',
  }
  test.each([
    ['what wx.chooseWXPay takes', params, true],
    ['a package that is not a prepay id', { ...params, package: 'wx2014' }, false],
    ['a timestamp in milliseconds as a number', { ...params, timeStamp: 1_748_829_600_000 }, false],
    ['a signature type WeChat Pay v3 does not know', { ...params, signType: 'MD5' }, false],
  ])('%s: %s', (_name, input, valid) => {
    expect(v.safeParse(wechatPayParamsSchema, input).success).toBe(valid)
  })
})
