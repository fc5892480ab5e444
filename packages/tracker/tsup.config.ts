import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    react: 'src/react.ts',
    history: 'src/history.ts',
    'vue-router': 'src/vue-router.ts',
  },
  format: ['esm'],
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
  // './index.js': the React binding imports the core entry instead of carrying a second copy of it.
  external: ['react', 'react-router', 'vue', 'vue-router', './index.js'],
})
