// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { preloadChunks } from './preload-chunks'

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.as])

describe('loading a lazy chunk with its imports beside it', () => {
  test('asks for each import once, at the base path, then returns what the import gave', async () => {
    const page = { Page: 'the page' }
    const first = await preloadChunks(async () => page, ['assets/a-1.js', 'assets/b-2.js'])
    await preloadChunks(async () => page, ['assets/b-2.js', 'assets/c-3.js'])
    await preloadChunks(async () => page)
    expect(first).toBe(page)
    const rel = document.createElement('link').relList.supports('modulepreload') ? 'modulepreload' : 'preload'
    expect(links()).toEqual([
      [rel, '/assets/a-1.js', 'script'],
      [rel, '/assets/b-2.js', 'script'],
      [rel, '/assets/c-3.js', 'script'],
    ])
  })

  test('a chunk that does not load fails the import, for the router’s error page', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module')
    await expect(preloadChunks(() => Promise.reject(failure), ['assets/d-4.js'])).rejects.toBe(failure)
  })
})
