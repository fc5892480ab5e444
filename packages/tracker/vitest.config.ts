import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The README's examples import the package by name; tests run them against the source.
  resolve: {
    alias: {
      '@xdance/tracker/trace': fileURLToPath(new URL('./src/trace.ts', import.meta.url)),
      '@xdance/tracker/history': fileURLToPath(new URL('./src/history.ts', import.meta.url)),
      '@xdance/tracker/vue-router': fileURLToPath(new URL('./src/vue-router.ts', import.meta.url)),
      '@xdance/tracker/react': fileURLToPath(new URL('./src/react.ts', import.meta.url)),
      '@xdance/tracker': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    },
  },
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // Real-Chromium tests start a browser and load pages; a visit's length is moved on by the page's clock.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
