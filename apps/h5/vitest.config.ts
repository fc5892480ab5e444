import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.e2e.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    // Browser journeys against a real gateway and the built app: a page's first load on a busy machine takes seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
})
