import { describe, expect, it } from 'vitest'
import { normaliseCode, normalisePhone } from './login-form'

describe('normalisePhone', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['138 0013 8000', '13800138000'],
    ['138-0013-8000', '13800138000'],
    ['+8613800138000', '13800138000'],
    ['86 13800138000', '13800138000'],
    ['19912345678', '19912345678'],
    ['12800138000', undefined],
    ['1380013800', undefined],
    ['138001380001', undefined],
    ['1380013800a', undefined],
    ['', undefined],
    [null, undefined],
    [13800138000, undefined],
  ])('%s becomes %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected)
  })
})

describe('normaliseCode', () => {
  it.each([
    ['123456', '123456'],
    [' 012345 ', '012345'],
    ['12345', undefined],
    ['1234567', undefined],
    ['12a456', undefined],
    ['１２３４５６', undefined],
    [undefined, undefined],
  ])('%s becomes %s', (input, expected) => {
    expect(normaliseCode(input)).toBe(expected)
  })
})
