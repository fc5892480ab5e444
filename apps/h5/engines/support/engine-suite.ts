import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEMO_PHONE, startHarness } from '../../e2e/support/harness'
import type { EngineDriver } from './driver'
import { runJourney } from './journey'

export interface Engine {
  /** File-name-safe name, e.g. 'wpewebkit-2.38'. */
  name: string
  /** What must be installed (a file), and the Debian package that installs it. */
  needs: { file: string; apt: string }
  start(): Promise<EngineDriver>
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
    it('signed-out home, schedule, a class, sign-in with the SMS code, booking, cancelling, visit reports', async () => {
      if (!installed) throw new Error(reason)
      const h = await startHarness()
      const driver = await engine.start()
      const started = Date.now()
      const passed: string[] = []
      try {
        const result = await runJourney(driver, h, {
          engine: engine.name,
          phone: DEMO_PHONE,
          done: (step) => passed.push(step),
        })
        expect(result.steps).toEqual([
          'signed-out home',
          'schedule',
          'class page',
          'sign-in with the SMS code',
          'booking',
          'cancelling',
          'visit reports at the gateway',
        ])
      } catch (error) {
        throw new Error(`${engine.name} after [${passed.join(', ')}]: ${(error as Error).message}`)
      } finally {
        console.log(`[engines] ${engine.name}: ${passed.length}/7 steps in ${Date.now() - started} ms`)
        await driver.quit()
        await h.close()
      }
    }, 180_000)
  })
}
