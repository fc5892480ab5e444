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
        const started = Date.now()
        const passed: string[] = []
        let servers: Servers | undefined
        let driver: EngineDriver | undefined
        let timer: NodeJS.Timeout | undefined
        const deadline = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`deadline: not done within ${ENGINE_DEADLINE_MS / 1000} s`)),
            ENGINE_DEADLINE_MS,
          )
        })
        try {
          servers = await Promise.race([startServers(APP_BUILD ? { appBuild: APP_BUILD } : {}), deadline])
          driver = await Promise.race([engine.start(), deadline])
          const current = driver
          const result = await Promise.race([
            runJourney(current, servers, {
              engine: engine.name,
              phone: DEMO_PHONE,
              done: (step) => passed.push(step),
            }),
            deadline,
          ])
          expect(result.steps).toEqual(JOURNEY_STEPS)
        } catch (error) {
          throw new Error(`${engine.name} after [${passed.join(', ')}]: ${(error as Error).message}`)
        } finally {
          clearTimeout(timer)
          await driver?.quit()
          // What a start cut short by the deadline left running.
          await stopAllGroups()
          await servers?.close()
          console.log(
            `[engines] ${engine.name} (${driver?.version ?? 'did not start'}): ${passed.length}/${JOURNEY_STEPS.length} steps, ${((Date.now() - started) / 1000).toFixed(1)} s${APP_BUILD ? ` (app build: ${APP_BUILD})` : ''}`,
          )
        }
      },
      ENGINE_DEADLINE_MS + 60_000,
    )
  })
}
