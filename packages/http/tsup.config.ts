import { defineConfig } from 'tsup'
import { esbuildTargets } from '../../scripts/floor.mjs'

export default defineConfig({
  entry: { index: 'src/index.ts', errors: 'src/errors-entry.ts' },
  format: ['esm'],
  // The support floor (iOS 15, Chromium 87), from the root package.json's browserslist.
  target: esbuildTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
})
