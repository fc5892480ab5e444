import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // The README example imports the package by name; point that at the source under test.
    alias: [
      { find: /^@xdance\/http$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      {
        find: /^@xdance\/http\/errors$/,
        replacement: fileURLToPath(new URL('./src/errors-entry.ts', import.meta.url)),
      },
    ],
  },
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // Real sockets on 127.0.0.1: keep every wait bounded, generously enough for a machine busy with other suites.
    testTimeout: 30_000,
  },
})
