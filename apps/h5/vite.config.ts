import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
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
 * Vite's helper that fetches a lazy chunk's imports beside the chunk (`__vitePreload`, which Vite wraps every lazy
 * `import()` in) replaced by the app's smaller one, `src/app/preload-chunks.ts` (why it is enough: there). Vite
 * asks for its helper by the id below; a plugin that runs before Vite's own resolves it first.
 *
 * And the list of files those imports name (`__vite__mapDeps`, which Vite writes as the first line of a chunk) moved to
 * the chunk's end, as a function declaration (hoisted, so it is defined wherever it is called from): the entry
 * chunk is 370 KB, gzip finds repeats only within 32 KB, and at the top the list repeats nothing, while at the end it
 * sits beside the route table's `import()`s of the same files (0.34 KB min+gzip less on the first screen). The first
 * line is left empty, so the chunk's source map still holds.
 */
function preloadHelper(): Plugin {
  const helperId = '\0vite/preload-helper.js'
  const ours = fileURLToPath(new URL('./src/app/preload-chunks.ts', import.meta.url))
  return {
    name: 'xdance:preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === helperId ? helperId : null),
    load: (id) =>
      id === helperId ? `export { preloadChunks as __vitePreload } from ${JSON.stringify(ours)}` : null,
    generateBundle: {
      // After Vite's own generateBundle, which writes the list.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue
          const list = MAP_DEPS.exec(chunk.code)
          if (!list) continue
          const end = chunk.code.match(/\n\/\/# sourceMappingURL=[^\n]*\n?$/)?.index ?? chunk.code.length
          chunk.code = `\n${chunk.code.slice(list[0].length, end)}function __vite__mapDeps(i,m=__vite__mapDeps,d=${list[1]}){return i.map(i=>d[i])}${chunk.code.slice(end)}`
        }
      },
    },
  }
}

/** Vite's first line of a chunk whose lazy imports preload files: `d=` the list of those files. */
const MAP_DEPS =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=(\(m\.f\|\|\(m\.f=\[[^\]]*\]\)\))\)=>i\.map\(i=>d\[i\]\);\n/

/**
 * Keeps everything the entry imports statically in one chunk, as Rollup did. Rolldown (Vite 8) splits modules the
 * entry already loads into chunks of their own once lazy chunks share them (rolldown/rolldown#10731): three more
 * files on the first screen and 2 KB more min+gzip than the same code in one file. The static closure of the
 * entry is computed after the module graph is built; the chunking group then takes exactly those modules.
 *
 * The closure follows names through barrels: from a module made only of imports and exports (a package's root
 * `index.js`), it goes on to the modules that define the names asked of it, not to every module it re-exports. So a
 * part of a package that only lazy chunks use (`@xdance/contract`'s error table) stays out of the entry
 * (src/first-screen-chunk.test.ts checks the build).
 *
 * The closure takes in what the home page's lazy chunk imports as well (its class cards and their formatting), not
 * the page itself: `/` needs all of it before it shows, and in the entry it costs 0.6 KB min+gzip less than as three
 * chunks of their own (three files' framing, each compressed without the others). A page landed on otherwise gets
 * the class card with the entry; the schedule, a class and a teacher use it too.
 */
