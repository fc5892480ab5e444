import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { classesQuerySchema } from './schemas/studio'

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
