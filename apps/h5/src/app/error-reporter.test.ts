import { describe, expect, test } from 'vitest'
import { createErrorReporter, MAX_REPORTS_PER_PAGE, type ReporterPlatform } from './error-reporter'

function platform(overrides: Partial<ReporterPlatform> = {}) {
  const beacons: Array<{ url: string; body: Blob }> = []
  const value: ReporterPlatform = {
    sendBeacon: (url, body) => {
      beacons.push({ url, body })
      return true
    },
    route: () => '/classes/7',
    userAgent: () => 'test-agent',
    ...overrides,
  }
  return { value, beacons }
}

describe('the bug reporter', () => {
  test('sends message, stack, route and user agent as JSON by beacon to the client-error endpoint', async () => {
    const { value, beacons } = platform()
    expect(createErrorReporter('/dance-gateway', value).report(new TypeError('x is undefined'))).toBe(true)
    expect(beacons[0]?.url).toBe('/dance-gateway/client-errors')
    expect(beacons[0]?.body.type).toBe('application/json')
    const body = JSON.parse(await (beacons[0] as { body: Blob }).body.text())
    expect(body).toMatchObject({
      message: 'TypeError: x is undefined',
      route: '/classes/7',
      userAgent: 'test-agent',
      kind: 'render',
    })
    expect(body.stack).toContain('x is undefined')
  })

  test('the same error on the same route is sent once (a re-render does not report again)', () => {
    const { value, beacons } = platform()
    const reporter = createErrorReporter('', value)
    reporter.report(new TypeError('same'))
    reporter.report(new TypeError('same'))
    expect(beacons).toHaveLength(1)
  })

  test(`at most ${MAX_REPORTS_PER_PAGE} reports per page load, whatever loops`, () => {
    const { value, beacons } = platform()
    const reporter = createErrorReporter('', value)
    for (let i = 0; i < 50; i++) reporter.report(new Error(`e${i}`))
    expect(beacons).toHaveLength(MAX_REPORTS_PER_PAGE)
  })

  test('long fields are cut to the gateway bounds', async () => {
    const { value, beacons } = platform({ route: () => `/${'r'.repeat(2000)}` })
    createErrorReporter('', value).report(new Error('m'.repeat(5000)))
    const body = JSON.parse(await (beacons[0] as { body: Blob }).body.text())
    expect(body.message).toHaveLength(1000)
    expect(body.route).toHaveLength(500)
  })

  test('falls back to a keepalive fetch when the beacon is refused, and never throws', () => {
    const calls: RequestInit[] = []
    const { value } = platform({
      sendBeacon: () => false,
      fetch: (_url, init) => {
        calls.push(init)
        return Promise.reject(new Error('offline'))
      },
    })
    expect(() => createErrorReporter('', value).report(new Error('a'))).not.toThrow()
    expect(calls[0]?.keepalive).toBe(true)
    const throwing = platform({
      sendBeacon: () => {
        throw new Error('beacon broke')
      },
      route: () => {
        throw new Error('no location')
      },
    })
    expect(createErrorReporter('', throwing.value).report(new Error('b'))).toBe(false)
  })
})
