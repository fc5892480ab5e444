import { describe, expect, test } from 'vitest'
import { type CreditStore, createVisitExtraParams } from './visit-extra-params'

const memory = (initial?: string): CreditStore & { value: string | undefined } => {
  const store = {
    value: initial,
    read: () => store.value,
    write: (value: string) => {
      store.value = value
    },
  }
  return store
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36'
const ARTICLE = 'https://h.test/marketing/article?id=3&sharer=u1'

describe('the app’s extra visit parameters', () => {
  test.each([
    ['an Android visit that arrived with a sharer', ANDROID, '/marketing/article', ARTICLE, { sharer: 'u1' }],
    [
      'an iPhone article visit: contentId and sharer (the spec)',
      IPHONE,
      '/marketing/article',
      ARTICLE,
      { contentId: '3', sharer: 'u1' },
    ],
    [
      'an iPhone article without a sharer: the spec’s empty sharer',
      IPHONE,
      '/marketing/article',
      'https://h.test/marketing/article?id=3',
      { contentId: '3', sharer: '' },
    ],
    ['a shared class link', ANDROID, '/classes/7', 'https://h.test/classes/7?sharer=u4', { sharer: 'u4' }],
    ['no sharer, not an article: nothing', ANDROID, '/classes/7', 'https://h.test/classes/7', undefined],
  ])('%s', (_name, userAgent, path, url, expected) => {
    expect(createVisitExtraParams(memory())({ path, url, userAgent })).toEqual(expected)
  })

  test('a store holding something else credits the visit', () => {
    const visit = { path: '/classes/7', url: 'https://h.test/classes/7?sharer=u4', userAgent: ANDROID }
    expect(createVisitExtraParams(memory('{not a list'))(visit)).toEqual({ sharer: 'u4' })
  })

  test('the incoming sharer is credited on the first report of the arrival only, across reloads', () => {
    const store = memory()
    const params = createVisitExtraParams(store)
    const visit = { path: '/classes/7', url: 'https://h.test/classes/7?sharer=u4', userAgent: ANDROID }
    expect(params(visit)).toEqual({ sharer: 'u4' })
    expect(params(visit)).toBeUndefined()
    expect(createVisitExtraParams(store)(visit)).toBeUndefined()
    expect(params({ ...visit, url: 'https://h.test/classes/8?sharer=u4' })).toEqual({ sharer: 'u4' })
  })
})
