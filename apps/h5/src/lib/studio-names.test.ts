import { describe, expect, test } from 'vitest'
import { levelName, styleName } from './studio-names'

describe('style and level names come from the contract, in the language asked', () => {
  test.each([
    ['jazz', 'zh', undefined, '爵士'],
    ['jazz', 'en', undefined, 'Jazz'],
    ['chinese', 'en', undefined, 'Chinese dance'],
    ['tap', 'en', '踢踏', '踢踏'],
    ['tap', 'zh', undefined, 'tap'],
    ['constructor', 'en', 'x', 'x'],
    ['__proto__', 'zh', 'y', 'y'],
  ] as const)('style %s in %s (fallback %s): %s', (code, locale, fallback, name) => {
    expect(styleName(code, locale, fallback)).toBe(name)
  })

  test.each([
    ['beginner', 'zh', '零基础'],
    ['advanced', 'en', 'Advanced'],
    ['pro', 'en', 'pro'],
  ] as const)('level %s in %s: %s', (code, locale, name) => {
    expect(levelName(code, locale)).toBe(name)
  })
})
