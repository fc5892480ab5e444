import { DEFAULT_MESSAGES } from '@xdance/http'
import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import { createI18n } from '../i18n/i18n'
import { localiseClientMessage } from './client-messages'

const i18n = createI18n(async () => en)
await i18n.setLocale('en')
const zhT = i18n.translator('zh')
const enT = i18n.translator('en')

describe("the gateway client's toast texts", () => {
  it('are the spec texts in Chinese', () => {
    expect(localiseClientMessage(zhT, DEFAULT_MESSAGES.timeout, 'timeout')).toBe('请求超时，请重试')
    expect(localiseClientMessage(zhT, DEFAULT_MESSAGES.requestError, 'error')).toBe('请求错误，请稍后重试')
  })

  it('follow the English switch', () => {
    expect(localiseClientMessage(enT, DEFAULT_MESSAGES.timeout, 'timeout')).toBe(
      'Request timed out, please retry',
    )
    expect(localiseClientMessage(enT, DEFAULT_MESSAGES.requestError, 'error')).toBe(
      'Request failed, please try again later',
    )
  })

  it("leave a server's msg as the server wrote it", () => {
    expect(localiseClientMessage(enT, '该课程已约满', 'error')).toBe('该课程已约满')
  })
})
