import { DEFAULT_MESSAGES } from '@xdance/http'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../i18n/i18n'
import { localiseClientMessage } from './client-messages'

afterEach(async () => {
  await setLocale('zh')
})

describe("the gateway client's toast texts", () => {
  it('are the spec texts in Chinese', () => {
    expect(localiseClientMessage(DEFAULT_MESSAGES.timeout, 'timeout')).toBe('请求超时，请重试')
    expect(localiseClientMessage(DEFAULT_MESSAGES.requestError, 'error')).toBe('请求错误，请稍后重试')
  })

  it('follow the English switch', async () => {
    await setLocale('en')
    expect(localiseClientMessage(DEFAULT_MESSAGES.timeout, 'timeout')).toBe('Request timed out, please retry')
    expect(localiseClientMessage(DEFAULT_MESSAGES.requestError, 'error')).toBe(
      'Request failed, please try again later',
    )
  })

  it("leave a server's msg as the server wrote it", async () => {
    await setLocale('en')
    expect(localiseClientMessage('该课程已约满', 'error')).toBe('该课程已约满')
  })
})
