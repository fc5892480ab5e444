import { resolve } from 'node:path'
import { bundleForBrowser, launchChromium, startServer, type TestServer } from '@xdance/testkit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type * as Url from './index'

// The built entry, as a page would load it: this proves the shipped code, not the sources.
const DIST = resolve(import.meta.dirname, '../dist/index.js')

let server: TestServer
let browser: Awaited<ReturnType<typeof launchChromium>>
let bundle: string

beforeAll(async () => {
  bundle = await bundleForBrowser(DIST, 'xdanceUrl')
  server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><title>url</title>')
  })
  browser = await launchChromium()
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('in real Chromium', () => {
  test('parseUrl resolves a relative URL against location.href and getQueryParam reads location.href', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/app/list?style=hip+hop#/marketing/article?id=42`)
    await page.addScriptTag({ content: bundle })
    const seen = await page.evaluate(() => {
      const url = (window as unknown as { xdanceUrl: typeof Url }).xdanceUrl
      const parsed = url.parseUrl('detail?id=3&id=4')
      return {
        href: parsed?.href,
        origin: parsed?.origin,
        query: parsed && { ...parsed.query },
        style: url.getQueryParam(location.href, 'style'),
        id: url.getQueryParam(location.href, 'id'),
      }
    })
    expect(seen).toEqual({
      href: `${server.url}/app/detail?id=3&id=4`,
      origin: server.url,
      query: { id: ['3', '4'] },
      style: 'hip hop',
      id: '42',
    })
    await page.close()
  })
})
