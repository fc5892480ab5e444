import { expect, test } from 'vitest'
import { type CliIo, runCli } from './cli'

function fakeIo(env: Record<string, string>) {
  const handlers = new Map<string, () => void>()
  const lines: string[] = []
  let resolveExit: (code: number) => void = () => {}
  const exited = new Promise<number>((resolve) => {
    resolveExit = resolve
  })
  const io: CliIo = {
    env,
    cwd: process.cwd(),
    onSignal: (signal, handler) => handlers.set(signal, handler),
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
    exit: (code) => resolveExit(code),
  }
  return { io, lines, exited, signal: (name: string) => handlers.get(name)?.() }
}

const ENV = { PORT: '0', GATEWAY_DB: ':memory:', GATEWAY_DEMO: '1' }

test.each(['SIGTERM', 'SIGINT'])(
  'on %s the command line finishes the in-flight request, then exits 0',
  async (signal) => {
    const { io, lines, exited, signal: send } = fakeIo(ENV)
    const gw = await runCli(io)
    if (!gw) throw new Error('did not start')
    expect(lines[0]).toContain(`xdance gateway on ${gw.url}/`)
    await fetch(`${gw.apiUrl}/__dev/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/org', delayMs: 200 }),
    })
    const inFlight = fetch(`${gw.apiUrl}/org`)
    while (((await (await fetch(`${gw.apiUrl}/__dev/faults`)).json()) as unknown[]).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    send(signal)
    expect((await (await inFlight).json()).code).toBe(200)
    expect(await exited).toBe(0)
    expect(lines.join('\n')).toContain(`${signal}: finishing in-flight requests, then closing the database`)
    expect(lines.at(-1)).toBe('[gateway] stopped')
  },
)

test('a bad environment is reported in one line and exits 1', async () => {
  const { io, lines, exited } = fakeIo({ PORT: 'eighty' })
  expect(await runCli(io)).toBeUndefined()
  expect(await exited).toBe(1)
  expect(lines).toEqual(['[gateway] could not start: PORT must be a number from 0 to 65535; got "eighty".'])
})

test('a second signal exits at once with 1', async () => {
  const { io, exited, signal: send } = fakeIo({ ...ENV, GATEWAY_DEMO: '0' })
  const gw = await runCli(io)
  send('SIGTERM')
  send('SIGTERM')
  expect(await exited).toBe(1)
  await gw?.close()
})

test('demo mode on a non-loopback HOST does not start, and says how to do it on purpose', async () => {
  const { io, lines, exited } = fakeIo({ ...ENV, HOST: '0.0.0.0' })
  expect(await runCli(io)).toBeUndefined()
  expect(await exited).toBe(1)
  expect(lines.join('\n')).toMatch(/could not start: Demo mode on 0\.0\.0\.0.*GATEWAY_DEMO_PUBLIC=1/)
})

test('the address really bound is printed, and a non-loopback HOST comes with a warning', async () => {
  const { io, lines } = fakeIo({ ...ENV, HOST: '0.0.0.0', GATEWAY_DEMO_PUBLIC: '1' })
  const gw = await runCli(io)
  try {
    expect(lines).toContain(`[gateway] listening on 0.0.0.0:${gw?.port}`)
    expect(lines.join('\n')).toMatch(/warning: HOST=0\.0\.0\.0 is not a loopback address.*dev API stays off/)
  } finally {
    await gw?.close()
  }
})

test('on loopback there is no warning, and an IPv6 address is printed in brackets', async () => {
  const { io, lines } = fakeIo({ ...ENV, HOST: '::1' })
  const gw = await runCli(io)
  try {
    expect(lines).toContain(`[gateway] listening on [::1]:${gw?.port}`)
    expect(gw?.url).toBe(`http://[::1]:${gw?.port}`)
    expect(lines.join('\n')).not.toContain('warning')
  } finally {
    await gw?.close()
  }
})
