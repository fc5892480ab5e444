// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { afterEach, expect, test } from 'vitest'
import { withHistory } from '../examples/with-history'
import { withVueRouter } from '../examples/with-vue-router'
import type { TraceClient } from './trace-mark'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')

function recordingClient() {
  const paths: string[] = []
  const client: TraceClient = {
    request: async (_path, options) => {
      paths.push((options.body as { path: string }).path)
      return { code: 200 }
    },
  }
  return { client, paths }
}

afterEach(() => history.replaceState(null, '', '/'))

test.each(['../examples/with-history.ts', '../examples/with-vue-router.ts'])(
  'the README shows %s verbatim',
  (path) => {
    expect(read('../README.md')).toContain(read(path))
  },
)

test('the History API example sends the automatic marks of the first page and of the pushed /courses/7', () => {
  history.replaceState(null, '', '/start')
  const { client, paths } = recordingClient()
  const { tracker, untrack } = withHistory('http://127.0.0.1:9', client)
  untrack()
  tracker.stop()
  expect(paths).toEqual(['/start', '/courses/7'])
})

test('the Vue Router example sends the automatic mark of / but not of the article (meta autoReport: false)', async () => {
  const { client, paths } = recordingClient()
  const { tracker } = await withVueRouter('http://127.0.0.1:9', client)
  tracker.stop()
  expect(location.pathname).toBe('/marketing/article')
  expect(paths).toEqual(['/'])
})
