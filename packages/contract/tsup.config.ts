import { defineConfig } from 'tsup'

export default defineConfig({
  // Two entries: the root (types, rules, paths; no runtime dependency) and the schemas (Valibot).
  entry: { index: 'src/index.ts', schemas: 'src/schemas/index.ts' },
  format: ['esm'],
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
})
