import { defineConfig } from 'tsup'
import { esbuildTargets } from '../../scripts/floor.mjs'

export default defineConfig({
  // Two public entries: the root (types, rules, paths; no runtime dependency) and the schemas (Valibot). The others
  // are not in `exports`: each makes a concern a module of its own in dist/ (esbuild puts code in one chunk per set of
  // entries that reach it), and the root a pure barrel (imports and exports only). An app's bundler places code by
  // module and sees through a pure barrel, so a table only lazy chunks use (the error codes: apps/h5's login page)
  // stays out of the app's entry. So do the phone patterns, the client settings and whichever of the calendar, the
  // studio rules and the spec's constants an app's first screen does not need (0.13 KB of apps/h5's first screen).
  entry: {
    index: 'src/index.ts',
    schemas: 'src/schemas/index.ts',
    'error-codes': 'src/error-codes.ts',
    endpoint: 'src/endpoint.ts',
    paths: 'src/paths.ts',
    envelope: 'src/envelope.ts',
    'client-settings': 'src/client-settings.ts',
    phone: 'src/phone.ts',
    'spec-constants': 'src/spec-constants.ts',
    'studio-calendar': 'src/studio-calendar.ts',
    'studio-rules': 'src/studio-rules.ts',
  },
  format: ['esm'],
  // The support floor (iOS 15, Chromium 87), from the root package.json's browserslist.
  target: esbuildTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
})
