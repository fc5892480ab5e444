import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** A command started in a process group of its own: stopping it stops everything it started. */
export interface ProcessGroup {
  readonly child: ChildProcess
  /** The group's id (the leader's pid). */
  readonly pgid: number
  /** What the command last wrote to stderr (the last 4,000 characters), for error messages. */
  stderr(): string
  /** SIGTERM to the group, SIGKILL after `graceMs` if any of it is left; resolves when none of it is left. */
  stop(graceMs?: number): Promise<void>
}

const running = new Set<ProcessGroup>()

/**
 * The live processes of group `pgid` (Linux's /proc; zombies are dead and not counted: an orphan's zombie waits for
 * whatever reaps orphans, which in a container can take a second or more).
 */
export function liveMembers(pgid: number): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // exited meanwhile
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so read after its last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(pgrp) === pgid && state !== 'Z') pids.push(Number(entry))
  }
  return pids
}

/** Whether any process of group `pgid` is alive. */
export function groupAlive(pgid: number): boolean {
  return liveMembers(pgid).length > 0
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal)
  } catch {
    // the group is gone
  }
}

/** Resolves when `check` holds, polling every 50 ms, or resolves false after `ms`. */
async function within(ms: number, check: () => boolean): Promise<boolean> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

/**
 * Starts `command` in a new process group (`detached`), remembered until stopped: {@link stopAllGroups} stops every
 * group still running (a test's failure or deadline), and the test process's exit SIGKILLs what is left, so an engine
 * never outlives its run.
 */
export function spawnGroup(
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'detached'> = {},
): ProcessGroup {
  const child = spawn(command, args, { stdio: 'ignore', ...options, detached: true })
  if (child.pid === undefined) throw new Error(`${command} did not start`)
  const pgid = child.pid
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000)
  })
  // A command that cannot be started emits 'error' (ENOENT): its group is empty, nothing to stop.
  child.on('error', (error) => {
    stderr += `\n${error.message}`
  })
  const group: ProcessGroup = {
    child,
    pgid,
    stderr: () => stderr,
    async stop(graceMs = 5000) {
      signalGroup(pgid, 'SIGTERM')
      if (!(await within(graceMs, () => !groupAlive(pgid)))) {
        signalGroup(pgid, 'SIGKILL')
        await within(5000, () => !groupAlive(pgid))
      }
      running.delete(group)
    },
  }
  running.add(group)
  return group
}

/** Stops every group {@link spawnGroup} started and nobody stopped yet. */
export async function stopAllGroups(): Promise<void> {
  await Promise.all([...running].map((group) => group.stop()))
}

/** The process groups still running (for tests of the cleanup). */
export function runningGroups(): number[] {
  return [...running].map((group) => group.pgid)
}

function killAll(): void {
  for (const group of running) signalGroup(group.pgid, 'SIGKILL')
}

// The test process ending, however it ends, takes the engines with it: on exit (its groups are in sessions of their
// own, so nothing else would), and on a signal (Ctrl-C, or vitest stopping its worker), after which the signal is
// raised again for its usual effect.
process.on('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAll()
    process.kill(process.pid, signal)
  })
}
