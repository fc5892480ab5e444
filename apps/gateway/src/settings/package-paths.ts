import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GatewayServerError } from '../core/gateway-server-error'

/**
 * The gateway package folder, with a trailing slash: the nearest folder above this module that holds a
 * `package.json`. The source (`src/settings/`) and the build (`dist/`, one bundle) sit at different depths below
 * it, so it is looked up rather than counted, and defaults resolve the same under tests and from the build,
 * whatever the working directory.
 */
export function packageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) {
      throw new GatewayServerError(
        'config',
        'NO_PACKAGE_FOLDER',
        `No package.json above ${fileURLToPath(import.meta.url)}.`,
      )
    }
    dir = parent
  }
  return `${dir}/`
}

/** The default database file of the command line, in the git-ignored data folder. */
export function defaultDbFile(): string {
  return join(packageDir(), 'data', 'gateway.db')
}
