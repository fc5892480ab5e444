import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { test } from 'node:test'
import { appPorts, waitForHealth } from './start-helpers.mjs'

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
