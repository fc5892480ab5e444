import * as v from 'valibot'
import { describe, expect, it, test } from 'vitest'
import { classesQuerySchema } from './schemas/studio'
import { ageForClass, agesFit } from './studio-rules'

describe('GET /classes query: time of day and name search', () => {
  const parse = (query: Record<string, string>) =>
    v.safeParse(classesQuerySchema, { from: '2026-01-05', to: '2026-01-18', ...query })

  it.each([
    [{ time: 'evening' }, { time: 'evening' }],
    [{ time: '' }, { time: undefined }],
    [{ q: '  爵士 ' }, { q: '爵士' }],
    [{ q: '   ' }, { q: undefined }],
  ])('%o reads as %o', (query, expected) => {
    const result = parse(query)
    expect(result.success).toBe(true)
    expect(result.output).toMatchObject(expected)
  })

  it.each([[{ time: 'night' }], [{ q: 'x'.repeat(41) }]])('%o is refused', (query) => {
    expect(parse(query).success).toBe(false)
  })
})

describe('a member’s age for a class', () => {
  test('the class’s year less the birth year; none without one', () => {
    expect(ageForClass(2020, '2025-06-07')).toBe(5)
    expect(ageForClass(2020, '2026-01-01')).toBe(6)
    expect(ageForClass(null, '2025-06-07')).toBeNull()
  })
  test.each([
    [null, null, true],
    [null, 40, true],
    [{ min: 4, max: 6 }, 4, true],
    [{ min: 4, max: 6 }, 6, true],
    [{ min: 4, max: 6 }, 3, false],
    [{ min: 4, max: 6 }, 7, false],
    [{ min: 4, max: 6 }, null, false],
  ])('agesFit(%j, %j) is %j', (ages, age, fits) => {
    expect(agesFit(ages, age)).toBe(fits)
  })
})
