import { describe, expect, it } from 'vitest'
import { ATTACK_CORPUS, SAFE_PATHS } from '../test/attack-corpus'
import { isSafePath } from './safe-path'

const GATEWAY = 'https://gateway.test/dance-gateway'

describe('isSafePath', () => {
  it('has an attack corpus of at least 30 paths', () => {
    expect(ATTACK_CORPUS.length).toBeGreaterThanOrEqual(30)
  })

  it.each(ATTACK_CORPUS)('refuses %s', (_why, path) => {
    expect(isSafePath(path.replaceAll('ATTACKER', 'attacker.test'))).toBe(false)
  })

  it.each(SAFE_PATHS)('accepts %s, which a URL parser keeps on the gateway under its base path', (path) => {
    const concrete = path.replaceAll('ATTACKER', 'attacker.test')
    expect(isSafePath(concrete)).toBe(true)
    // The independent oracle: what the WHATWG URL parser makes of baseURL + path.
    const url = new URL(GATEWAY + concrete)
    expect(url.origin).toBe('https://gateway.test')
    expect(url.pathname.startsWith('/dance-gateway/')).toBe(true)
  })

  it.each([undefined, null, 42, {}])('refuses a non-string path (%s)', (path) => {
    expect(isSafePath(path as unknown as string)).toBe(false)
  })
})
