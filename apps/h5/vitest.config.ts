import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.e2e.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    // Browser journeys against a real gateway and the built app: a page's first load on a busy machine takes seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's default bound (1 s) is shorter than one render on a machine running two suites side by side; a
    // bound, not a wait: a poll that passes returns at once.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
})
