import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bytesBySource, decodeSegment, packageOfSource } from './source-bytes.mjs'

test('decodeSegment reads Base64 VLQ numbers: one digit, several digits, negatives', () => {
  const rows = [
    ['A', [0]],
    ['C', [1]],
    ['D', [-1]],
    ['AAgBC', [0, 0, 16, 1]],
    ['2HAAA', [123, 0, 0, 0]],
    ['3H', [-123]],
  ]
  for (const [text, numbers] of rows) assert.deepEqual(decodeSegment(text), numbers, text)
})

test('decodeSegment refuses what is not a source map segment', () => {
  assert.throws(() => decodeSegment('A!'), /not a Base64 VLQ digit/)
  assert.throws(() => decodeSegment('g'), /ends inside a number/)
})

test('each segment counts up to the next one, the last to the end of its line', () => {
  const map = { sources: ['a.js', 'b.js'], mappings: 'AAAA,IAAA,CCAA' }
  assert.deepEqual(
    bytesBySource(map, 'var a=1;b()'),
    new Map([
      ['a.js', 5],
      ['b.js', 6],
    ]),
  )
})

test('the source index runs on across lines while columns start again at 0', () => {
  // Line 1: a.js from column 0; line 2: bundler code for 2 characters, then b.js.
  const map = { sources: ['a.js', 'b.js'], mappings: 'AAAA;ECAA' }
  assert.deepEqual(
    bytesBySource(map, 'abc\nxxyyy'),
    new Map([
      ['a.js', 3],
      ['', 2],
      ['b.js', 3],
    ]),
  )
})

test('a segment without a source, and a line without segments, count as the bundler own code', () => {
  const map = { sources: ['a.js'], mappings: 'AAAA,E;' }
  assert.deepEqual(
    bytesBySource(map, 'aabbb\ncc'),
    new Map([
      ['a.js', 2],
      ['', 5],
    ]),
  )
})

test('every character is counted once, whatever the map says', () => {
  const map = { sources: ['a.js'], mappings: 'AAAA,gBAAA' }
  const counts = bytesBySource(map, 'short')
  assert.equal(
    [...counts.values()].reduce((a, b) => a + b, 0),
    5,
  )
})

test('packageOfSource names the innermost node_modules package, scoped or not', () => {
  const rows = [
    ['../node_modules/@xdance/tracker/dist/react.js', '@xdance/tracker'],
    ['node_modules/react/cjs/react.production.js', 'react'],
    ['../node_modules/a/node_modules/@x/b/index.js', '@x/b'],
    ['../src/main.tsx', undefined],
    ['\u0000vite/preload-helper.js', undefined],
  ]
  for (const [source, name] of rows) assert.equal(packageOfSource(source), name, source)
})
