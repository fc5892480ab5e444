import { defineConfig } from 'vitest/config'

// The customer journeys in real older engines (engines/*.engine.test.ts): `pnpm test:engines`, a step of npm test.
// One engine at a time (each is a browser, a display and two servers on a two-core machine), each in a child
// process of its own (forks), whose exit stops whatever engine process is left. Each test bounds itself
// (ENGINE_DEADLINE_MS in engines/support/engine-suite.ts).
export default defineConfig({
  test: {
    include: ['engines/**/*.engine.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/engines.json' }]],
  },
})
