import { fileURLToPath } from 'node:url'
import { GATEWAY_PREFIX } from '@xdance/contract'
import { serveApp } from './serve-app'

/**
 * The app's server from the environment (what `node dist-server/main.js` reads; the README's table):
 * `PORT` (8080), `HOST` (127.0.0.1), `GATEWAY_ORIGIN` (http://127.0.0.1:8081: where the API is forwarded and the
 * pages' data read), `GATEWAY_PREFIX` (/dance-gateway), `APP_DIST` (the browser build beside this file, `../dist`).
 * Throws a clear error for a bad value.
 *
 * @example
 * readAppServerEnv({ PORT: '9000', GATEWAY_ORIGIN: 'http://10.0.0.5:8081' })
 */
export function readAppServerEnv(env: Readonly<Record<string, string | undefined>>) {
  const port = env.PORT ?? '8080'
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65_535)
    throw new Error(`PORT must be a number from 0 to 65535; got ${JSON.stringify(port)}.`)
  const gatewayOrigin = env.GATEWAY_ORIGIN || 'http://127.0.0.1:8081'
  let origin: URL
  try {
    origin = new URL(gatewayOrigin)
  } catch {
    throw new Error(
      `GATEWAY_ORIGIN must be an http origin such as http://127.0.0.1:8081; got ${JSON.stringify(gatewayOrigin)}.`,
    )
  }
  if (!/^https?:$/.test(origin.protocol) || origin.pathname !== '/' || origin.search || origin.hash)
    throw new Error(
      `GATEWAY_ORIGIN must be an http origin such as http://127.0.0.1:8081 (no path); got ${JSON.stringify(gatewayOrigin)}.`,
    )
  const prefix = env.GATEWAY_PREFIX || GATEWAY_PREFIX
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(prefix))
    throw new Error(`GATEWAY_PREFIX must look like /dance-gateway; got ${JSON.stringify(prefix)}.`)
  return {
    port: Number(port),
    host: env.HOST || '127.0.0.1',
    gatewayOrigin: origin.origin,
    prefix,
    dist: env.APP_DIST || fileURLToPath(new URL('../dist', import.meta.url)),
  }
}

// `node dist-server/main.js`: runs until SIGINT or SIGTERM.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const options = readAppServerEnv(process.env)
    const app = await serveApp(options)
    console.log(`xdance app on ${app.url} (API at ${options.gatewayOrigin}${options.prefix})`)
    const stop = () => {
      void app.close().then(() => process.exit(0))
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  } catch (error) {
    console.error(`app server: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
