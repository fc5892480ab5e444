// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { configureBrowser, resetBrowser } from '@xdance/session'
import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => {
  resetBrowser()
  vi.restoreAllMocks()
})

test('the quick start runs and prints what its comments say', async () => {
  configureBrowser({
    location: { href: 'https://h5.example.com/#/course?source=app&inviteId=u7', protocol: 'https:' },
  })
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  await import('./quick-start')
  expect(log.mock.calls).toEqual([
    ['app', 'u7'],
    [true, 'Bearer abc123'],
    [expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)],
  ])
  expect(localStorage.getItem('orgId')).toBe('42')
  expect(document.cookie).toContain('xdance-head=Bearer%20')
})

test('the README shows the quick start verbatim', () => {
  // Paths, not URLs: under happy-dom `URL` is the DOM's, which node:fs does not take.
  const here = dirname(fileURLToPath(import.meta.url))
  const example = readFileSync(join(here, 'quick-start.ts'), 'utf8')
  const readme = readFileSync(join(here, '../README.md'), 'utf8')
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``)
})
