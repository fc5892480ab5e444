import { build } from 'esbuild'

/**
 * Bundles a module for a browser page as an IIFE that puts its exports on `window[globalName]`.
 * Used to load a package's built `dist` entry into a real Chromium page.
 */
export async function bundleForBrowser(
  entry: string,
  globalName: string,
  options: { define?: Record<string, string> } = {},
): Promise<string> {
  const result = await build({
    // React and Vue read it to pick their production build, as an app's bundler would set it.
    define: { 'process.env.NODE_ENV': '"production"', ...options.define },
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  })
  const file = result.outputFiles[0]
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`)
  return file.text
}
