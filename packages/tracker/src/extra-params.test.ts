import { expect, test } from 'vitest'
import { articleExtraParams } from './extra-params'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'

test.each([
  [
    'iPhone, article',
    IPHONE,
    '/marketing/article',
    '/marketing/article?id=42&sharer=u7',
    { contentId: '42', sharer: 'u7' },
  ],
  [
    'iPhone, hash router',
    IPHONE,
    '/marketing/article',
    '/#/marketing/article?id=42&sharer=u7',
    { contentId: '42', sharer: 'u7' },
  ],
  [
    'iPhone, encoded values',
    IPHONE,
    '/marketing/article',
    '/marketing/article?id=a%20b&sharer=%E5%BC%A0',
    { contentId: 'a b', sharer: '张' },
  ],
  ['iPhone, no query', IPHONE, '/marketing/article', '/marketing/article', { contentId: '', sharer: '' }],
  ['iPhone, another page', IPHONE, '/marketing/articles', '/marketing/articles?id=42', undefined],
  ['iPad', IPAD, '/marketing/article', '/marketing/article?id=42', undefined],
  ['Android', ANDROID, '/marketing/article', '/marketing/article?id=42', undefined],
])('%s', (_name, userAgent, path, url, expected) => {
  expect(articleExtraParams({ path, url: `https://h5.example.com${url}`, userAgent })).toEqual(expected)
})
