import assert from 'node:assert/strict'
import { test } from 'node:test'
import { esbuildTargets, FLOOR } from './floor.mjs'
import { ABOVE_FLOOR, scanText } from './floor-check.mjs'

test('the floor is written once, in the root package.json, and gives esbuild its targets', () => {
  assert.deepEqual(FLOOR, ['ios_saf >= 15', 'safari >= 15', 'chrome >= 87'])
  assert.deepEqual(esbuildTargets(), ['chrome87', 'ios15', 'safari15'])
  assert.deepEqual(esbuildTargets(['chrome >= 100']), ['chrome100'])
})

const rows = [
  ['AbortSignal.any', 'init.signal=n?AbortSignal.any([n,o]):o', ['AbortSignal.any']],
  ['AbortSignal.timeout', 'let o=AbortSignal.timeout(e)', ['AbortSignal.timeout']],
  ['Object.hasOwn', 'v.check(t=>Object.hasOwn(a,t))', ['Object.hasOwn']],
  ['structuredClone', 'const c=structuredClone(x)', ['structuredClone']],
  ['findLast', 'xs.findLast(f);ys.findLastIndex(g)', ['Array.prototype.findLast']],
  [
    'clean code',
    'let c=new AbortController;setTimeout(()=>c.abort(),e);Object.prototype.hasOwnProperty.call(a,t)',
    [],
  ],
  ['a name that only contains one', 'const myAbortSignal_any = 1; o.hasOwnProperty(k)', []],
]
for (const [name, text, apis] of rows) {
  test(`the API list finds ${name}`, () => {
    assert.deepEqual(
      scanText(text).map((finding) => finding.api),
      apis,
    )
  })
}

test('every listed API says which engines have it', () => {
  for (const entry of ABOVE_FLOOR) assert.match(entry.since, /Safari [\d.]+, Chromium \d+/)
})

test('a finding names its line', () => {
  assert.deepEqual(scanText('a\nb\nAbortSignal.any([])'), [
    { api: 'AbortSignal.any', since: 'Safari 17.4, Chromium 116', line: 3 },
  ])
})
