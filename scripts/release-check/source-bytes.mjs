// How much of a consumer's built JavaScript came from our packages. The whole bundle's gzip size says little about
// the tracker (React alone is most of it), so scripts/release-check.mjs builds each app with a source map and
// counts, for each generated character, the source it was mapped from.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]))

/**
 * The numbers of one source-map segment (Base64 VLQ, as the Source Map spec encodes them).
 *
 * @example
 * decodeSegment('AAgBC') // [0, 0, 16, 1]
 */
export function decodeSegment(text) {
  const numbers = []
  let value = 0
  let shift = 0
  for (const char of text) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new Error(`not a Base64 VLQ digit in a source map: ${char}`)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
      continue
    }
    numbers.push(value & 1 ? -(value >>> 1) : value >>> 1)
    value = 0
    shift = 0
  }
  if (shift) throw new Error(`a source-map segment ends inside a number: ${text}`)
  return numbers
}

/**
 * Characters of generated `code` by the source they were mapped from (the map's `sources` names). A segment runs to
 * the next segment of its line, the last one to the line's end; characters before a line's first segment, or in a
 * segment without a source, are counted under `''` (code the bundler wrote itself).
 *
 * @example
 * bytesBySource({ sources: ['a.js', 'b.js'], mappings: 'AAAA,IAAA,CCAA' }, 'var a=1;b()')
 * // Map { 'a.js' => 5, 'b.js' => 6 }
 */
export function bytesBySource(map, code) {
  const counts = new Map()
  const add = (source, length) => {
    if (length > 0) counts.set(source, (counts.get(source) ?? 0) + length)
  }
  const lines = code.split('\n')
  const mappedLines = map.mappings.split(';')
  let sourceIndex = 0
  for (const [row, line] of lines.entries()) {
    // Columns restart on each line; the source index (like the original line and column) runs on across lines.
    let column = 0
    let previous = { column: 0, source: '' }
    for (const segment of (mappedLines[row] ?? '').split(',')) {
      if (!segment) continue
      const [columnDelta, sourceDelta] = decodeSegment(segment)
      column += columnDelta
      add(previous.source, Math.min(column, line.length) - previous.column)
      let source = ''
      if (sourceDelta !== undefined) {
        sourceIndex += sourceDelta
        source = map.sources[sourceIndex] ?? ''
      }
      previous = { column, source }
    }
    add(previous.source, line.length - previous.column)
  }
  return counts
}

/**
 * The npm package a source path of a bundle's map lies in (its last `node_modules/` part), or undefined for the
 * app's own files.
 *
 * @example
 * packageOfSource('../../node_modules/@xdance/tracker/dist/react.js') // '@xdance/tracker'
 * packageOfSource('../../src/main.tsx') // undefined
 */
export function packageOfSource(source) {
  const parts = source.split('/')
  const at = parts.lastIndexOf('node_modules')
  if (at === -1) return undefined
  const name = parts[at + 1]?.startsWith('@') ? parts.slice(at + 1, at + 3) : parts.slice(at + 1, at + 2)
  return name.length && name.every(Boolean) ? name.join('/') : undefined
}
