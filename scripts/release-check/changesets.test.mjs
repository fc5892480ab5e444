import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { changelogProblems, changelogSection, parseChangeset, summariesByPackage } from './changesets.mjs'

describe('parseChangeset', () => {
  test('reads the releases, double or single quoted, and the summary', () => {
    const text = '---\n"@xdance/url": patch\n\'@xdance/http\': minor\n---\n\nFixed it.\nOn two lines.\n'
    assert.deepEqual(parseChangeset(text), {
      releases: [
        { name: '@xdance/url', type: 'patch' },
        { name: '@xdance/http', type: 'minor' },
      ],
      summary: 'Fixed it.\nOn two lines.',
    })
  })
  test('an empty changeset releases nothing', () => {
    assert.deepEqual(parseChangeset('---\n---\n'), { releases: [], summary: '' })
  })
  test('a file without front matter or with a bump that is not one is refused', () => {
    assert.throws(() => parseChangeset('Fixed it.'), /front matter/)
    assert.throws(() => parseChangeset('---\n"@xdance/url": huge\n---\nx'), /"name": bump/)
  })
  test('every pending changeset of the repository parses and names a bump (the release check reads them)', () => {
    const folder = join(fileURLToPath(new URL('../..', import.meta.url)), '.changeset')
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
      const { releases } = parseChangeset(readFileSync(join(folder, file), 'utf8'))
      assert.ok(releases.length > 0, `${file} releases nothing`)
    }
  })
})

test('summariesByPackage: one summary per package it releases; a none bump writes no entry', () => {
  const byPackage = summariesByPackage([
    {
      releases: [
        { name: 'a', type: 'patch' },
        { name: 'b', type: 'minor' },
      ],
      summary: 'One.',
    },
    {
      releases: [
        { name: 'a', type: 'minor' },
        { name: 'c', type: 'none' },
      ],
      summary: 'Two.',
    },
  ])
  assert.deepEqual(
    [...byPackage],
    [
      ['a', ['One.', 'Two.']],
      ['b', ['One.']],
    ],
  )
})

// What changesets' default changelog writes: first line after "- ", the following lines indented by two spaces.
const changelog = `# @xdance/url

## 0.2.0

### Minor Changes

- First line of a long summary,
  its second line.

### Patch Changes

- A fix.
- Updated dependencies
  - @xdance/contract@0.2.0

## 0.1.0

### Minor Changes

- The first release.
`

describe('changelogSection', () => {
  test('is the text under the version heading, up to the next version', () => {
    assert.match(changelogSection(changelog, '0.2.0'), /^### Minor Changes[\s\S]*@xdance\/contract@0\.2\.0$/)
    assert.equal(changelogSection(changelog, '0.1.0'), '### Minor Changes\n\n- The first release.')
  })
  test('is undefined for a version the changelog does not have', () => {
    assert.equal(changelogSection(changelog, '0.3.0'), undefined)
  })
})

describe('changelogProblems', () => {
  test('none when every summary is in the version section, multi-line ones read through the indentation', () => {
    assert.deepEqual(
      changelogProblems(changelog, '0.2.0', ['First line of a long summary,\nits second line.', 'A fix.']),
      [],
    )
  })
  test('a summary found only under another version is missing', () => {
    assert.deepEqual(changelogProblems(changelog, '0.2.0', ['The first release.']), [
      'the 0.2.0 section does not contain the changeset "The first release."',
    ])
  })
  test('a summary whose second line differs is missing', () => {
    assert.equal(
      changelogProblems(changelog, '0.2.0', ['First line of a long summary,\nanother line.']).length,
      1,
    )
  })
  test('no section for the new version, or no changelog at all', () => {
    assert.deepEqual(changelogProblems(changelog, '0.3.0', []), ['there is no "## 0.3.0" section'])
    assert.deepEqual(changelogProblems(undefined, '0.3.0', []), ['there is no CHANGELOG.md'])
  })
})
