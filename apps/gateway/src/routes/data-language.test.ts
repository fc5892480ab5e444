import { describe, expect, it } from 'vitest'
import { dataLanguage } from './data-language'

describe('dataLanguage: the studio data language a request asks for', () => {
  it.each([
    [null, 'zh'],
    [undefined, 'zh'],
    ['', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['EN-gb', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['zh-Hant', 'zh'],
    ['fr-FR,en;q=0.5', 'zh'],
    ['english', 'zh'],
  ] as const)('%s → %s', (header, expected) => {
    expect(dataLanguage(header)).toBe(expected)
  })
})
