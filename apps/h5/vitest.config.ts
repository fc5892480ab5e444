import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // Browser journeys against a real gateway: each step waits for real timers (visits must last > 100 ms).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
})
