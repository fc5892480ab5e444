import { maskPhone, TERMS_VERSION } from '@xdance/contract'
import type { Parties } from '../parties/parties'
import { type GatewayOptions, resolveGatewaySettings } from '../settings/gateway-options'
import { composeParties, type Emulators } from '../start-up/compose-parties'
import { listenOrClose, openGateway } from '../start-up/gateway'
import type { RunningGateway } from '../start-up/gateway-server'
import { testDatabase } from './test-database'

/** A clock a test can move: the gateway's `now` seam. */
export interface TestClock {
  now: () => Date
  set(iso: string): void
  advance(ms: number): void
}

/** Monday 2 June 2025, 10:00 studio time: before that day's 12:00, 19:00 and 20:45 classes. */
export const MONDAY_10AM = '2025-06-02T10:00:00+08:00'

export function createClock(start = MONDAY_10AM): TestClock {
  let current = Date.parse(start)
  return {
    now: () => new Date(current),
    set: (iso) => {
      current = Date.parse(iso)
    },
    advance: (ms) => {
      current += ms
    },
  }
}

export interface TestGateway extends RunningGateway {
  clock: TestClock
  logs: string[]
  /** Demo mode's emulated parties (the WeChat Pay platform: pay, sign, query); `undefined` outside demo mode. */
  emulators: Emulators | undefined
  /** Calls the API (path under the prefix) and parses the JSON answer. */
  call<T = unknown>(method: string, path: string, init?: CallInit): Promise<CallResult<T>>
  /**
   * The last sign-in code sent to `phone`: what the emulated SMS provider got (demo mode), or the log line of the
   * real messages party (no provider set up).
   */
  lastCode(phone: string): string | undefined
  /** Signs in through the real flow (code sent, read back with `lastCode`, login) and returns the Authorization value. */
  signIn(phone: string): Promise<string>
}

export interface CallInit {
  body?: unknown
  /** A raw body, sent as is (for broken JSON and huge bodies), as `application/json` unless `headers` say otherwise. */
  raw?: string
  auth?: string
  headers?: Record<string, string>
}

export interface CallResult<T> {
  status: number
  headers: Headers
  body: { code: number | string; data: T; msg: string; tips: string }
}

/** What a test may set besides the gateway's options. */
export interface TestOptions {
  /** The test clock's start (default {@link MONDAY_10AM}). */
  start?: string
  /** Changes the composed parties before the gateway takes them (a provider that refuses, say). */
  withParties?: (parties: Parties) => Parties
}

/** Starts a real gateway on a free port with an in-memory database and a movable clock. */
export async function startTestGateway(options: GatewayOptions & TestOptions = {}): Promise<TestGateway> {
  const clock = createClock(options.start)
  const logs: string[] = []
  const { start: _start, withParties = (parties) => parties, ...rest } = options
  let emulators: Emulators | undefined
  const gateway = await listenOrClose(
    openGateway(
      resolveGatewaySettings({
        demo: true,
        now: clock.now,
        log: (line) => logs.push(line),
        ...rest,
        // Only when none is given: testDatabase() also drops the PostgreSQL databases it made that nothing uses
        // now, and a test may be about to start a gateway on one of those (a copy it made, say).
        db: rest.db ?? testDatabase(),
      }),
      // The parties the gateway composes, with the emulators behind them kept for the test.
      (ctx, partyOptions) => {
        const composition = composeParties(ctx, partyOptions)
        emulators = composition.emulators
        return withParties(composition.parties)
      },
    ),
  )
  const call = async <T>(method: string, path: string, init: CallInit = {}): Promise<CallResult<T>> => {
    const headers: Record<string, string> = { ...init.headers }
    if (init.auth !== undefined) headers.authorization = init.auth
    let body: string | undefined = init.raw
    if (body !== undefined) headers['content-type'] ??= 'application/json'
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(`${gateway.apiUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    })
    const text = await res.text()
    // A pixel or a plain-text page is kept as its text; anything else the gateway answers is JSON.
    const json = /json/.test(res.headers.get('content-type') ?? 'application/json')
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (json ? JSON.parse(text) : text) : undefined,
    }
  }
  const lastCode = (phone: string) => {
    if (emulators) return emulators.messages.sentCodes(phone).at(-1)?.code
    const line = [...logs].reverse().find((l) => l.startsWith(`sms code for ${maskPhone(phone)}: `))
    return line?.match(/(\d{6})$/)?.[1]
  }
  const signIn = async (phone: string) => {
    const sent = await call('POST', '/auth/sms', { body: { phone, consent: TERMS_VERSION } })
    if (sent.body.code !== 200) throw new Error(`sms refused: ${sent.body.msg}`)
    const code = lastCode(phone)
    const login = await call<{ head: string; token: string }>('POST', '/auth/login', {
      body: { phone, code },
    })
    if (login.body.code !== 200) throw new Error(`login refused: ${login.body.msg}`)
    return `${login.body.data.head}${login.body.data.token}`
  }
  return { ...gateway, clock, logs, emulators, call, lastCode, signIn }
}
