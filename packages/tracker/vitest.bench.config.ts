import { defineConfig } from 'vitest/config'

// `pnpm bench`: figures printed from real Chromium; no report file, so CI's test count is not touched.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
