import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The examples import the package by name, as users do.
  resolve: { alias: { '@xdance/session': fileURLToPath(new URL('src/index.ts', import.meta.url)) } },
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // Chromium tests launch a browser; every wait inside them is bounded by these, set for a machine busy with other
    // suites (bounds, not waits).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
