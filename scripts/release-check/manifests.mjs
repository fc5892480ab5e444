// package.json work of scripts/release-check.mjs: the consumer projects' manifests (versions from the workspace
// catalog and from the release), and the checks of what was published.

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']

/**
 * The `catalog:` of a pnpm-workspace.yaml: the shared version ranges, by package name. Reads the one flat block the
 * workspace file has (`  name: range` lines, comments allowed); nothing else of YAML.
 *
 * @example
 * readCatalog('catalog:\n  "@types/node": ^24.1.0\n  vite: ^8.3.8\n\nallowBuilds:\n  esbuild: true\n')
 * // { '@types/node': '^24.1.0', vite: '^8.3.8' }
 */
export function readCatalog(workspaceYaml) {
  const catalog = {}
  let inside = false
  for (const line of workspaceYaml.split(/\r?\n/)) {
    if (/^catalog:\s*(#.*)?$/.test(line)) {
      inside = true
      continue
    }
    if (!inside || !line.trim() || /^\s*#/.test(line)) continue
    if (!/^\s/.test(line)) break
    const entry = /^\s+(["']?)([^"':\s]+)\1\s*:\s*(["']?)([^"'#]+?)\3\s*(#.*)?$/.exec(line)
    if (!entry) throw new Error(`cannot read this catalog line: ${line.trim()}`)
    catalog[entry[2]] = entry[4]
  }
  return catalog
}

/**
 * A consumer project's package.json with its placeholders filled in: `"catalog:"` becomes the workspace catalog's
 * range (the versions the workspace itself is tested with), `"published"` the exact version the release published.
 * Throws naming the dependency when either is unknown, so a fixture cannot silently install something else.
 *
 * @example
 * consumerManifest({ dependencies: { '@xdance/url': 'published', vite: 'catalog:' } },
 *   { catalog: { vite: '^8.3.8' }, published: { '@xdance/url': '0.1.0' } })
 * // { dependencies: { '@xdance/url': '0.1.0', vite: '^8.3.8' } }
 */
export function consumerManifest(manifest, { catalog, published }) {
  const filled = structuredClone(manifest)
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(filled[field] ?? {})) {
      if (range === 'catalog:') {
        if (!catalog[name]) throw new Error(`${name} is "catalog:" but the workspace catalog has no ${name}`)
        filled[field][name] = catalog[name]
      } else if (range === 'published') {
        if (!published[name])
          throw new Error(`${name} is "published" but the release did not publish ${name}`)
        filled[field][name] = published[name]
      }
    }
  }
  return filled
}

/**
 * Dependency ranges of a published manifest that only mean something inside the workspace (`workspace:`,
 * `catalog:`, `link:`, `file:`): a consumer's install fails on them, so a release must never ship one.
 *
 * @example
 * leakedRanges({ dependencies: { '@xdance/url': 'workspace:^', ofetch: '^1.5.1' } })
 * // ['dependencies: @xdance/url@workspace:^']
 */
export function leakedRanges(manifest) {
  const leaked = []
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|catalog|link|file):/.test(range)) leaked.push(`${field}: ${name}@${range}`)
    }
  }
  return leaked
}

/** Every file target of an `exports` map (conditions and subpaths at any depth), with the key path that leads to it. */
function exportTargets(exports, path = []) {
  if (typeof exports === 'string') return [{ key: path.join(' > ') || '.', target: exports }]
  if (Array.isArray(exports)) return exports.flatMap((item) => exportTargets(item, path))
  if (exports && typeof exports === 'object') {
    return Object.entries(exports).flatMap(([key, value]) => exportTargets(value, [...path, key]))
  }
  return []
}

/**
 * The `exports` targets (and `main`, `types`) of a published manifest that are not among the files of its tarball
 * (paths relative to the package folder, as `tar -t` lists them without the leading `package/`). A pattern target
 * (`./dist/*.js`) counts as present when some file matches it.
 *
 * @example
 * missingExportTargets({ exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } },
 *   ['package.json', 'dist/index.js'])
 * // ['exports . > types: ./dist/index.d.ts']
 */
export function missingExportTargets(manifest, files) {
  const present = new Set(files.map((file) => file.replace(/^\.\//, '')))
  const targets = exportTargets(manifest.exports).map(({ key, target }) => ({
    label: `exports ${key}`,
    target,
  }))
  for (const field of ['main', 'types', 'typings', 'module']) {
    if (typeof manifest[field] === 'string') targets.push({ label: field, target: manifest[field] })
  }
  const exists = (target) => {
    const path = target.replace(/^\.\//, '')
    if (!path.includes('*')) return present.has(path)
    const pattern = new RegExp(`^${path.split('*').map(escapeRegExp).join('.+')}$`)
    return [...present].some((file) => pattern.test(file))
  }
  return targets.filter(({ target }) => !exists(target)).map(({ label, target }) => `${label}: ${target}`)
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
