import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { consumerManifest, leakedRanges, missingExportTargets, readCatalog } from './manifests.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('readCatalog', () => {
  test('reads quoted and bare names, skips comments, stops at the next top-level key', () => {
    const yaml = [
      'packages:',
      '  - packages/*',
      'catalog:',
      '  "@types/node": ^24.19.2',
      '  # why this one is pinned',
      '  typescript: ~6.0.3 # tsup needs it',
      "  'vue-router': '^4.5.0'",
      '',
      'allowBuilds:',
      '  esbuild: true',
    ].join('\n')
    assert.deepEqual(readCatalog(yaml), {
      '@types/node': '^24.19.2',
      typescript: '~6.0.3',
      'vue-router': '^4.5.0',
    })
  })
  test('a line it cannot read is an error, not a silently missing version', () => {
    assert.throws(() => readCatalog('catalog:\n  vite ^8\n'), /cannot read/)
  })
  test("reads the workspace's own catalog", () => {
    const catalog = readCatalog(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'))
    assert.match(catalog.vite, /^\^\d/)
    assert.match(catalog['@types/node'], /^\^\d/)
  })
})

describe('consumerManifest', () => {
  const sources = { catalog: { vite: '^8.3.8' }, published: { '@xdance/url': '0.1.0' } }
  test('fills "catalog:" from the catalog and "published" with the released version, and leaves the rest', () => {
    const manifest = {
      name: 'c',
      dependencies: { '@xdance/url': 'published', other: '^1.0.0' },
      devDependencies: { vite: 'catalog:' },
    }
    assert.deepEqual(consumerManifest(manifest, sources), {
      name: 'c',
      dependencies: { '@xdance/url': '0.1.0', other: '^1.0.0' },
      devDependencies: { vite: '^8.3.8' },
    })
    assert.equal(manifest.dependencies['@xdance/url'], 'published', 'the fixture is not changed')
  })
  test('an unknown catalog entry or an unpublished package is an error naming it', () => {
    assert.throws(() => consumerManifest({ devDependencies: { vue: 'catalog:' } }, sources), /no vue/)
    assert.throws(
      () => consumerManifest({ dependencies: { '@xdance/http': 'published' } }, sources),
      /@xdance\/http/,
    )
  })
  test("every consumer fixture's placeholders resolve against the workspace catalog", () => {
    const catalog = readCatalog(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'))
    const published = Object.fromEntries(
      readdirSync(join(root, 'packages')).map((name) => [`@xdance/${name}`, '0.0.0']),
    )
    const consumers = join(root, 'scripts/release-check/consumers')
    const names = readdirSync(consumers)
    assert.equal(names.length, 5)
    for (const name of names) {
      const manifest = JSON.parse(readFileSync(join(consumers, name, 'package.json'), 'utf8'))
      const filled = consumerManifest(manifest, { catalog, published })
      assert.deepEqual(leakedRanges(filled), [], name)
    }
  })
})

test('leakedRanges: workspace-only ranges in any dependency field', () => {
  assert.deepEqual(
    leakedRanges({
      dependencies: { '@xdance/url': 'workspace:^', ofetch: '^1.5.1' },
      peerDependencies: { react: 'catalog:' },
      optionalDependencies: { x: 'file:../x' },
    }),
    [
      'dependencies: @xdance/url@workspace:^',
      'peerDependencies: react@catalog:',
      'optionalDependencies: x@file:../x',
    ],
  )
  assert.deepEqual(leakedRanges({ dependencies: { valibot: '^1.5.0' } }), [])
})

describe('missingExportTargets', () => {
  const manifest = {
    exports: {
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './vue-router': { types: './dist/vue-router.d.ts', default: './dist/vue-routr.js' },
      './icons/*': './dist/icons/*.js',
      './package.json': './package.json',
    },
  }
  const files = [
    'package.json',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/vue-router.js',
    'dist/vue-router.d.ts',
  ]
  test('names each target that is not in the tarball, with the subpath and condition', () => {
    assert.deepEqual(missingExportTargets(manifest, files), [
      'exports ./vue-router > default: ./dist/vue-routr.js',
      'exports ./icons/*: ./dist/icons/*.js',
    ])
  })
  test('a pattern is present when a file matches it; main and types are checked too', () => {
    assert.deepEqual(
      missingExportTargets({ exports: { './icons/*': './dist/icons/*.js' } }, ['dist/icons/a.js']),
      [],
    )
    assert.deepEqual(
      missingExportTargets({ main: './dist/index.cjs', types: 'dist/index.d.ts' }, ['dist/index.d.ts']),
      ['main: ./dist/index.cjs'],
    )
  })
  test("a string exports is the package's '.' entry", () => {
    assert.deepEqual(missingExportTargets({ exports: './index.js' }, []), ['exports .: ./index.js'])
  })
})
