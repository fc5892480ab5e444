import { describe, expect, it } from 'vitest'
import { acceptedLanguages, requestLocale } from './request-locale'

describe('acceptedLanguages', () => {
  it.each([
    [null, []],
    ['', []],
    ['zh-CN', ['zh-CN']],
    ['zh-CN;q=0.5,en-US', ['en-US', 'zh-CN']],
    ['en-GB,en;q=0.9,zh;q=0.8', ['en-GB', 'en', 'zh']],
    ['fr;q=0.5, de;q=0.5, it', ['it', 'fr', 'de']],
    ['en;q=0, zh-CN', ['zh-CN']],
    ['en;q=abc, zh', ['zh']],
    [' , zh-CN ; q=0.7 ,', ['zh-CN']],
  ])('%j ranks %j', (header, languages) => {
    expect(acceptedLanguages(header)).toEqual(languages)
  })
})

describe('requestLocale: the language a request’s page is rendered in', () => {
  it.each([
    [undefined, 'zh'],
    ['zh-CN', 'zh'],
    ['en-US', 'en'],
    ['EN', 'en'],
    ['zh-CN;q=0.5,en-US', 'en'],
    ['en;q=0.1,zh-CN;q=0.9', 'zh'],
    ['english', 'zh'],
    ['fr-FR,en;q=0.9', 'zh'],
  ])('Accept-Language %s gets %s', (header, locale) => {
    const request = new Request(
      'http://h5.example/classes/1',
      header ? { headers: { 'accept-language': header } } : {},
    )
    expect(requestLocale(request)).toBe(locale)
  })
})
