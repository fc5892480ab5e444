import { defineConfig } from 'tsup'

export default defineConfig({
  // index: the library other packages' tests import to start a real gateway in-process; main: the command line;
  // db-copy: `pnpm db:copy`, a studio's SQLite file into PostgreSQL.
  // The load check (bench/) is not shipped: Node runs it from source against this build.
  // pg-worker: the PostgreSQL connection's thread (src/db/pg-worker.mjs), loaded by file name beside the bundle.
  entry: {
    index: 'src/index.ts',
    main: 'src/main.ts',
    'db-copy': 'src/db-copy.ts',
    'pg-worker': 'src/db/pg-worker.mjs',
  },
  format: ['esm'],
  target: 'node22',
  platform: 'node',
  // Declarations only for the library; the program has no importers.
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  // node:sqlite exists only under its node: name; tsup would otherwise strip the prefix.
  removeNodeProtocol: false,
})
