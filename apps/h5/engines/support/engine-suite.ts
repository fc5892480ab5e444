import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEMO_PHONE, type Servers, startServers } from '../../e2e/support/harness'
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
 * Another build of the app to run the journeys against (a folder holding its `dist/` and `dist-server/`, e.g. an
 * older commit built in a throwaway worktree); this app's build when unset.
 */
const APP_BUILD = process.env.XDANCE_ENGINES_APP || undefined

/** Options of {@link runEngine}. */
export interface RunOptions {
  deadlineMs?: number
  /** Another build of the app (see XDANCE_ENGINES_APP). */
  appBuild?: string | undefined
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
  { deadlineMs = ENGINE_DEADLINE_MS, appBuild = APP_BUILD, journey = runJourney }: RunOptions = {},
): Promise<{ steps: string[]; version: string; seconds: number }> {
  const started = Date.now()
  const passed: string[] = []
  let servers: Servers | undefined
  let driver: EngineDriver | undefined
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`deadline: not done within ${deadlineMs / 1000} s`)),
      deadlineMs,
    )
  })
  const seconds = () => Number(((Date.now() - started) / 1000).toFixed(1))
  try {
    servers = await Promise.race([startServers(appBuild ? { appBuild } : {}), deadline])
    driver = await Promise.race([engine.start(), deadline])
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
    // What a start cut short by the deadline left running.
    await stopAllGroups()
    await servers?.close()
    console.log(
      `[engines] ${engine.name} (${driver?.version ?? 'did not start'}): ${passed.length}/${JOURNEY_STEPS.length} steps, ${seconds()} s${appBuild ? ` (app build: ${appBuild})` : ''}`,
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
      'signed-out home, schedule, a class, sign-in with the SMS code, booking, cancelling, visit reports',
      async () => {
        if (!installed) throw new Error(reason)
        const result = await runEngine(engine)
        expect(result.steps).toEqual(JOURNEY_STEPS)
      },
      ENGINE_DEADLINE_MS + 60_000,
    )
  })
}
