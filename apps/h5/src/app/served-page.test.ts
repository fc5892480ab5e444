import { describe, expect, it } from 'vitest'
import { readServedPage, SERVED_PAGE_ID, type ServedPage, servedPageBlock } from './served-page'

// A document holding just the block's text, as the browser would parse it out of the page.
const documentWith = (text: string | undefined) => ({
  getElementById: (id: string) =>
    id === SERVED_PAGE_ID && text !== undefined ? { textContent: text } : null,
})
const inner = (block: string) => block.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')

describe('the served page block', () => {
  it('round-trips, and no data can close the script element early', () => {
    const page: ServedPage = {
      locale: 'zh',
      mode: 'web',
      state: { loaderData: { '0-0-0': { title: '</script><script>alert(1)</script>', line: 'a\u2028b' } } },
    }
    const block = servedPageBlock(page)
    expect(block.startsWith(`<script type="application/json" id="${SERVED_PAGE_ID}">`)).toBe(true)
    expect(inner(block)).not.toMatch(/<\/?script/i)
    expect(readServedPage(documentWith(inner(block)))).toEqual(page)
  })

  it.each([
    ['no block', undefined],
    ['an empty block', ''],
    ['not JSON', '{"locale":'],
    ['null', 'null'],
    ['an unknown language', '{"locale":"fr","mode":"web","state":{"loaderData":{}}}'],
    ['an unknown mode', '{"locale":"zh","mode":"tv","state":{"loaderData":{}}}'],
    ['no loader data', '{"locale":"zh","mode":"web","state":{}}'],
    ['loader data as a list', '{"locale":"zh","mode":"web","state":{"loaderData":[]}}'],
  ])('%s reads as no served page', (_name, text) => {
    expect(readServedPage(documentWith(text))).toBeUndefined()
  })
})
