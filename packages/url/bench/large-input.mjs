// Prints how long each function takes on queries of growing size, from the built entry.
// Linear code shows the time roughly doubling with the size; quadratic code would show it quadrupling.
//   pnpm --filter @xdance/url bench      (after a build)
import { getQueryParam, parseQuery, parseUrl, withQuery } from '../dist/index.js'

const runs = 5
const median = (fn) => {
  const times = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[runs >> 1]
}

console.log('size     pairs   getQueryParam  parseQuery  parseUrl  withQuery  (median of 5, ms)')
for (const kib of [128, 256, 512, 1024]) {
  const count = Math.floor((kib * 1024) / 12)
  const query = Array.from({ length: count }, (_, i) => `k${i}=v+${i}%20`)
    .join('&')
    .slice(0, kib * 1024)
  const url = `https://x.example/p?${query}#/page?id=7`
  const figures = [
    median(() => getQueryParam(url, 'id')),
    median(() => parseQuery(query)),
    median(() => parseUrl(url)),
    median(() => withQuery(url, { k0: 1, z: [1, 2] })),
  ].map((ms) => ms.toFixed(1).padStart(10))
  console.log(`${`${kib} KiB`.padEnd(8)} ${String(count).padStart(6)} ${figures.join('  ')}`)
}
