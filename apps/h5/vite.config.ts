import { basename } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { esbuildTargets } from '../../scripts/floor.mjs'
import { readEnv } from './src/config/env'

/**
 * Puts the stylesheet (about 3 KB gzipped) inside index.html, so the first render needs no request besides the
 * HTML and the JavaScript. index.html is revalidated on each visit anyway (no-cache), the hashed JS is not.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'xdance:inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html']
      if (html?.type !== 'asset' || typeof html.source !== 'string') return
      for (const [file, asset] of Object.entries(bundle)) {
        if (asset.type !== 'asset' || !file.endsWith('.css')) continue
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${file.replace(/[.]/g, '\\.')}"[^>]*>`)
        if (!link.test(html.source)) continue
        html.source = html.source.replace(link, () => `<style>${String(asset.source)}</style>`)
        // The file stays: the manifest still names it, and a tool reading the manifest must find it.
      }
    },
  }
}

/**
 * Keeps everything the entry imports statically in one chunk, as Rollup did. Rolldown (Vite 8) splits modules the
 * entry already loads into chunks of their own once lazy chunks share them (rolldown/rolldown#10731): three more
 * files on the first screen and 2 KB more min+gzip than the same code in one file. The static closure of the
 * entry is computed after the module graph is built; the chunking group then takes exactly those modules.
 */
function firstScreenChunk() {
  const closure = new Set<string>()
  const plugin: Plugin = {
    name: 'xdance:first-screen-chunk',
    apply: 'build',
    buildEnd() {
      closure.clear()
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry)
      const queue = [...entries]
      while (queue.length) {
        const id = queue.pop() as string
        if (closure.has(id)) continue
        closure.add(id)
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  return { plugin, test: (id: string) => closure.has(id) }
}

/**
 * A CSS Module's class name in both builds: `class-card__class-time` for `.class-time` in `class-card.module.css`.
 * Module file names are unique in `src/` and global classes never hold `__` (src/css-modules.test.ts keeps both so),
 * so the names are unique.
 */
export function scopedName(local: string, filename: string): string {
  return `${basename(filename.split('?')[0] ?? filename, '.module.css')}__${local}`
}

// The app's server answers every path outside the API (history fallback), so assets live at the root.
export default defineConfig(({ mode, isSsrBuild }) => {
  // The same reading as the app's, so the dev proxy and the app agree on the prefix (bad values fall back alike).
  const prefix = readEnv(loadEnv(mode, process.cwd(), 'VITE_')).gatewayPrefix
  const firstScreen = firstScreenChunk()
  return {
    plugins: isSsrBuild ? [react()] : [react(), inlineStylesheet(), firstScreen.plugin],
    base: '/',
    css: {
      // Styles live beside their component (`x.module.css`); `src/styles.css` keeps the tokens, resets and the
      // building blocks every page shares. The class names (`scopedName`: `file__local`) are the same in both builds,
      // so a page the server rendered hydrates with the classes the client expects. Readable names, not hashes: the
      // class maps are JavaScript, and a hash in each name cost the first screen about 100 B min+gzip more.
      modules: { localsConvention: 'camelCaseOnly', generateScopedName: scopedName },
    },
    build: isSsrBuild
      ? // The app's server (`vite build --ssr`): its library entry and its command line for Node, their dependencies
        // inside, beside the app's build rather than in it (dist/ is served to anyone).
        {
          outDir: 'dist-server',
          target: 'node22',
          copyPublicDir: false,
          rollupOptions: {
            input: { 'serve-app': 'src/server/serve-app.ts', main: 'src/server/main.ts' },
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        }
      : {
          // The first-screen budget script reads the manifest to know which chunks `/` needs.
          manifest: true,
          // No polyfill of <link rel="modulepreload"> in the entry: WeChat's Chromium has it, and iOS Safari before 17
          // merely loads a lazy page's chunks one after the other.
          modulePreload: { polyfill: false },
          // The support floor (iOS 15, Chromium 87), from the root package.json's browserslist (README, "Browsers we
          // support"): syntax those engines lack or get wrong is lowered.
          target: esbuildTargets(),
          // One stylesheet for every page, inlined in index.html (inlineStylesheet): a page the server rendered is
          // styled at first paint, and a lazy page's chunk never waits for a stylesheet of its own.
          cssCodeSplit: false,
          // Every asset is a file of its own, so the budget script counts what is really shipped.
          assetsInlineLimit: 0,
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'index', test: firstScreen.test },
                  // The gateway client and ofetch, loaded at start-up beside the page's chunks (src/app/lazy-client.ts).
                  {
                    name: 'gateway-client',
                    test: /[\\/](packages[\\/]http[\\/]dist|node_modules[\\/](ofetch|ufo|destr))[\\/]/,
                  },
                ],
              },
              // Six characters of hash, not eight: the entry names every lazy chunk (its import and its preload
              // list), and random characters do not compress (about 90 B min+gzip of the first screen). 36 bits
              // still tell two versions of one chunk apart.
              entryFileNames: 'assets/[name]-[hash:6].js',
              chunkFileNames: 'assets/[name]-[hash:6].js',
            },
          },
        },
    // React's production build in the server renderer too (Node has no bundler replacing it at run time).
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    // Bundled into the server, so `dist-server/` runs without the app's node_modules.
    ssr: { noExternal: true },
    server: {
      // `pnpm dev`: the API goes to a local gateway (`pnpm --filter @xdance/gateway start`).
      proxy: prefix.startsWith('/') ? { [prefix]: process.env.GATEWAY_URL ?? 'http://localhost:8080' } : {},
    },
  }
})
