import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // The README's example imports the package by name; under test that is the source, not a build.
    alias: { '@xdance/gateway': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
  },
  test: {
    environment: 'node',
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
})
