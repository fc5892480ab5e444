// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { parseUrl } from './parse-url'

describe('parseUrl in a page', () => {
  afterEach(() => history.replaceState(null, '', '/'))

  test('resolves a relative URL against location.href', () => {
    history.replaceState(null, '', '/app/list?tab=1')
    expect(parseUrl('detail?id=3')?.href).toBe(`${location.origin}/app/detail?id=3`)
  })

  test('reads location at each call, not once at import', () => {
    history.replaceState(null, '', '/first/page')
    expect(parseUrl('next')?.pathname).toBe('/first/next')
    history.replaceState(null, '', '/second/page')
    expect(parseUrl('next')?.pathname).toBe('/second/next')
  })

  test('prefers an explicit base over location', () => {
    expect(parseUrl('detail', 'https://other.example/x/')?.href).toBe('https://other.example/x/detail')
  })
})
