// Built gateways as separate processes (`node dist/main.js`), the customers and classes a booking load needs, and
// the client's view of each answer: shared by the kill -9 test (src/start-up/kill-instance.test.ts) and the booking
// bench (bench/booking-bench.ts). Node runs the bench from source, so this file imports only `node:` modules and
// built packages, never the gateway's own source.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ERROR_CODE, IDEMPOTENCY_KEY_HEADER, TERMS_VERSION } from '@xdance/contract'

/** The built command line every process runs. */
export const GATEWAY_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))

/** Sign-in codes the gateway sends per minute in all ({@link DEFAULT_LIMITS}'s `smsPerMinute` is 60). */
const SIGN_INS_PER_CLOCK_MINUTE = 50
/** Sign-ins in flight at once while staging customers. */
const SIGN_IN_PARALLEL = 10

/** One `node dist/main.js` on 127.0.0.1 with demo data and the dev API. */
export interface GatewayProcess {
  name: string
  /** The API's base URL: `http://127.0.0.1:<port>/dance-gateway`. */
  api: string
  pid: number
  /** Everything the process printed, line by line (stdout and stderr). */
  output: string[]
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  exited: Promise<number | null>
  /** Sends `signal` (SIGTERM by default) and resolves once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

const running = new Set<ChildProcess>()
let exitHookSet = false

/** Throws a message that says what to do when the gateway is not built. */
export function requireBuild(): void {
  if (!existsSync(GATEWAY_MAIN)) {
    throw new Error(
      `${GATEWAY_MAIN} is missing: build the gateway first (sh scripts/with-toolchain.sh pnpm --filter @xdance/gateway build).`,
    )
  }
}

/**
 * Starts the built gateway on a free port of 127.0.0.1 with demo data on `db` (a SQLite file or a postgres:// URL)
 * and answers once it listens. Behind a "proxy" (`GATEWAY_TRUST_PROXY=1`) so that staged customers can each sign in
 * from their own loopback address ({@link signInCustomers}). The process is killed after `maxLifeMs` at the latest,
 * and when this process exits.
 */
export function startGatewayProcess(options: {
  name: string
  db: string
  maxLifeMs: number
}): Promise<GatewayProcess> {
  requireBuild()
  if (!exitHookSet) {
    exitHookSet = true
    process.on('exit', () => {
      for (const child of running) child.kill('SIGKILL')
    })
  }
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      GATEWAY_DB: options.db,
      GATEWAY_DEMO: '1',
      GATEWAY_TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const killer = setTimeout(() => child.kill('SIGKILL'), options.maxLifeMs)
  killer.unref()
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(killer)
      running.delete(child)
      resolve(code)
    })
  })
  const output: string[] = []
  let partial = ''
  const read = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    output.push(...lines)
  }
  child.stdout.on('data', read)
  child.stderr.on('data', read)
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return new Promise((resolve, reject) => {
    const listening = (chunk: Buffer) => {
      const port = /listening on 127\.0\.0\.1:(\d+)/.exec(output.join('\n') + chunk.toString())?.[1]
      if (!port) return
      child.stdout.off('data', listening)
      resolve({
        name: options.name,
        api: `http://127.0.0.1:${port}/dance-gateway`,
        pid: child.pid ?? 0,
        output,
        exited,
        stop,
      })
    }
    child.stdout.on('data', listening)
    void exited.then((code) =>
      reject(new Error(`${options.name} exited with ${code} before listening:\n${output.join('\n')}`)),
    )
  })
}

/** An answer as a client sees it: the HTTP status and the body's text, parsed when it is JSON. */
export interface Answer {
  status: number
  text: string
  body: { code?: unknown; data?: unknown; msg?: unknown } | undefined
}

