import type { ClientErrorReport, ErrorReporter, ReporterPlatform } from './error-reporter'

/**
 * The bug reporter with its code loaded at the first bug: most visits have none, and the entry chunk is the first
 * screen's JavaScript. The route is the one of the moment the bug happened, not of when the code had loaded. Each
 * report answers `true` (queued); the reporter's own limits (five a page, no repeat) apply once it runs. A bug while
 * the code cannot load (offline) is not reported: it could not have been sent either.
 *
 * @example
 * const reporter = lazyErrorReporter('/dance-gateway')
 * addEventListener('error', (event) => reporter.report(event.error, 'unhandled'))
 */
export function lazyErrorReporter(
  prefix: string,
  {
    load = () => import('./error-reporter'),
    where = () => `${location.pathname}${location.search}`,
  }: {
    /** The reporter's code (tests give their own platform). */
    load?: () => Promise<{
      createErrorReporter(prefix: string, platform: ReporterPlatform): ErrorReporter
      browserReporterPlatform(): ReporterPlatform
    }>
    /** The page's route now. */
    where?: () => string
  } = {},
): ErrorReporter {
  let route = ''
  let reporter: Promise<ErrorReporter> | undefined
  return {
    report(error: unknown, kind?: ClientErrorReport['kind']) {
      const at = where()
      reporter ??= load().then((code) =>
        code.createErrorReporter(prefix, { ...code.browserReporterPlatform(), route: () => route }),
      )
      void reporter.then(
        (loaded) => {
          route = at
          loaded.report(error, kind)
        },
        () => undefined,
      )
      return true
    },
  }
}
