import { defineConfig } from 'vitest/config'

// `pnpm bench`'s PostgreSQL bridge figures (run inside a throwaway cluster); no report file, so CI's count is not touched.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    testTimeout: 120_000,
  },
})
