import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // The README's example imports the package by name; under test that is the source, not a build.
    alias: { '@xdance/gateway': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
  },
  test: {
    environment: 'node',
    // The run on PostgreSQL (test:postgres, which sets XDANCE_TEST_POSTGRES) has its own report, counted apart.
    reporters: [
      'default',
      [
        'json',
        {
          outputFile: process.env.XDANCE_TEST_POSTGRES
            ? 'reports/vitest-postgres.json'
            : 'reports/vitest.json',
        },
      ],
    ],
    // Real servers on 127.0.0.1 and SQLite files: the default 5 s bound failed a test on a machine busy with two
    // other suites (issue 20). Tests still end as soon as they pass; a hang still fails, at 30 s.
    testTimeout: 30_000,
    // Without XDANCE_TEST_POSTGRES it does nothing; with it, it drops the per-test PostgreSQL databases.
    setupFiles: ['src/testing/setup-postgres.ts'],
    hookTimeout: 30_000,
  },
})
