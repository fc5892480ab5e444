import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { describe, it, test } from 'node:test'
import { appPorts, npmAncestor, waitForHealth, watchProcess } from './start-helpers.mjs'

test('appPorts: the app on PORT (8080), the gateway on the next port unless GATEWAY_PORT says', () => {
  assert.deepEqual(appPorts({}), { appPort: 8080, gatewayPort: 8081 })
  assert.deepEqual(appPorts({ PORT: '9000' }), { appPort: 9000, gatewayPort: 9001 })
  assert.deepEqual(appPorts({ PORT: '9000', GATEWAY_PORT: '7000' }), { appPort: 9000, gatewayPort: 7000 })
  assert.deepEqual(appPorts({ PORT: '65535' }), { appPort: 65535, gatewayPort: 65534 })
})

test('appPorts: a bad or clashing port is a clear error', () => {
  assert.throws(() => appPorts({ PORT: 'eighty' }), /PORT must be a number from 1 to 65535; got "eighty"/)
  assert.throws(() => appPorts({ PORT: '0' }), /PORT must be a number/)
  assert.throws(() => appPorts({ GATEWAY_PORT: '70000' }), /GATEWAY_PORT must be a number/)
  assert.throws(() => appPorts({ PORT: '9000', GATEWAY_PORT: '9000' }), /must differ; both are 9000/)
})

test('waitForHealth: resolves once the server answers 200; rejects with the last answer after the timeout', async () => {
  let calls = 0
  const server = createServer((_req, res) => {
    calls++
    res.writeHead(calls < 3 ? 503 : 200).end()
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${server.address().port}/healthz`
  try {
    await waitForHealth(url, { timeoutMs: 5_000 })
    assert.equal(calls, 3)
  } finally {
    server.close()
  }
  await assert.rejects(
    waitForHealth(url, { timeoutMs: 300 }),
    /did not answer 200 within 0.3 s \(last: ECONNREFUSED\)/,
  )
})

describe('npmAncestor', () => {
  const tree = {
    30: { ppid: 20, cmdline: 'node scripts/start.mjs' },
    20: { ppid: 10, cmdline: 'sh -c sh scripts/with-toolchain.sh sh scripts/start.sh' },
    10: { ppid: 1, cmdline: 'npm start' },
  }
  const read = (pid) => tree[pid]
  it('finds the npm process a script runs under, through its shells', () => {
    assert.equal(npmAncestor(30, read), 10)
  })
  it('answers undefined outside npm, or when a process cannot be read', () => {
    assert.equal(
      npmAncestor(30, (pid) => (pid === 10 ? { ppid: 1, cmdline: 'bash' } : tree[pid])),
      undefined,
    )
    assert.equal(
      npmAncestor(30, () => undefined),
      undefined,
    )
    assert.equal(npmAncestor(1, read), undefined)
  })
  it('reads Linux’s /proc by default: a process started as `npm` is found above its grandchild', async () => {
    const { spawn } = await import('node:child_process')
    const helpers = new URL('./start-helpers.mjs', import.meta.url).href
    const grandchild = `import { npmAncestor } from ${JSON.stringify(helpers)}; console.log(npmAncestor(process.ppid))`
    const launcher = `require('node:child_process').spawnSync(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(grandchild)}], { stdio: 'inherit' })`
    // argv0 is what /proc/<pid>/cmdline starts with: this child looks like `npm start`.
    const child = spawn(process.execPath, ['-e', launcher], {
      argv0: 'npm start',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    await new Promise((resolve) => child.on('exit', resolve))
    assert.equal(out.trim(), String(child.pid))
  })
})

describe('watchProcess', () => {
  it('calls back once when the process is gone, not before', async () => {
    let alive = true
    let calls = 0
    watchProcess(42, () => calls++, { intervalMs: 5, isAlive: () => alive })
    await new Promise((resolve) => setTimeout(resolve, 30))
    assert.equal(calls, 0)
    alive = false
    await new Promise((resolve) => setTimeout(resolve, 30))
    assert.equal(calls, 1)
  })
  it('a real process: alive while it runs, gone once it exits', async () => {
    const { spawn } = await import('node:child_process')
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 200)'])
    let gone = false
    watchProcess(
      child.pid,
      () => {
        gone = true
      },
      { intervalMs: 20 },
    )
    await new Promise((resolve) => setTimeout(resolve, 80))
    assert.equal(gone, false)
    await new Promise((resolve) => child.on('exit', resolve))
    await new Promise((resolve) => setTimeout(resolve, 80))
    assert.equal(gone, true)
  })
})
