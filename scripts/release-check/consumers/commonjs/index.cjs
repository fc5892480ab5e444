// A CommonJS Node program using the packages from the registry. They are ES modules only (their `exports` have no
// `require` condition), and their engines floor, Node 22.12, is the first Node whose require() loads an ES module
// without a flag (none of them has top-level await): so require() is the way, and `await import()` works too and
// gives the same module. Node 22.12 to 23.4 print an ExperimentalWarning for it; later versions do not.
//
//   node index.cjs http://127.0.0.1:PORT/dance-gateway   (a server answering GET /ping with an envelope)
const assert = require('node:assert/strict')
const { isPhone, SUCCESS_CODE, VISIT_REPORT_PATH } = require('@xdance/contract')
const { envelopeSchema } = require('@xdance/contract/schemas')
const { createGatewayClient, GatewayError } = require('@xdance/http')
const { detectMode, getCookie } = require('@xdance/session')
const { createTracker, TrackerError } = require('@xdance/tracker')
const { getQueryParam, withQuery } = require('@xdance/url')

async function main(gateway) {
  const url = withQuery('/courses', { page: 2, tags: ['a', 'b'] })
  assert.equal(url, '/courses?page=2&tags=a&tags=b')
  assert.equal(getQueryParam(url, 'page'), '2')
  assert.equal(isPhone('13800138000'), true)
  // A schema factory: envelopeSchema(dataSchema) is the schema of an envelope carrying that data.
  assert.equal(typeof envelopeSchema, 'function')
  // Outside a browser the session has no cookies and keeps its storage in memory.
  assert.equal(getCookie('xdance-token'), undefined)
  assert.equal(detectMode(), 'web')
  // Creating a tracker on a server is safe: it touches nothing until started.
  assert.equal(typeof createTracker({ reportURL: VISIT_REPORT_PATH }).routeChanged, 'function')
  assert.throws(
    () => createTracker({ reportURL: '' }),
    (error) => TrackerError.isInstance(error),
  )

  // One real call through the http client, on the loopback server the release check runs.
  const client = createGatewayClient({ baseURL: gateway })
  const pong = await client.get('/ping', { query: { from: 'commonjs' } })
  assert.deepEqual(pong, { pong: true, from: 'commonjs' })
  const refused = await client.get('/refused').catch((error) => error)
  assert.ok(GatewayError.isInstance(refused), `expected a GatewayError, got ${refused}`)

  // The same modules through import(): one instance, whichever way they were loaded.
  const viaImport = await import('@xdance/url')
  assert.equal(viaImport.withQuery, withQuery)

  return { node: process.version, successCode: SUCCESS_CODE, url, pong, refusedCode: refused.code }
}

main(process.argv[2]).then(
  (result) => console.log(JSON.stringify(result)),
  (error) => {
    console.error(error)
    process.exitCode = 1
  },
)
