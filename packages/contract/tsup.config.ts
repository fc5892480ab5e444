import { defineConfig } from 'tsup'
import { esbuildTargets } from '../../scripts/floor.mjs'

export default defineConfig({
  // Two public entries: the root (types, rules, paths; no runtime dependency) and the schemas (Valibot). The others
  // are not in `exports`: each makes a concern a module of its own in dist/ (esbuild puts code in one chunk per set of
  // entries that reach it), and the root a pure barrel (imports and exports only). An app's bundler places code by
  // module and sees through a pure barrel, so a table only lazy chunks use (the error codes: apps/h5's login page)
  // stays out of the app's entry.
  entry: {
    index: 'src/index.ts',
    schemas: 'src/schemas/index.ts',
    'error-codes': 'src/error-codes.ts',
    endpoint: 'src/endpoint.ts',
    paths: 'src/paths.ts',
    envelope: 'src/envelope.ts',
  },
  format: ['esm'],
  // The support floor (iOS 15, Chromium 87), from the root package.json's browserslist.
  target: esbuildTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
})
