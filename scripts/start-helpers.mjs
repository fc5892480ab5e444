// Pure parts of scripts/start.mjs, tested by start-helpers.test.mjs.

/**
 * The two ports of `npm start`: the app's (PORT, default 8080) and the gateway's (GATEWAY_PORT, default the next
 * one). Throws a clear error for a port that is not a number from 1 to 65535, or for the two being the same.
 *
 * @example
 * appPorts({ PORT: '9000' }) // { appPort: 9000, gatewayPort: 9001 }
 */
export function appPorts(env) {
  const read = (name, text) => {
    if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65_535)
      throw new Error(`${name} must be a number from 1 to 65535; got ${JSON.stringify(text)}.`)
    return Number(text)
  }
  const appPort = read('PORT', env.PORT || '8080')
  const gatewayPort = read(
    'GATEWAY_PORT',
    env.GATEWAY_PORT || String(appPort === 65_535 ? appPort - 1 : appPort + 1),
  )
  if (gatewayPort === appPort) throw new Error(`PORT and GATEWAY_PORT must differ; both are ${appPort}.`)
  return { appPort, gatewayPort }
}

/**
 * Resolves once `url` answers 200, asking every 100 ms; rejects after `timeoutMs` with what it last saw.
 *
 * @example
 * await waitForHealth('http://127.0.0.1:8081/healthz', { timeoutMs: 30_000 })
 */
export async function waitForHealth(url, { timeoutMs = 30_000, fetchImpl = fetch } = {}) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(2_000) })
      if (res.status === 200) return
      last = `HTTP ${res.status}`
    } catch (error) {
      last = error.cause?.code ?? error.message
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`)
}
