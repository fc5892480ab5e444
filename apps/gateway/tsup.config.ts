import { defineConfig } from 'tsup'

export default defineConfig({
  // index: the library other packages' tests import to start a real gateway in-process; main: the command line.
  // The load check (bench/) is not shipped: Node runs it from source against this build.
  entry: ['src/index.ts', 'src/main.ts'],
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
