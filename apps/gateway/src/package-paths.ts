import { fileURLToPath } from 'node:url'

/**
 * The gateway package folder. Source files and built files both sit one level below it (`src/`, `dist/`),
 * so defaults resolve the same under tests and from the build, whatever the working directory.
 */
export function packageDir(): string {
  return fileURLToPath(new URL('..', import.meta.url))
}

/** The default database file of the command line, in the git-ignored data folder. */
export function defaultDbFile(): string {
  return fileURLToPath(new URL('../data/gateway.db', import.meta.url))
}
