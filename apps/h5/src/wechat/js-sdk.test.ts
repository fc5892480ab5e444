import { describe, expect, test } from 'vitest'
import { signatureUrl } from './js-sdk'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.47'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36 MicroMessenger/8.0.47.2560'

describe('signatureUrl', () => {
  test.each([
    [
      'iOS signs the landing address',
      IPHONE,
      'https://h.test/?a=1',
      'https://h.test/classes/7',
      'https://h.test/?a=1',
    ],
    [
      'Android signs the current one',
      ANDROID,
      'https://h.test/?a=1',
      'https://h.test/classes/7',
      'https://h.test/classes/7',
    ],
    ['never the fragment', ANDROID, 'https://h.test/', 'https://h.test/x?b=2#top', 'https://h.test/x?b=2'],
  ])('%s', (_name, ua, landing, current, expected) => {
    expect(signatureUrl(ua, landing, current)).toBe(expected)
  })
})
