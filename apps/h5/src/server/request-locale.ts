import { browserLocale, type Locale } from '../i18n/i18n'

/**
 * The languages of an `Accept-Language` header, most wanted first (by `q`, then order).
 *
 * @example
 * acceptedLanguages('zh-CN;q=0.5,en-US') // ['en-US', 'zh-CN']
 */
export function acceptedLanguages(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((item) => item.trim())
      const q = params.find((param) => param.startsWith('q='))
      return { tag, index, q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}

/**
 * The language a request's page is rendered in: the browser's choice as the app makes it (`browserLocale`: English
 * when the most wanted language is English). The one place that decides it on the server: the renderer renders in
 * it and the page cache keys on it, so a page kept for one visitor is only served to visitors who get that language.
 *
 * @example
 * requestLocale(new Request('http://h5.example/', { headers: { 'accept-language': 'zh-CN;q=0.5,en-US' } })) // 'en'
 */
export function requestLocale(request: Request): Locale {
  return browserLocale(acceptedLanguages(request.headers.get('accept-language')))
}
