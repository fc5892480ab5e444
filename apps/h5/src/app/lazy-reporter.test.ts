import { describe, expect, test } from 'vitest'
import { createErrorReporter, type ReporterPlatform } from './error-reporter'
import { lazyErrorReporter } from './lazy-reporter'

function setup(options: { fail?: boolean } = {}) {
  const beacons: Array<{ url: string; body: Blob }> = []
  let loads = 0
  let route = '/classes/7'
  const platform: ReporterPlatform = {
    sendBeacon: (url, body) => {
      beacons.push({ url, body })
      return true
    },
    route: () => 'never read: the lazy reporter gives the route of the moment',
    userAgent: () => 'test-agent',
  }
  const reporter = lazyErrorReporter('/dance-gateway', {
    load: async () => {
      loads++
      if (options.fail) throw new TypeError('Failed to fetch dynamically imported module')
      return { createErrorReporter, browserReporterPlatform: () => platform }
    },
    where: () => route,
  })
  const bodies = async () =>
    Promise.all(
      beacons.map(async (beacon) => JSON.parse(await beacon.body.text()) as Record<string, unknown>),
    )
  return { reporter, beacons, bodies, loads: () => loads, go: (path: string) => (route = path) }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the bug reporter, loaded at the first bug', () => {
  test('loads nothing until a bug is reported', () => {
    const { loads } = setup()
    expect(loads()).toBe(0)
  })

  test('sends the bug with the route where it happened, even when the page moved on while the code loaded', async () => {
    const { reporter, bodies, go, beacons } = setup()
    expect(reporter.report(new TypeError('x is undefined'), 'unhandled')).toBe(true)
    go('/schedule')
    await settled()
    expect(beacons[0]?.url).toBe('/dance-gateway/client-errors')
    expect(await bodies()).toEqual([
      expect.objectContaining({
        message: 'TypeError: x is undefined',
        route: '/classes/7',
        kind: 'unhandled',
      }),
    ])
  })

  test('loads the code once, and keeps the reporter’s limits across reports made before it loaded', async () => {
    const { reporter, bodies, loads, go } = setup()
    reporter.report(new TypeError('same'))
    reporter.report(new TypeError('same'))
    go('/me')
    reporter.report(new TypeError('other'))
    await settled()
    expect(loads()).toBe(1)
    expect((await bodies()).map((body) => [body.message, body.route])).toEqual([
      ['TypeError: same', '/classes/7'],
      ['TypeError: other', '/me'],
    ])
  })

  test('code that cannot load (offline) drops the report without throwing or an unhandled rejection', async () => {
    const { reporter, beacons } = setup({ fail: true })
    expect(reporter.report(new Error('boom'))).toBe(true)
    await settled()
    expect(beacons).toEqual([])
  })
})
