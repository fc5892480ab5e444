import assert from 'node:assert/strict'
import { test } from 'node:test'
import { esbuildTargets, floorTargets, parseFloor, readFloor } from './browser-floor.mjs'
import { floorVersions, scan } from './floor-check.mjs'

const floor = { chrome: 87, safari: 15 }

test('the floor maps to esbuild targets', () => {
  assert.deepEqual(esbuildTargets(['chrome >= 87', 'safari >= 15', 'ios_saf >= 15']), [
    'chrome87',
    'safari15',
    'ios15',
  ])
  assert.deepEqual(readFloor(), ['chrome >= 87', 'safari >= 15', 'ios_saf >= 15'])
  assert.deepEqual(floorTargets(), ['chrome87', 'safari15', 'ios15'])
  assert.deepEqual(floorVersions(readFloor()), floor)
  assert.throws(() => parseFloor(['last 2 versions']), /NAME >= VERSION/)
  assert.throws(() => parseFloor(['opera >= 70']), /no esbuild target/)
})

const cases = [
  ['Object.hasOwn', 'if(Object.hasOwn(a,b))x()', 'Object.hasOwn'],
  ['AbortSignal.timeout', 'fetch(u,{signal:AbortSignal.timeout(1e3)})', 'AbortSignal.timeout'],
  ['AbortSignal.any', 'const s=AbortSignal.any([a,b])', 'AbortSignal.any'],
  ['Array#at', 'return list.at(-1)', 'Array#at / String#at'],
  ['findLast', 'e.findLast(f=>f.ok)', 'Array#findLast(Index)'],
  ['structuredClone', 'const c=structuredClone(v)', 'structuredClone'],
  ['static block', 'class A{static{A.x=1}}', 'class static block (syntax)'],
  ['private brand check', 'class A{#p;static is(o){return #p in o}}', 'private brand check `#x in` (syntax)'],
  ['Object.groupBy', 'Object.groupBy(xs,f)', 'Object.groupBy / Map.groupBy'],
]
for (const [name, source, feature] of cases) {
  test(`finds ${name}`, () => {
    assert.deepEqual(
      scan(source, floor).map((finding) => finding.feature),
      [feature],
    )
  })
}

test('floor-safe code and feature detection pass', () => {
  for (const source of [
    'Object.prototype.hasOwnProperty.call(a,b)',
    'typeof AbortSignal.any=="function"?AbortSignal.any(s):c(s)'.replace('?AbortSignal.any(s)', '?x(s)'),
    'if(typeof AbortSignal.timeout==="function")t=1',
    'list[list.length-1]; a.at; x.attr(1)',
    'class A{static x=1; #p=2}',
    'a.replaceAll("b","c"); Promise.any(p); a??=b',
  ]) {
    assert.deepEqual(scan(source, floor), [], source)
  }
})

test('a higher floor accepts what it has', () => {
  assert.deepEqual(scan('Object.hasOwn(a,b);x.at(-1)', { chrome: 100, safari: 16 }), [])
})
