import { stat } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'

/** What the app's server build (`apps/h5/dist-server/render-page.js`) exports, as far as the gateway uses it. */
export interface PageRendererModule {
  renderPage(
    request: Request,
    options: {
      template: string
      fetch: (request: Request) => Promise<Response>
      apiBase: string
      timeoutMs?: number
    },
  ): Promise<string | null>
}

/** Renders a navigation's page with its data, or `null` to serve index.html as it is. */
export type PageRenderer = (request: Request, template: string) => Promise<string | null>

/**
 * The app's server renderer from `file`, loaded on first use and again when the file changes (a rebuild while the
 * gateway runs). No file (the app built without it, a test's static folder), a module without `renderPage`, or a
 * renderer that throws: the page is served as index.html, rendered by the browser, and the reason is logged once.
 *
 * @example
 * const render = pageRenderer('/repo/apps/h5/dist-server/render-page.js', {
 *   fetch: (request) => internalApi.fetch(request), apiBase: 'http://gateway.internal/dance-gateway', log: console.log,
 * })
 * await render(request, indexHtml) // '<!doctype html>…' or null
 */
export function pageRenderer(
  file: string,
  options: { fetch: (request: Request) => Promise<Response>; apiBase: string; log: (line: string) => void },
): PageRenderer {
  let loaded: { version: number; module: Promise<PageRendererModule | undefined> } | undefined
  let lastFailure = ''
  const warn = (reason: string) => {
    if (reason === lastFailure) return
    lastFailure = reason
    options.log(`server rendering off (${file}): ${reason}`)
  }
  const load = async (): Promise<PageRendererModule | undefined> => {
    let version: number
    try {
      version = (await stat(file)).mtimeMs
    } catch {
      return undefined
    }
    if (loaded?.version !== version) {
      const url = `${pathToFileURL(file).href}?v=${version}`
      loaded = {
        version,
        module: import(url).then(
          (module: Partial<PageRendererModule>) => {
            if (typeof module.renderPage === 'function') return module as PageRendererModule
            warn('the module exports no renderPage function')
            return undefined
          },
          (error: unknown) => {
            warn(error instanceof Error ? error.message : String(error))
            return undefined
          },
        ),
      }
    }
    return loaded.module
  }
  return async (request, template) => {
    const module = await load()
    if (!module) return null
    try {
      return await module.renderPage(request, { template, fetch: options.fetch, apiBase: options.apiBase })
    } catch (error) {
      // A page the server cannot render is still served: the browser renders it.
      options.log(
        `server rendering of ${new URL(request.url).pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
      return null
    }
  }
}
