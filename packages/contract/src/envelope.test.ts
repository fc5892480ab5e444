import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { codeStatus, isSuccessCode } from './envelope'
import { ERROR_CODE, ERROR_CODES, errorCodeName } from './error-codes'
import { envelopeSchema } from './schemas/envelope'

describe('the envelope', () => {
  test.each([
    [200, true],
    ['200', true],
    ['ok', true],
    [0, false],
    ['OK', false],
    [401, false],
    [40901, false],
    [undefined, false],
  ])('code %j means success: %s', (code, expected) => {
    expect(isSuccessCode(code)).toBe(expected)
  })

  test('parses an answer and names what is missing', () => {
    const schema = envelopeSchema(v.object({ id: v.number() }))
    expect(v.parse(schema, { code: 200, data: { id: 1 }, msg: 'ok', tips: '' }).data.id).toBe(1)
    const bad = v.safeParse(schema, { code: 200, data: { id: '1' }, msg: 'ok' })
    expect(bad.success).toBe(false)
    expect(bad.issues?.map((issue) => v.getDotPath(issue))).toEqual(['data.id', 'tips'])
  })
})

describe('the error catalogue', () => {
  test('no two entries share a code, and every code has its text', () => {
    const codes = Object.values(ERROR_CODE)
    expect(new Set(codes).size).toBe(codes.length)
    expect(Object.keys(ERROR_CODES)).toEqual(Object.keys(ERROR_CODE))
    for (const [name, entry] of Object.entries(ERROR_CODES)) expect(entry.msg, name).not.toBe('')
  })

  test('every code is numbered after an HTTP error status (what codeStatus reads)', () => {
    for (const [name, code] of Object.entries(ERROR_CODE)) {
      const status = codeStatus(code)
      expect(status, name).toBeGreaterThanOrEqual(400)
      expect(status, name).toBeLessThanOrEqual(599)
    }
    expect(codeStatus(ERROR_CODE.NOT_FOUND)).toBe(404)
    expect([ERROR_CODE.INTERNAL, ERROR_CODE.BUSY].map(codeStatus)).toEqual([500, 503])
  })

  test.each([
    [40401, 404],
    ['50301', 503],
    [401, 401],
    [200, 200],
    [42, undefined],
    [99999, undefined],
    [404.5, undefined],
    [-404, undefined],
    ['', undefined],
    [' 404', undefined],
    ['ok', undefined],
    [null, undefined],
  ])('codeStatus(%j) is %j', (code, status) => {
    expect(codeStatus(code)).toBe(status)
  })

  test.each([
    [40901, 'CLASS_FULL'],
    ['40401', 'NOT_FOUND'],
    [401, 'UNAUTHORIZED'],
    [42902, 'LOGIN_LOCKED'],
    [40301, 'FORBIDDEN'],
    ['42903', 'TOO_MANY_REQUESTS'],
    [99999, undefined],
    ['ok', undefined],
  ])('code %j is %s', (code, name) => {
    expect(errorCodeName(code)).toBe(name)
  })
})
