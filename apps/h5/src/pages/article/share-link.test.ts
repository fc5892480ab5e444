import { describe, expect, it } from 'vitest'
import { shareLink } from './share-link'

describe('shareLink', () => {
  it.each([
    [
      'a signed-in customer is the sharer',
      '12',
      '20001',
      'https://h5.example.com/marketing/article?id=12&sharer=20001',
    ],
    [
      'a signed-out reader shares without a sharer',
      '12',
      undefined,
      'https://h5.example.com/marketing/article?id=12',
    ],
    ['an empty userId counts as signed out', '12', '', 'https://h5.example.com/marketing/article?id=12'],
    ['values are encoded', 'a&b', 'u=1', 'https://h5.example.com/marketing/article?id=a%26b&sharer=u%3D1'],
  ])('%s', (_name, id, userId, expected) => {
    expect(shareLink('https://h5.example.com', id, userId)).toBe(expected)
  })
})
