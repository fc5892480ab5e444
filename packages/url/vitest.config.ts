import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The examples import the package by name, as users do; run them against the sources.
  resolve: { alias: { '@xdance/url': fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // The Chromium test launches a browser and loads a page: on a machine busy with other suites that takes more
    // than the default 5 s (seen at a load average of 30 on 2 cores). A bound, not a wait.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
