import { describe, expect, test } from 'vitest'
import { isPhone, maskPhone, SMS_CODE_PATTERN } from './phone'

describe('the phone rule: 11 digits starting 13–19', () => {
  test.each([
    ['13800138000', true],
    ['19912345678', true],
    ['12800138000', false],
    ['1380013800', false],
    ['138001380000', false],
    ['+8613800138000', false],
    ['138 0013 8000', false],
    ['１３８００１３８０００', false],
    [13800138000, false],
    [null, false],
  ])('%j is a phone: %s', (value, expected) => {
    expect(isPhone(value)).toBe(expected)
  })

  test.each([
    ['13800138000', '138****8000'],
    ['12345', '12345'],
    ['', ''],
  ])('masks %j as %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked)
  })

  test.each([
    ['123456', true],
    ['012345', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
  ])('%j is a one-time code: %s', (code, expected) => {
    expect(SMS_CODE_PATTERN.test(code)).toBe(expected)
  })
})
