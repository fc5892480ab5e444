import type { GatewayOptions } from '../settings/gateway-options'
import { startTestGateway, type TestGateway, type TestOptions } from './test-gateway'

/** A test gateway whose scheduler runs only when the test says so (`tick()`), on the test clock. */
export async function startManualGateway(
  options: GatewayOptions & TestOptions = {},
): Promise<TestGateway & { tick(): void }> {
  const runs: Array<() => void> = []
  const gw = await startTestGateway({
    ...options,
    scheduler: {
      ...options.scheduler,
      every: (run) => {
        runs.push(run)
        return () => {}
      },
    },
  })
  return {
    ...gw,
    tick: () => {
      for (const run of runs) run()
    },
  }
}

/** Posts to the dev API and answers the JSON. */
export async function devPost<T>(gw: { apiUrl: string }, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${gw.apiUrl}/__dev${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await res.json()) as T
}

/** Reads the dev API. */
export async function devGet<T>(gw: { apiUrl: string }, path: string): Promise<T> {
  return (await (await fetch(`${gw.apiUrl}/__dev${path}`)).json()) as T
}
