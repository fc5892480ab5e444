import { defineConfig } from 'tsup'
// The support floor, written once in the root package.json's browserslist (see the root README).
import { floorTargets } from '../../scripts/browser-floor.mjs'

export default defineConfig({
  entry: { index: 'src/index.ts', react: 'src/react.ts' },
  format: ['esm'],
  target: floorTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
  // './index.js': the React binding imports the core entry instead of carrying a second copy of it.
  external: ['react', 'react-router', './index.js'],
})
