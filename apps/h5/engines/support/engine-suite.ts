import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEMO_PHONE, PREFIX, type Servers, startServers, type VisitReport } from '../../e2e/support/harness'
import type { EngineDriver } from './driver'
import { JOURNEY_STEPS, runJourney } from './journey'
import { stopAllGroups } from './processes'

export interface Engine {
  /** File-name-safe name, e.g. 'wpewebkit-2.38'. */
  name: string
  /** What must be installed (a file), and the Debian package that installs it. */
  needs: { file: string; apt: string }
  start(): Promise<EngineDriver>
}

/**
 * One engine's whole run (start, journeys, quit) is bounded: past it, every process the engine started is stopped
 * and the test fails with the steps it passed. Generous, for a busy two-core machine: an engine's run takes well
 * under a minute when the machine is idle. XDANCE_ENGINE_DEADLINE_MS overrides it.
 */
export const ENGINE_DEADLINE_MS = Number(process.env.XDANCE_ENGINE_DEADLINE_MS) || 240_000

/**
 * The origin of an app already running with its gateway's dev API under the contract's prefix (e.g. an older commit
 * built and started in a throwaway worktree, to see the journeys fail there); when unset, every run starts this
 * checkout's built app and a fresh gateway (startServers).
 */
const TARGET = process.env.XDANCE_ENGINES_URL || undefined

/** What the journey needs of an app someone else started at `origin`: its URLs and its gateway's dev API. */
function runningAt(origin: string): Pick<Servers, 'url' | 'api' | 'reports' | 'close'> {
  const api = async <T>(path: string, init: { body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${origin}${PREFIX}${path}`, {
      signal: AbortSignal.timeout(10_000),
      ...(init.body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(init.body),
          }),
    })
    return (await response.json()) as T
  }
  return {
    url: (path) => new URL(path, origin).href,
    api,
    reports: () => api<VisitReport[]>('/__dev/reports'),
    close: async () => undefined,
  }
}

/** Platform APIs above the floor that the app once assumed (issue 18): which of them the engine lacks. */
async function platformLacks(driver: EngineDriver): Promise<string> {
  await driver.load('about:blank')
  const missing = await driver.execute<string[]>(
    `return [['AbortSignal.any', typeof AbortSignal.any], ['AbortSignal.timeout', typeof AbortSignal.timeout],
      ['Object.hasOwn', typeof Object.hasOwn]].filter(function (api) { return api[1] !== 'function' })
      .map(function (api) { return api[0] })`,
  )
  return missing.length
    ? `; lacks ${missing.join(', ')}`
    : '; lacks none of AbortSignal.any/timeout, Object.hasOwn'
}

/** Options of {@link runEngine}. */
export interface RunOptions {
  deadlineMs?: number
  /** An app already running (see XDANCE_ENGINES_URL). */
  target?: string | undefined
  /** The journey to run (the customer's by default; a test of the deadline passes one that hangs). */
  journey?: typeof runJourney
}

/**
 * Starts the servers and the engine, runs the journey, and stops everything whatever happens: a failure, or the
 * deadline passing while the engine starts or the journey runs (every process group the engine started is stopped,
 * SIGKILL after a grace period). Rejects with the steps passed before the failure; logs the engine's wall time.
 */
export async function runEngine(
  engine: Engine,
  { deadlineMs = ENGINE_DEADLINE_MS, target = TARGET, journey = runJourney }: RunOptions = {},
): Promise<{ steps: string[]; version: string; seconds: number }> {
  const started = Date.now()
  const passed: string[] = []
  let servers: Pick<Servers, 'url' | 'api' | 'reports' | 'close'> | undefined
  let driver: EngineDriver | undefined
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`deadline: not done within ${deadlineMs / 1000} s`)),
      deadlineMs,
    )
  })
  let lacks = ''
  const seconds = () => Number(((Date.now() - started) / 1000).toFixed(1))
  // Kept to stop what a start cut short by the deadline brings up later.
  let startingServers: Promise<Servers> | undefined
  let startingEngine: Promise<EngineDriver> | undefined
  try {
    if (target) servers = runningAt(target)
    else {
      startingServers = startServers()
      servers = await Promise.race([startingServers, deadline])
    }
    startingEngine = engine.start()
    driver = await Promise.race([startingEngine, deadline])
    lacks = await Promise.race([platformLacks(driver), deadline])
    const result = await Promise.race([
      journey(driver, servers, {
        engine: engine.name,
        phone: DEMO_PHONE,
        done: (step) => passed.push(step),
      }),
      deadline,
    ])
    return { steps: result.steps, version: driver.version, seconds: seconds() }
  } catch (error) {
    throw new Error(`${engine.name} after [${passed.join(', ')}]: ${(error as Error).message}`)
  } finally {
    clearTimeout(timer)
    await driver?.quit()
    // What a start cut short by the deadline left running, and what it brings up later.
    await stopAllGroups()
    if (!driver) startingEngine?.then((late) => late.quit()).catch(() => undefined)
    await servers?.close()
    if (!servers) startingServers?.then((late) => late.close()).catch(() => undefined)
    console.log(
      `[engines] ${engine.name} (${driver?.version ?? 'did not start'}): ${passed.length}/${JOURNEY_STEPS.length} steps, ${seconds()} s${lacks}${target ? ` (app at ${target})` : ''}`,
    )
  }
}

/**
 * One engine's journeys as a counted test. A missing engine skips with its reason on a developer machine and
 * fails in CI (CI=true), where .ci/run installs every engine.
 */
export function engineSuite(engine: Engine): void {
  const installed = existsSync(engine.needs.file)
  const reason = `${engine.name}: ${engine.needs.file} is missing (apt-get install ${engine.needs.apt})`
  describe(`${engine.name} (real engine)`, () => {
    if (!installed && process.env.CI !== 'true') {
      it.skip(`journeys — skipped: ${reason}`, () => undefined)
      return
    }
    it(
      'signed-out home, schedule, a class, sign-in with the SMS code, booking, cancelling, booking for a child, its check-in code, a rating after class, visit reports',
      async () => {
        if (!installed) throw new Error(reason)
        const result = await runEngine(engine)
        expect(result.steps).toEqual(JOURNEY_STEPS)
      },
      ENGINE_DEADLINE_MS + 60_000,
    )
  })
}
