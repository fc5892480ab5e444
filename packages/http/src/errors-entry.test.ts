import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isOfflineLike, refusedCode } from '../examples/errors-entry'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')

describe('@xdance/http/errors', () => {
  it('the README shows its example verbatim', () => {
    expect(read('../README.md')).toContain(read('../examples/errors-entry.ts').trim())
  })

  it('holds the root entry’s own classes and texts, as built (one module behind both entries)', async () => {
    // The built files, as a consumer resolves the two export paths (package.json "exports").
    const { exports } = JSON.parse(read('../package.json')) as {
      exports: Record<string, { default: string }>
    }
    expect([exports['.']?.default, exports['./errors']?.default]).toEqual([
      './dist/index.js',
      './dist/errors.js',
    ])
    const errors = await import('../dist/errors.js')
    const root = await import('../dist/index.js')
    for (const name of [
      'GatewayError',
      'GatewayRequestError',
      'GatewayTransportError',
      'XdanceHttpError',
      'DEFAULT_MESSAGES',
      'HTTP_TIMEOUT',
    ] as const) {
      expect(errors[name], name).toBe(root[name])
    }
    expect(Object.keys(errors).sort()).toEqual([
      'DEFAULT_MESSAGES',
      'GatewayError',
      'GatewayRequestError',
      'GatewayTransportError',
      'HTTP_TIMEOUT',
      'XdanceHttpError',
    ])
    // No client in this entry: that is what keeps it small.
    expect('createGatewayClient' in errors).toBe(false)
    expect(read('../dist/errors.js')).not.toMatch(/ofetch/)
  })

  it('the example tells a failure of the network from a refusal', async () => {
    const { GatewayError, GatewayTransportError } = await import('@xdance/http')
    const network = new GatewayTransportError('network ', { kind: 'network', timeout: false })
    const refused = new GatewayError('Course full', { code: 40301, data: null, unauthorized: false })
    expect([isOfflineLike(network), isOfflineLike(refused), isOfflineLike(new TypeError('x'))]).toEqual([
      true,
      false,
      false,
    ])
    expect([refusedCode(refused), refusedCode(network)]).toEqual([40301, undefined])
  })
})
