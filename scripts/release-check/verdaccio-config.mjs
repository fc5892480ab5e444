// The configuration of the throwaway registry that scripts/release-check.mjs publishes to. Pure: it returns the
// configuration; the caller writes it (as JSON, which Verdaccio reads as the YAML it is a subset of).

/** The registry npm uses when nothing else is configured. */
export const NPM_REGISTRY = 'https://registry.npmjs.org/'

/**
 * The uplink URL for a configured registry (the text `npm config get registry` prints): trimmed, with the trailing
 * slash Verdaccio joins package names to; npm's public registry when nothing usable is configured.
 *
 * @example
 * uplinkURL('https://registry.npmmirror.com') // 'https://registry.npmmirror.com/'
 * uplinkURL('undefined\n') // 'https://registry.npmjs.org/'
 */
export function uplinkURL(configured) {
  const text = String(configured ?? '').trim()
  if (!/^https?:\/\/[^/\s]+/.test(text)) return NPM_REGISTRY
  return text.endsWith('/') ? text : `${text}/`
}

/**
 * Verdaccio's configuration: packages of `scope` live here only (no uplink, so a consumer can only get what the
 * release published, never a same-named package from the public registry); everything else is proxied to `uplink`.
 * Publishing needs a user, and the one user the check creates is the only one allowed (`max_users: 1`).
 *
 * @example
 * verdaccioConfig({ storage: '/tmp/r/storage', htpasswd: '/tmp/r/htpasswd', uplink: 'https://registry.npmjs.org/' })
 * // { storage: '/tmp/r/storage', packages: { '@xdance/*': { access: '$all', … }, '**': { proxy: 'npmjs', … } }, … }
 */
export function verdaccioConfig({ storage, htpasswd, uplink = NPM_REGISTRY, scope = '@xdance' }) {
  if (!storage || !htpasswd)
    throw new TypeError('verdaccioConfig needs a storage folder and an htpasswd file')
  if (!/^@[a-z0-9][\w.-]*$/.test(scope)) throw new TypeError(`not an npm scope: ${scope}`)
  const local = { access: '$all', publish: '$authenticated', unpublish: '$authenticated' }
  const proxied = { ...local, proxy: 'npmjs' }
  return {
    storage,
    auth: { htpasswd: { file: htpasswd, max_users: 1 } },
    // Tarballs are not kept in the registry's storage (npm's own cache keeps them between runs); a slow answer
    // fails the install after a minute instead of hanging it.
    uplinks: { npmjs: { url: uplinkURL(uplink), timeout: '60s', max_fails: 5, cache: false } },
    // Verdaccio takes the first pattern that matches, so the scope comes before the catch-alls.
    packages: { [`${scope}/*`]: local, '@*/*': proxied, '**': proxied },
    server: { keepAliveTimeout: 60 },
    web: { enable: false },
    log: { type: 'stdout', format: 'pretty', level: 'warn' },
  }
}
