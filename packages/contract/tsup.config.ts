import { defineConfig } from 'tsup'
import { esbuildTargets } from '../../scripts/floor.mjs'

export default defineConfig({
  // Two entries: the root (types, rules, paths; no runtime dependency) and the schemas (Valibot).
  entry: { index: 'src/index.ts', schemas: 'src/schemas/index.ts' },
  format: ['esm'],
  // The support floor (iOS 15, Chromium 87), from the root package.json's browserslist.
  target: esbuildTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
})
