import { defineConfig } from 'tsup'
// The support floor, written once in the root package.json's browserslist (see the root README).
import { floorTargets } from '../../scripts/browser-floor.mjs'

export default defineConfig({
  // Two entries: the root (types, rules, paths; no runtime dependency) and the schemas (Valibot).
  entry: { index: 'src/index.ts', schemas: 'src/schemas/index.ts' },
  format: ['esm'],
  target: floorTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
})
