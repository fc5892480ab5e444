import { describe, expect, test } from 'vitest'
import { Refusal } from './gateway-error'
import {
  maskPhone,
  readDateText,
  readEnumText,
  readId,
  readIdText,
  readIntText,
  readObject,
  readPhone,
  readSmsCode,
} from './validation'

function refusalOf(run: () => unknown): Refusal | undefined {
  try {
    run()
  } catch (error) {
    if (Refusal.isInstance(error)) return error
    throw error
  }
  return undefined
}

describe('readPhone', () => {
  test.each([
    ['13800138000', true],
    ['19912345678', true],
    ['12800138000', false],
    ['1380013800', false],
    ['138001380001', false],
    [' 13800138000', false],
    [13800138000, false],
    ["13800138000' OR '1'='1", false],
    [null, false],
  ])('%j accepted: %s', (value, accepted) => {
    const refusal = refusalOf(() => readPhone(value))
    expect(refusal === undefined).toBe(accepted)
    if (refusal) expect(refusal.envelopeCode).toBe(40001)
  })
})

describe('readSmsCode', () => {
  test.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    [123456, false],
    ['12345a', false],
  ])('%j accepted: %s', (value, accepted) => {
    expect(refusalOf(() => readSmsCode(value)) === undefined).toBe(accepted)
  })
})

describe('ids', () => {
  test.each([
    [1, true],
    [42, true],
    [0, false],
    [-1, false],
    [1.5, false],
    ['1', false],
    [Number.MAX_SAFE_INTEGER + 1, false],
    [true, false],
    [{}, false],
  ])('readId(%j) accepted: %s', (value, accepted) => {
    expect(refusalOf(() => readId(value, 'classId')) === undefined).toBe(accepted)
  })

  test.each([
    ['1', true],
    ['0', false],
    ['01', false],
    ['1e3', false],
    ['1 OR 1=1', false],
    ['99999999999999999', false],
    [undefined, false],
  ])('readIdText(%j) accepted: %s', (value, accepted) => {
    expect(refusalOf(() => readIdText(value, 'id')) === undefined).toBe(accepted)
  })
})

test('a refusal names the field it is about', () => {
  const refusal = refusalOf(() => readId('x', 'classId'))
  expect(refusal?.data).toEqual({ field: 'classId' })
  expect(refusal?.message).toContain('classId')
})

test.each([
  [undefined, 1],
  ['', 1],
  ['3', 3],
  ['0', 'refused'],
  ['51', 'refused'],
  ['2.5', 'refused'],
  ['abc', 'refused'],
])('readIntText(%j) in 1..50 gives %s', (text, expected) => {
  const run = () => readIntText(text, 'pageSize', { min: 1, max: 50, fallback: 1 })
  if (expected === 'refused') expect(refusalOf(run)).toBeDefined()
  else expect(run()).toBe(expected)
})

test('readDateText falls back when absent and refuses an impossible date', () => {
  expect(readDateText(undefined, 'from', '2025-06-02')).toBe('2025-06-02')
  expect(readDateText('2025-06-03', 'from', '2025-06-02')).toBe('2025-06-03')
  expect(refusalOf(() => readDateText('2025-02-30', 'from', 'x'))).toBeDefined()
})

test('readEnumText accepts only own keys, not inherited ones like toString', () => {
  const allowed = { jazz: 1 }
  expect(readEnumText('jazz', 'style', allowed)).toBe('jazz')
  expect(readEnumText(undefined, 'style', allowed)).toBeUndefined()
  expect(refusalOf(() => readEnumText('toString', 'style', allowed))).toBeDefined()
})

test.each([[[]], ['text'], [3], [null]])('readObject refuses %j', (value) => {
  expect(refusalOf(() => readObject(value))?.message).toBe('请求体必须是 JSON 对象')
})

test('maskPhone hides the middle four digits', () => {
  expect(maskPhone('13800138000')).toBe('138****8000')
})
