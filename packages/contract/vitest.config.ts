import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The examples import the package by name, as users do; run them against the sources.
  resolve: {
    alias: {
      '@xdance/contract/schemas': fileURLToPath(new URL('./src/schemas/index.ts', import.meta.url)),
      '@xdance/contract': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    },
  },
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
})
