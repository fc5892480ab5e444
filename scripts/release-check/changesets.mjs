// What scripts/release-check.mjs knows about changesets: it reads the pending ones before `changeset version`
// consumes them, then checks that each released package's CHANGELOG.md says what they said.

/**
 * One changeset file: the packages it releases with their bump, and its summary.
 * Throws on a file without front matter (changesets itself refuses those).
 *
 * @example
 * parseChangeset('---\n"@xdance/url": patch\n---\n\nFixed it.\n')
 * // { releases: [{ name: '@xdance/url', type: 'patch' }], summary: 'Fixed it.' }
 */
export function parseChangeset(text) {
  const match = /^\s*---\r?\n([\s\S]*?)\r?\n?---\r?\n?([\s\S]*)$/.exec(text)
  if (!match) throw new Error('a changeset starts with front matter between two --- lines')
  const releases = []
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim()) continue
    const release = /^\s*(["']?)(@?[^"':\s]+)\1\s*:\s*(major|minor|patch|none)\s*$/.exec(line)
    if (!release) throw new Error(`a changeset's front matter line is "name": bump, not: ${line}`)
    releases.push({ name: release[2], type: release[3] })
  }
  return { releases, summary: match[2].trim() }
}

/**
 * The summaries each package should show in its changelog, from parsed changesets (a `none` bump writes no entry).
 *
 * @example
 * summariesByPackage([{ releases: [{ name: '@xdance/url', type: 'patch' }], summary: 'Fixed it.' }])
 * // Map { '@xdance/url' => ['Fixed it.'] }
 */
export function summariesByPackage(changesets) {
  const byPackage = new Map()
  for (const { releases, summary } of changesets) {
    for (const { name, type } of releases) {
      if (type === 'none' || !summary) continue
      byPackage.set(name, [...(byPackage.get(name) ?? []), summary])
    }
  }
  return byPackage
}

/**
 * The section of a changelog written for `version` (from its `## version` heading to the next such heading), or
 * undefined when there is none.
 *
 * @example
 * changelogSection('# @xdance/url\n\n## 0.1.0\n\n### Minor Changes\n\n- First.\n', '0.1.0') // '### Minor Changes\n\n- First.'
 */
export function changelogSection(changelog, version) {
  const lines = changelog.split(/\r?\n/)
  const start = lines.findIndex((line) => line.trim() === `## ${version}`)
  if (start === -1) return undefined
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((line) => /^## /.test(line))
  return (end === -1 ? rest : rest.slice(0, end)).join('\n').trim()
}

// Changesets writes a summary as a list item: its first line after "- ", the others indented. Comparing with runs of
// white space collapsed reads the summary through that layout.
const collapse = (text) => text.replace(/\s+/g, ' ').trim()

/**
 * What is wrong with one package's changelog after `changeset version`: no section for the new version, or a
 * summary that the section does not contain. An empty list means the changelog says what the changesets said.
 *
 * @example
 * changelogProblems('# p\n\n## 0.1.0\n\n- Fixed it.\n', '0.1.0', ['Fixed it.', 'Added more.'])
 * // ['the 0.1.0 section does not contain the changeset "Added more."']
 */
export function changelogProblems(changelog, version, summaries) {
  if (changelog === undefined) return ['there is no CHANGELOG.md']
  const section = changelogSection(changelog, version)
  if (section === undefined) return [`there is no "## ${version}" section`]
  const text = collapse(section)
  return summaries
    .filter((summary) => !text.includes(collapse(summary)))
    .map((summary) => {
      const first = summary.split(/\r?\n/)[0]
      return `the ${version} section does not contain the changeset "${first.length > 80 ? `${first.slice(0, 77)}...` : first}"`
    })
}
