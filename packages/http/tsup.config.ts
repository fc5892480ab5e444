import { defineConfig } from 'tsup'
// The support floor, written once in the root package.json's browserslist (see the root README).
import { floorTargets } from '../../scripts/browser-floor.mjs'

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: floorTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
})