function firstScreenChunk(homeModule: string) {
  const closure = new Set<string>()
  const plugin: Plugin = {
    name: 'xdance:first-screen-chunk',
    apply: 'build',
    async buildEnd() {
      closure.clear()
      // What the entry side asks of each module: some of its exports by name, or everything (`true`).
      const asked = new Map<string, Set<string> | true>()
      const queue: [string, Set<string> | true][] = []
      const ask = (id: string, names: Set<string> | true) => {
        const had = asked.get(id)
        if (had === true) return
        if (names === true) {
          asked.set(id, true)
          queue.push([id, true])
          return
        }
        const set = had ?? new Set<string>()
        const fresh = new Set([...names].filter((name) => !set.has(name)))
        if (had && fresh.size === 0) return
        for (const name of fresh) set.add(name)
        asked.set(id, set)
        queue.push([id, fresh])
      }
      let home: string | undefined
      for (const id of this.getModuleIds()) {
        if (this.getModuleInfo(id)?.isEntry) ask(id, true)
        if (id.endsWith(`/${homeModule}`)) home = id
      }
      if (!home) this.error(`${homeModule} is not a module of the build (was the home route renamed?)`)
      ask(home, true)
      while (queue.length) {
        const [id, names] = queue.pop() as [string, Set<string> | true]
        const info = this.getModuleInfo(id)
        const code = info?.code
        // Script modules are read; anything else (CSS, a virtual helper, an external with no code) is followed whole.
        const lang = id.match(/\.[cm]?([jt]sx?)$/)?.[1] as 'js' | 'jsx' | 'ts' | 'tsx' | undefined
        if (!info || !code || !lang) {
          for (const imported of info?.importedIds ?? []) ask(imported, true)
          continue
        }
        const body = this.parse(code, { lang }).body
        // Every import of the module this walk has looked at: the others (a CommonJS `require`, a helper the bundler
        // added) are followed whole below.
        const seen = new Set<string>()
        const resolved = async (source: string) => {
          const target = (await this.resolve(source, id))?.id
          if (target) seen.add(target)
          return target
        }
        // The module's own code: every statement but its imports and its lists of exports.
        const own = body
          .filter(
            (node) =>
              node.type !== 'ImportDeclaration' &&
              node.type !== 'ExportAllDeclaration' &&
              !(node.type === 'ExportNamedDeclaration' && !node.declaration),
          )
          .map((node) => code.slice(node.start, node.end))
          .join('\n')
        // Each imported binding: where from, which export, and whether the module's own code reads it (by name: a
        // false match only keeps more in the entry). One only passed on is followed only if the entry asks for it.
        const bindings = new Map<string, { source: string; imported: string | true; used: boolean }>()
        for (const node of body) {
          if (node.type !== 'ImportDeclaration' || node.importKind === 'type') continue
          const specs = node.specifiers.filter(
            (spec) => spec.type !== 'ImportSpecifier' || spec.importKind !== 'type',
          )
          if (node.specifiers.length === 0) {
            // A side-effect import (`import './x.css'`).
            const target = await resolved(node.source.value)
            if (target) ask(target, true)
          }
          for (const spec of specs) {
            const local = spec.local.name
            bindings.set(local, {
              source: node.source.value,
              imported:
                spec.type === 'ImportSpecifier'
                  ? nameOf(spec.imported)
                  : spec.type === 'ImportDefaultSpecifier'
                    ? 'default'
                    : true,
              used:
                names === true ||
                new RegExp(`(^|[^\\w$])${local.replace(/\$/g, '\\$')}($|[^\\w$])`).test(own),
            })
          }
        }
        const follow = async (source: string, imported: string | true) => {
          const target = await resolved(source)
          if (target) ask(target, imported === true ? true : new Set([imported]))
        }
        for (const binding of bindings.values())
          if (binding.used) await follow(binding.source, binding.imported)
        for (const node of body) {
          if (node.type === 'ExportAllDeclaration') {
            if (node.exportKind === 'type') continue
            const target = await resolved(node.source.value)
            if (target) ask(target, names === true || node.exported ? true : names)
          } else if (
            node.type === 'ExportNamedDeclaration' &&
            !node.declaration &&
            node.exportKind !== 'type'
          ) {
            for (const spec of node.specifiers) {
              if (names !== true && !names.has(nameOf(spec.exported))) continue
              const local = nameOf(spec.local)
              if (node.source) await follow(node.source.value, local)
              else {
                const binding = bindings.get(local)
                if (binding && !binding.used) await follow(binding.source, binding.imported)
              }
            }
          }
        }
        for (const node of body) if (node.type === 'ImportDeclaration') await resolved(node.source.value)
        for (const imported of info.importedIds) if (!seen.has(imported)) ask(imported, true)
      }
      for (const id of asked.keys()) if (id !== home) closure.add(id)
    },
  }
  return { plugin, test: (id: string) => closure.has(id) }
}

const nameOf = (node: { type: string; name?: string; value?: unknown }) => String(node.name ?? node.value)

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
  // The module of the home route's lazy `Component` (scripts/first-screen-budget.mjs counts its chunk too).
  const firstScreen = firstScreenChunk('src/pages/home/home-page.tsx')
  return {
    plugins: isSsrBuild ? [react()] : [preloadHelper(), react(), inlineStylesheet(), firstScreen.plugin],
    base: '/',
    css: {
      // Styles live beside their component (`x.module.css`), the pieces pages share in `src/ui/`; `src/styles.css`
      // keeps only the tokens, the resets and the type. The class names (`scopedName`: `file__local`) are the same in both builds,
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
                  // The shared styles (src/ui/: buttons, cards, chips, forms; a few class maps and the Chip) too: the
                  // first screen uses most of them, and in chunks of their own they cost two more files and about
                  // 240 B min+gzip more on it. Their CSS then comes before every page's, which may override it.
                  {
                    name: 'index',
                    test: (id: string) => firstScreen.test(id) || /[\\/]src[\\/]ui[\\/]/.test(id),
                  },
                  // The gateway client and ofetch, loaded at start-up beside the page's chunks (src/app/lazy-client.ts).
                  {
                    name: 'gateway-client',
                    test: /[\\/](packages[\\/]http[\\/]dist|node_modules[\\/](ofetch|ufo|destr))[\\/]/,
                  },
                ],
              },
              // Seven characters of hash, not eight: the entry names every lazy chunk (its import and its preload
              // list), and random characters do not compress. Six saved a little more, but Rolldown refuses a hash
              // too short for the number of chunks (65 since the families, check-in, ratings and follows pages).
              entryFileNames: 'assets/[name]-[hash:7].js',
              chunkFileNames: 'assets/[name]-[hash:7].js',
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
