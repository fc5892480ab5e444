import { describe, expect, test } from 'vitest'
import { contentSecurityPolicy, pageHeaders } from './security-headers'

const BASE =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

describe('the content security policy of a page', () => {
  test.each([
    ['a page with no inline blocks', '<p>hi</p><script type="module" src="/assets/a.js"></script>', BASE],
    [
      'an inline stylesheet (hashed exactly as written)',
      '<style>body{margin:0}</style>',
      BASE.replace(
        "style-src 'self'",
        "style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
      ),
    ],
    [
      'an inline script with attributes',
      '<SCRIPT type="module">console.log(1)</SCRIPT >',
      BASE.replace(
        "script-src 'self'",
        "script-src 'self' 'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='",
      ),
    ],
    [
      'a JSON data block (never run: no hash)',
      '<script type="application/json" id="xdance-page">{"locale":"zh"}</script>',
      BASE,
    ],
    [
      'the same block twice (one hash)',
      '<style>body{margin:0}</style><style>body{margin:0}</style>',
      BASE.replace(
        "style-src 'self'",
        "style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
      ),
    ],
  ])('%s', (_name, html, expected) => {
    expect(contentSecurityPolicy(html)).toBe(expected)
  })

  test('the policy of a version is computed once, and again for a new version', () => {
    let reads = 0
    const read = (html: string) => () => {
      reads++
      return html
    }
    const first = pageHeaders(read('<style>a{}</style>'), 'index.html:v1')
    expect(pageHeaders(read('<style>a{}</style>'), 'index.html:v1')).toEqual(first)
    expect(reads).toBe(1)
    const second = pageHeaders(read('<style>b{}</style>'), 'index.html:v2')
    expect(reads).toBe(2)
    expect(second['content-security-policy']).not.toBe(first['content-security-policy'])
    expect(first).toMatchObject({
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    })
  })
})
