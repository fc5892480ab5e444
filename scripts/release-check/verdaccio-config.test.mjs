import assert from 'node:assert/strict'
import { test } from 'node:test'
import { NPM_REGISTRY, uplinkURL, verdaccioConfig } from './verdaccio-config.mjs'

const paths = { storage: '/tmp/r/storage', htpasswd: '/tmp/r/htpasswd' }

test('the @xdance scope is served from the local registry only, never proxied to the public one', () => {
  const config = verdaccioConfig({ ...paths, uplink: 'https://registry.npmjs.org/' })
  assert.equal(config.packages['@xdance/*'].proxy, undefined)
  assert.equal(config.packages['@xdance/*'].publish, '$authenticated')
})

test('every other package is proxied to the uplink', () => {
  const config = verdaccioConfig({ ...paths, uplink: 'https://mirror.example/npm' })
  assert.equal(config.packages['@*/*'].proxy, 'npmjs')
  assert.equal(config.packages['**'].proxy, 'npmjs')
  assert.equal(config.uplinks.npmjs.url, 'https://mirror.example/npm/')
})

test('the scope comes before the catch-all patterns (Verdaccio takes the first that matches)', () => {
  const patterns = Object.keys(verdaccioConfig(paths).packages)
  assert.deepEqual(patterns, ['@xdance/*', '@*/*', '**'])
})

test('storage and users live where the caller says, and only one user may register', () => {
  const config = verdaccioConfig(paths)
  assert.equal(config.storage, '/tmp/r/storage')
  assert.deepEqual(config.auth, { htpasswd: { file: '/tmp/r/htpasswd', max_users: 1 } })
})

test('a missing folder or a scope that is not one is refused', () => {
  assert.throws(() => verdaccioConfig({ storage: '/tmp/r' }), /htpasswd/)
  assert.throws(() => verdaccioConfig({ ...paths, scope: 'xdance' }), /not an npm scope/)
})

const uplinks = [
  ['npm config get registry output, with its newline', 'https://registry.npmjs.org/\n', NPM_REGISTRY],
  [
    'a mirror without the trailing slash',
    'https://registry.npmmirror.com',
    'https://registry.npmmirror.com/',
  ],
  ['a registry under a path', 'http://127.0.0.1:4873/npm/', 'http://127.0.0.1:4873/npm/'],
  ['nothing configured', '', NPM_REGISTRY],
  ['npm printing undefined', 'undefined', NPM_REGISTRY],
  ['not a URL', 'registry.npmjs.org', NPM_REGISTRY],
]
for (const [name, configured, expected] of uplinks) {
  test(`uplinkURL: ${name}`, () => assert.equal(uplinkURL(configured), expected))
}
