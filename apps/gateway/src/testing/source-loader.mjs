// Lets Node run the gateway from its TypeScript source (type stripping) in a child process: relative imports are
// written without an extension, as the bundler resolves them; this hook tries `.ts` for them.
import { registerHooks } from 'node:module'

registerHooks({
  resolve(specifier, context, nextResolve) {
    if ((specifier.startsWith('./') || specifier.startsWith('../')) && !/\.[cm]?[jt]s$/.test(specifier)) {
      try {
        return nextResolve(`${specifier}.ts`, context)
      } catch {
        return nextResolve(`${specifier}/index.ts`, context)
      }
    }
    return nextResolve(specifier, context)
  },
})
