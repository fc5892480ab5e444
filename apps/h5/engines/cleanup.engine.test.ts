// The engine runs leave no process behind: a group is stopped with everything in it (also what ignores SIGTERM), and
// a run cut short by its deadline or a failed start stops what the engine had started. Plain shell processes stand
// for the engine here, so these run on any machine.
import { execFileSync, spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { EngineDriver } from './support/driver'
import { runEngine } from './support/engine-suite'
import { groupAlive, type ProcessGroup, runningGroups, spawnGroup } from './support/processes'

/** The live (not zombie) pids of group `pgid`, as ps sees them: spawnGroup's `detached` is setsid, so its group is its session. */
function members(pgid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,stat=', '-s', String(pgid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, stat]) => stat && !stat.startsWith('Z'))
      .map(([pid]) => Number(pid))
  } catch {
    return [] // ps exits 1 when nothing matches
  }
}

/** A shell that starts two sleeps and waits, all three ignoring SIGTERM when `stubborn`. */
function sleepers(stubborn: boolean): ProcessGroup {
  const trap = stubborn ? `trap '' TERM; ` : ''
  return spawnGroup('/bin/sh', ['-c', `${trap}sleep 600 & sleep 600 & echo started; wait`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

async function started(group: ProcessGroup): Promise<void> {
  await new Promise<void>((resolve) => group.child.stdout?.once('data', () => resolve()))
}

/** A driver whose quit does nothing, as a hung engine's would: what it started is the runner's to stop. */
const hungDriver: EngineDriver = {
  version: 'sleepers',
  execute: () => new Promise(() => undefined),
  load: () => new Promise(() => undefined),
  screenshot: () => new Promise(() => undefined),
  quit: async () => undefined,
}

describe('engine processes', () => {
  it('a group is stopped with everything it started', async () => {
    const group = sleepers(false)
    await started(group)
    expect(members(group.pgid).length).toBe(3)
    await group.stop()
    expect(groupAlive(group.pgid)).toBe(false)
    expect(members(group.pgid)).toEqual([])
    expect(runningGroups()).not.toContain(group.pgid)
  })

  it('what ignores SIGTERM is killed after the grace period', async () => {
    const group = sleepers(true)
    await started(group)
    expect(members(group.pgid).length).toBe(3)
    await group.stop(200)
    expect(members(group.pgid)).toEqual([])
  })

  it('a run whose journey hangs is stopped at its deadline, with every process its engine started', async () => {
    let engineGroup: ProcessGroup | undefined
    const run = runEngine(
      {
        name: 'sleepers',
        needs: { file: '/bin/sh', apt: 'dash' },
        start: async () => {
          engineGroup = sleepers(true)
          await started(engineGroup)
          return hungDriver
        },
      },
      { deadlineMs: 1000, journey: () => new Promise(() => undefined) },
    )
    await expect(run).rejects.toThrow(/^sleepers after \[\]: deadline: not done within 1 s/)
    expect(engineGroup && members(engineGroup.pgid)).toEqual([])
    expect(runningGroups()).toEqual([])
  })

  it('a start that fails stops what it had started', async () => {
    let engineGroup: ProcessGroup | undefined
    const run = runEngine({
      name: 'sleepers',
      needs: { file: '/bin/sh', apt: 'dash' },
      start: async () => {
        engineGroup = sleepers(false)
        await started(engineGroup)
        throw new Error('no session')
      },
    })
    await expect(run).rejects.toThrow('sleepers after []: no session')
    expect(engineGroup && members(engineGroup.pgid)).toEqual([])
    expect(runningGroups()).toEqual([])
  })

  it('an engine that comes up after its deadline is stopped when it does', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let late: ProcessGroup | undefined
    const run = runEngine(
      {
        name: 'sleepers',
        needs: { file: '/bin/sh', apt: 'dash' },
        start: async () => {
          await gate
          const group = sleepers(false)
          late = group
          await started(group)
          return { ...hungDriver, quit: () => group.stop() }
        },
      },
      { deadlineMs: 1000 },
    )
    await expect(run).rejects.toThrow(/deadline/)
    release()
    // Stopped by the late driver's quit, which the run calls when the start comes up.
    await expect
      .poll(() => late !== undefined && members(late.pgid).length === 0 && runningGroups().length === 0, {
        timeout: 15_000,
      })
      .toBe(true)
  })

  // A test process that imports the helpers (Node strips their types), starts sleepers and prints their group, then
  // either exits without stopping them or waits to be signalled.
  for (const [ending, signal] of [
    ['exits without stopping them', null],
    ['is stopped by SIGTERM', 'SIGTERM'],
    ['is interrupted (SIGINT)', 'SIGINT'],
  ] as const) {
    it(`the engines go with the test process when it ${ending}`, async () => {
      const helpers = join(__dirname, 'support', 'processes.ts')
      const script = `
        const { spawnGroup } = await import(${JSON.stringify(helpers)})
        const group = spawnGroup('/bin/sh', ['-c', 'sleep 600 & sleep 600 & echo started; wait'], { stdio: ['ignore', 'pipe', 'ignore'] })
        group.child.stdout.once('data', () => {
          console.log(group.pgid)
          ${signal ? 'setInterval(() => undefined, 1000)' : 'process.exit(0)'}
        })`
      const runner = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const pgid = await new Promise<number>((resolve) =>
        runner.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
      )
      expect(pgid).toBeGreaterThan(0)
      if (signal) {
        expect(members(pgid).length).toBe(3)
        runner.kill(signal)
      }
      const exited = await new Promise<NodeJS.Signals | number | null>((resolve) =>
        runner.on('exit', (code, by) => resolve(by ?? code)),
      )
      // The signal keeps its usual effect: the process ends by it.
      expect(exited).toBe(signal ?? 0)
      await expect.poll(() => members(pgid), { timeout: 10_000 }).toEqual([])
    })
  }
})
