import { describe, expect, test } from 'vitest'
import { isWeChat } from './detect'

describe('isWeChat', () => {
  test.each([
    [
      'WeChat on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      true,
    ],
    [
      'WeChat on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64',
      true,
    ],
    [
      'WeChat Work is another app',
      'Mozilla/5.0 (iPhone) Mobile/15E148 wxwork/4.1.16 MicroMessenger/7.0.1 Language/zh',
      false,
    ],
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      false,
    ],
    ['the word without a version', 'Something MicroMessenger', false],
    ['empty', '', false],
  ])('%s', (_name, userAgent, expected) => {
    expect(isWeChat(userAgent)).toBe(expected)
  })
})
