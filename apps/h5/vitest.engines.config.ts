import { defineConfig } from 'vitest/config'

// The customer journeys in real older engines (engines/*.engine.test.ts): `pnpm test:engines`.
export default defineConfig({
  test: {
    include: ['engines/**/*.engine.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
})
