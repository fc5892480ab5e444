import { defineConfig } from 'tsup'

export default defineConfig({
  // index: the library other packages' tests import to start a real gateway in-process;
  // main: the command line; load-check: the bounded load check.
  entry: ['src/index.ts', 'src/main.ts', 'src/load-check.ts'],
  format: ['esm'],
  target: 'node22',
  platform: 'node',
  // Declarations only for the library; the two programs have no importers.
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  // node:sqlite exists only under its node: name; tsup would otherwise strip the prefix.
  removeNodeProtocol: false,
  // A dev tool, loaded at run time by the load check rather than bundled into it.
  external: ['autocannon'],
})
