import { describe, expect, it } from 'vitest'
import { createPageCache, pageKey } from './page-cache'

const req = (url: string, language?: string) =>
  new Request(`http://h5.example${url}`, language ? { headers: { 'accept-language': language } } : {})

describe('pageKey', () => {
  it.each([
    ['/class/7', undefined, 'zh /class/7'],
    ['/class/7?x=1', 'en-GB,en;q=0.9', 'en /class/7?x=1'],
    ['/class/7', 'zh-CN', 'zh /class/7'],
    ['/class/7#top', 'ZH', 'zh /class/7'],
    // The renderer ranks by q: English is chosen, so the page is kept as English, not under the first tag.
    ['/classes/1', 'zh-CN;q=0.5,en-US', 'en /classes/1'],
    ['/classes/1', 'en;q=0, zh-CN', 'zh /classes/1'],
    // Any other language is rendered in Chinese: one page, not one per language asked for.
    ['/classes/1', 'fr-FR,fr;q=0.9', 'zh /classes/1'],
  ])('%s in %s is keyed %s, the language the renderer chooses', (url, language, key) => {
    expect(pageKey(req(url, language))).toBe(key)
  })
})

describe('createPageCache', () => {
  it('renders a shared page once while fresh, then again once it is older than the ttl', async () => {
    let time = 0
    let renders = 0
    const cache = createPageCache({ ttlMs: 5_000, now: () => time })
    const render = async () => `<p>${++renders}</p>`
    const first = await cache.get(req('/class/7'), render)
    time = 4_999
    const second = await cache.get(req('/class/7'), render)
    expect(second).toBe(first)
    expect(renders).toBe(1)
    time = 5_000
    const third = await cache.get(req('/class/7'), render)
    expect(renders).toBe(2)
    expect(third?.html).toBe('<p>2</p>')
    expect(third?.etag).not.toBe(first?.etag)
  })

  it('renders once for a burst of simultaneous requests of one page', async () => {
    let renders = 0
    const cache = createPageCache({ now: () => 0 })
    const render = async () => `<p>${++renders}</p>`
    const pages = await Promise.all(Array.from({ length: 50 }, () => cache.get(req('/class/7'), render)))
    expect(renders).toBe(1)
    expect(new Set(pages.map((page) => page?.etag)).size).toBe(1)
  })

  it('keeps pages apart by URL and language', async () => {
    const cache = createPageCache({ now: () => 0 })
    await cache.get(req('/class/7', 'zh'), async () => 'zh')
    const en = await cache.get(req('/class/7', 'en'), async () => 'en')
    const other = await cache.get(req('/class/8', 'zh'), async () => '8')
    expect([en?.html, other?.html, cache.size()]).toEqual(['en', '8', 3])
  })

  it('does not keep a page left to the browser (null), so the next request tries again', async () => {
    const cache = createPageCache({ now: () => 0 })
    expect(await cache.get(req('/x'), async () => null)).toBeNull()
    expect((await cache.get(req('/x'), async () => 'ok'))?.html).toBe('ok')
  })

  it('keeps at most maxEntries pages, dropping the oldest', async () => {
    const cache = createPageCache({ now: () => 0, maxEntries: 2 })
    for (const path of ['/a', '/b', '/c']) await cache.get(req(path), async () => path)
    expect(cache.size()).toBe(2)
    let rendered = false
    await cache.get(req('/a'), async () => {
      rendered = true
      return '/a'
    })
    expect(rendered).toBe(true)
  })
})
