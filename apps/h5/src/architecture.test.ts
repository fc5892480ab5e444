import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

// Issue 29: the app calls the gateway only through the typed call (`api/gateway-call.ts`: `callGateway` and
// `beaconGateway`, keyed by the contract's rows). A request made any other way (a fetch, a client's own get or
// post, a beacon) is found here, outside the few files that are the typed call's plumbing.

const SRC = fileURLToPath(new URL('.', import.meta.url))

/** The files that may make a request by hand, and why. */
const PLUMBING = new Map([
  ['api/gateway-call.ts', 'the typed call itself: callGateway and beaconGateway'],
  ['app/data-language.ts', "wraps the client's request to add Accept-Language to every typed call"],
  ['app/error-reporter.ts', "hands the browser's sendBeacon and fetch to beaconGateway as its transport"],
  [
    'server/forward-gateway.ts',
    'forwards the browser’s gateway calls to the gateway, a proxy, whatever the path',
  ],
  ['server/server-client.ts', "the server renderer's client: the transport of callGateway on the server"],
])

/** A request made by hand: `fetch(`, a client's `.get(`/`.post(`/`.request(`, `sendBeacon(`, ofetch, XHR. */
const RAW_REQUEST =
  /(?<![\w.]|async |\{ )fetch\s*\(|\b(?:client|gateway|api|http)\.(?:get|post|put|delete|request)\s*[<(]|\.sendBeacon\s*\(|\$fetch\b|\bofetch\s*\(|\bXMLHttpRequest\b/

/** A gateway path spelled out: the prefix written by hand, or a call of the contract written as a URL. */
const GATEWAY_PATH = /['"`]\/dance-gateway\//

function codeLines(file: string): [number, string][] {
  return readFileSync(join(SRC, file), 'utf8')
    .split('\n')
    .map((line, i): [number, string] => [i + 1, line.trim()])
    .filter(([, line]) => !(line.startsWith('*') || line.startsWith('//') || line.startsWith('/*')))
}

describe('every call of the gateway is the typed call', () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('testing/'),
  )

  test('no request by hand outside the typed call and its plumbing', () => {
    expect(files.length).toBeGreaterThan(50)
    const found = files
      .filter((file) => !PLUMBING.has(file))
      .flatMap((file) =>
        codeLines(file).flatMap(([n, line]) =>
          RAW_REQUEST.test(line) || GATEWAY_PATH.test(line) ? [`${file}:${n}: ${line}`] : [],
        ),
      )
    expect(found).toEqual([])
  })

  test('each plumbing file exists and still makes a request (else it leaves the list)', () => {
    for (const file of PLUMBING.keys()) {
      expect(
        codeLines(file).some(([, line]) => RAW_REQUEST.test(line)),
        file,
      ).toBe(true)
    }
  })

  test('the scan finds the forms a call by hand takes, and passes the typed call', () => {
    for (const line of [
      "const res = await fetch('/dance-gateway/classes')",
      "await client.get('/me')",
      "client.post<Booking>('/bookings', body)",
      "gateway.request('/client-settings', { method: 'GET' })",
      'navigator.sendBeacon(url, blob)',
      "await $fetch('/x')",
      'const xhr = new XMLHttpRequest()',
    ]) {
      expect(RAW_REQUEST.test(line) || GATEWAY_PATH.test(line), line).toBe(true)
    }
    expect(GATEWAY_PATH.test("const url = '/dance-gateway/wechat/js-config'")).toBe(true)
    for (const line of [
      "await callGateway(client, 'GET /classes/:id', { params: { id } }, { signal })",
      "const booking = await fetcher.submit(form, { method: 'post' })",
      "<Link to='/bookings'>",
      'async fetch(request) {',
      'export function serve(): { fetch(request: Request): Promise<Response> } {',
      'const page = url.searchParams.get("page")',
    ]) {
      expect(RAW_REQUEST.test(line) || GATEWAY_PATH.test(line), line).toBe(false)
    }
  })
})
