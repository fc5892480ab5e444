// Styles live beside their component (CSS Modules); `styles.css` holds only the tokens, the resets and the type
// (issue 29). The modules' class names are `file__local` (vite.config.ts, scopedName): unique only while no two module
// files share a name and the global sheet has no class of its own.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { scopedName } from '../vite.config'

const src = join(import.meta.dirname)
const app = join(src, '..')
const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => join(dir, path))
const modules = files(src).filter((path) => path.endsWith('.module.css'))
/** The app's own code: what renders (the tests assert on it, they do not style it). */
const code = files(src).filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '')

/** The selectors of a stylesheet: the text before each `{` back to the previous rule or declaration. */
const selectors = (css: string) =>
  withoutComments(css)
    .split('{')
    .slice(0, -1)
    .map((chunk) => (chunk.split(/[};]/).at(-1) ?? '').trim())

/** A class selector (`.x`), outside an attribute selector's brackets. */
const CLASS_SELECTOR = /\.-?[_a-zA-Z]/
const hasClass = (selector: string) => CLASS_SELECTOR.test(selector.replace(/\[[^\]]*\]/g, ''))

/** The class names a module exports, as the code reads them (camelCase, vite.config.ts's localsConvention). */
const moduleClasses = (css: string) =>
  new Set(
    selectors(css)
      .map((selector) => selector.replace(/:global\([^)]*\)/g, '').replace(/\[[^\]]*\]/g, ''))
      .flatMap((selector) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? ''))
      .map((name) => name.replace(/-+(\w)/g, (_, letter: string) => letter.toUpperCase())),
  )

/**
 * Every class name written as a string where a `className` is set: `className="btn"`, `className={'a'}`,
 * `` className={`card ${x}`} ``, `className={on ? 'a' : b}`, a default `className = 'btn'`. A module's class is an
 * expression (`styles.card`, `` `${layout.card} ${styles.scan}` ``), never text.
 */
function literalClassNames(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/\bclassName\s*=\s*/g)) {
    let at = (match.index ?? 0) + match[0].length
    const open = source[at]
    if (open === '"' || open === "'") {
      found.push(source.slice(at, source.indexOf(open, at + 1) + 1))
      continue
    }
    // The expression: up to the `}` that closes the JSX attribute, or the end of a default parameter's value.
    let depth = 0
    let expression = ''
    for (; at < source.length; at++) {
      const char = source[at] as string
      if (char === '{') depth++
      if (char === '}') depth--
      if (depth < 0 || (depth === 0 && /[,)}\n]/.test(char) && expression !== '')) break
      expression += char
      if (depth === 0 && char === '}') break
    }
    const strings = expression.match(/'[^']*'|"[^"]*"/g) ?? []
    const templates = [...expression.matchAll(/`([^`]*)`/g)].map((template) =>
      (template[1] ?? '').replace(/\$\{[^}]*\}/g, '').trim(),
    )
    found.push(...strings, ...templates.filter(Boolean).map((text) => `\`${text}\``))
  }
  return found
}

test('a module class is named after its file and its class, in the page as in the server', () => {
  expect(scopedName('class-time', '/app/src/components/class-card.module.css')).toBe('class-card__class-time')
  expect(scopedName('toast', '/app/src/components/toaster.module.css?used')).toBe('toaster__toast')
})

test('no two CSS Modules share a file name', () => {
  const names = modules.map((path) => basename(path))
  expect(names.length).toBeGreaterThan(20)
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
})

describe('the global sheet holds only tokens, resets and type', () => {
  const globals = readFileSync(join(src, 'styles.css'), 'utf8')

  test('it stays short: at most 150 lines', () => {
    expect(globals.split('\n').length).toBeLessThanOrEqual(150)
  })

  test('it has no class selector (a class is a module’s, beside its component)', () => {
    expect(selectors(globals).filter(hasClass)).toEqual([])
  })

  test('the check finds a class selector wherever a rule puts it, and passes the rest', () => {
    const found = selectors(
      '/* .not-a-rule */ :root { --x: 1.5px } .btn { a: b } a.card:active { } .list > li, h1 { } input[value=".x"] { } @media (min-width: 1px) { .a .b { } }',
    ).filter(hasClass)
    expect(found).toEqual(['.btn', 'a.card:active', '.list > li, h1', '.a .b'])
  })
})

describe('components take their classes from CSS Modules', () => {
  test('no class name written as text in a component', () => {
    const found = code.flatMap((path) =>
      literalClassNames(readFileSync(path, 'utf8')).map((text) => `${path.slice(src.length + 1)}: ${text}`),
    )
    expect(code.length).toBeGreaterThan(50)
    expect(found).toEqual([])
  })

  test('the check finds every way of writing a class as text, and passes module classes', () => {
    const found = literalClassNames(`
      <p className="small muted">
      <a className={'btn'} />
      <b className={\`card \${styles.scan}\`} />
      <i className={on ? 'chip chip-ok' : styles.chip}>
      function Switch({ className = 'btn btn-quiet' }) {}
      <s className={\`\${layout.card} \${styles.scan}\`} />
      <u className={on ? button.button : button.ghost} data-x="y" />
      function Ok({ className = button.quiet }: { className?: string }) {}
    `)
    expect(found).toEqual(['"small muted"', "'btn'", '`card`', "'chip chip-ok'", "'btn btn-quiet'"])
  })

  test('every class a component reads from a module is defined in that module', () => {
    const missing: string[] = []
    for (const path of [...code, ...files(src).filter((file) => file.endsWith('.test.tsx'))]) {
      const source = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
      for (const [, name, from] of source.matchAll(/^import (\w+) from '(\.[^']+\.module\.css)'/gm)) {
        const defined = moduleClasses(readFileSync(resolve(dirname(path), from as string), 'utf8'))
        for (const [, key] of source.matchAll(new RegExp(`(?<![\\w/.$])${name}\\.(\\w+)`, 'g'))) {
          if (!defined.has(key as string)) missing.push(`${path.slice(src.length + 1)}: ${name}.${key}`)
        }
      }
    }
    expect(missing).toEqual([])
  })
})

test('browser tests find elements by role, text or test id, never by a class name', () => {
  // A module's class is `file__local`, an implementation detail a rename changes.
  const tests = [...files(join(app, 'e2e')), ...files(join(app, 'engines'))].filter((path) =>
    /\.(ts|py)$/.test(path),
  )
  const call =
    /\b(?:locator|querySelectorAll|querySelector|waitForSelector|closest|all|byText|has|\$\$?)(?:<[^>]*>)?\(\s*(['"`])((?:(?!\1).)*)\1/g
  const found = tests.flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(call)]
      .filter((match) => hasClass(match[2] ?? ''))
      .map((match) => `${path.slice(app.length + 1)}: ${match[0]}`),
  )
  expect(tests.length).toBeGreaterThan(20)
  expect(found).toEqual([])
})