/** One JSON call; a failure to connect or a connection dropped mid-answer throws (fetch's TypeError). */
export async function call(
  api: string,
  method: 'GET' | 'POST',
  path: string,
  init: { auth?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers }
  if (init.auth) headers.authorization = init.auth
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${api}${path}`, {
    method,
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await res.text()
  let body: Answer['body']
  try {
    body = JSON.parse(text) as Answer['body']
  } catch {
    body = undefined
  }
  return { status: res.status, text, body }
}

// The API answers in the envelope (`code: 200`); the dev API answers plain JSON (`envelope: false`).
async function must(answer: Promise<Answer>, what: string, envelope = true): Promise<Answer> {
  const result = await answer
  if (result.status !== 200 || (envelope && result.body?.code !== 200)) {
    throw new Error(`${what} failed: HTTP ${result.status} ${result.text.slice(0, 300)}`)
  }
  return result
}

/** A signed-in customer with a card: what a booking load sends as. */
export interface StagedCustomer {
  phone: string
  auth: string
}

/**
 * Signs `count` distinct customers in through the real flow (code sent, read from the dev API, login) and gives
 * each a card of `credits` credits. Each signs in from its own loopback address (`X-Forwarded-For: 127.x.y.z`,
 * trusted by {@link startGatewayProcess}'s gateways), and the studio's dev clock moves on a minute after every
 * {@link SIGN_INS_PER_CLOCK_MINUTE}, so the abuse limits on codes hold without being switched off.
 */
export async function signInCustomers(
  api: string,
  count: number,
  options: { credits: number; phonePrefix?: string },
): Promise<StagedCustomer[]> {
  const prefix = options.phonePrefix ?? '139'
  const customers: StagedCustomer[] = []
  const one = async (index: number): Promise<StagedCustomer> => {
    const phone = `${prefix}${String(index).padStart(11 - prefix.length, '0')}`
    const from = `127.${(index >> 16) & 255}.${(index >> 8) & 255}.${(index & 255) + 1}`
    await must(
      call(api, 'POST', '/auth/sms', {
        body: { phone, consent: TERMS_VERSION },
        headers: { 'x-forwarded-for': from },
      }),
      `sending a code to ${phone}`,
    )
    const sms = await must(call(api, 'GET', `/__dev/sms?phone=${phone}`), `reading ${phone}'s code`, false)
    const code = (sms.body as { code?: string } | undefined)?.code
    const login = await must(
      call(api, 'POST', '/auth/login', { body: { phone, code }, headers: { 'x-forwarded-for': from } }),
      `signing ${phone} in`,
    )
    const { head, token } = (login.body?.data ?? {}) as { head: string; token: string }
    await must(
      call(api, 'POST', '/__dev/cards', { body: { phone, credits: options.credits, validDays: 365 } }),
      `giving ${phone} a card`,
      false,
    )
    return { phone, auth: `${head}${token}` }
  }
  for (let batch = 0; batch < count; batch += SIGN_INS_PER_CLOCK_MINUTE) {
    if (batch > 0) {
      await must(
        call(api, 'POST', '/__dev/clock', { body: { advanceMs: 61_000 } }),
        'moving the clock on',
        false,
      )
    }
    const end = Math.min(count, batch + SIGN_INS_PER_CLOCK_MINUTE)
    for (let start = batch; start < end; start += SIGN_IN_PARALLEL) {
      const indexes = Array.from({ length: Math.min(SIGN_IN_PARALLEL, end - start) }, (_, i) => start + i)
      customers.push(...(await Promise.all(indexes.map(one))))
    }
  }
  return customers
}

/** Adds `count` classes of `capacity` seats starting in three days (ahead of every cancel cut-off). */
export async function stageClasses(api: string, count: number, capacity: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < count; i++) {
    const klass = await must(
      call(api, 'POST', '/__dev/classes', {
        body: { capacity, startsInMinutes: 3 * 24 * 60 + i * 90, title: `负载测试课 ${i + 1}` },
      }),
      'staging a class',
      false,
    )
    ids.push((klass.body as { id: number }).id)
  }
  return ids
}

/** The headers of a booking sent with an idempotency key. */
export const keyed = (key: string): Record<string, string> => ({ [IDEMPOTENCY_KEY_HEADER]: key })

const CONTRACT_CODES = new Set<unknown>(Object.values(ERROR_CODE))
// What a leaked stack or internal error looks like in a body: "    at fn (file.js:1:2)", "node:internal/…".
const STACK = /\n\s*at\s|\(\S+:\d+:\d+\)|node:internal|\.[cm]?[jt]s:\d+/

/** How a request the client sent ended. */
export type Outcome =
  | { kind: 'ok'; data: unknown }
  /** A JSON envelope with one of the contract's error codes (a refusal, 50301 busy, …). */
  | { kind: 'refused'; code: number }
  /** No answer: the connection was refused or dropped (`reason`: the socket error's code). */
  | { kind: 'network'; reason: string }
  /** Anything else: an HTTP 500, a body that is not the envelope, a code not in the contract, a stack trace. */
  | { kind: 'unclean'; status: number; text: string }

/** Sorts an answer (or the error fetch threw) into an {@link Outcome}. */
export function outcomeOf(answer: Answer | Error): Outcome {
  if (answer instanceof Error) {
    const cause = answer.cause as { code?: unknown } | undefined
    const reason = typeof cause?.code === 'string' ? cause.code : answer.message
    return { kind: 'network', reason }
  }
  const { status, text, body } = answer
  if (status === 500 || STACK.test(text) || body === undefined) return { kind: 'unclean', status, text }
  if (status === 200 && body.code === 200) return { kind: 'ok', data: body.data }
  if (typeof body.code === 'number' && CONTRACT_CODES.has(body.code))
    return { kind: 'refused', code: body.code }
  return { kind: 'unclean', status, text }
}

/** Sends one call and sorts how it ended, never throwing. */
export async function attempt(...args: Parameters<typeof call>): Promise<Outcome> {
  try {
    return outcomeOf(await call(...args))
  } catch (error) {
    return outcomeOf(error instanceof Error ? error : new Error(String(error)))
  }
}

/** The `q` quantile (0..1) of `sorted` (ascending), 0 when empty. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
