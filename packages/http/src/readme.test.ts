import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { quickStart } from '../examples/quick-start'
import { fakeBrowser, LOGGED_IN } from '../test/fake-browser'
import { send, startGateway, type TestGateway } from '../test/gateway'

let gateway: TestGateway
beforeAll(async () => {
  gateway = await startGateway()
})
afterAll(() => gateway.close())
afterEach(() => {
  vi.unstubAllGlobals()
})

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')

it('the README shows the quick start verbatim', () => {
  expect(read('../README.md')).toContain(read('../examples/quick-start.ts').trim())
})

it('the quick start runs against a gateway', async () => {
  fakeBrowser({ cookies: LOGGED_IN, local: { orgId: '42' } })
  const answers: Record<string, object> = {
    '/dance-gateway/member/profile': { code: 200, data: { name: 'Ann' } },
    '/dance-gateway/course/list': { code: '200', data: [{ id: 1 }] },
    '/dance-gateway/order/create': { code: 40301, data: null, msg: 'Course full' },
  }
  gateway.answer((req, res) => send(res, 200, JSON.stringify(answers[req.url ?? ''])))
  const toasts: string[] = []
  await expect(quickStart(gateway.baseURL, (message) => toasts.push(message))).resolves.toEqual({
    profile: { name: 'Ann' },
    courses: [{ id: 1 }],
    refused: 40301,
  })
  expect(toasts).toEqual(['Course full'])
  expect(gateway.received.map((r) => [r.method, r.headers.authorization, r.body])).toEqual([
    ['GET', 'Bearer web-token', ''],
    ['POST', 'Bearer web-token', '{"page":1,"orgId":"42"}'],
    ['POST', 'Bearer web-token', '{"courseId":7,"orgId":"42"}'],
  ])
})
