import { defineConfig } from 'tsup'
import { esbuildTargets } from '../../scripts/floor.mjs'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    trace: 'src/trace.ts',
    react: 'src/react.ts',
    history: 'src/history.ts',
    'vue-router': 'src/vue-router.ts',
  },
  format: ['esm'],
  // The support floor (iOS 15, Chromium 87), from the root package.json's browserslist.
  target: esbuildTargets(),
  dts: true,
  sourcemap: true,
  clean: true,
  // './index.js': the bindings and the trace entry import the core entry instead of carrying a second copy of it.
  external: ['react', 'react-router', 'vue', 'vue-router', './index.js'],
})
