// A real HTTP server on 127.0.0.1 standing for the gateway, recording every request it receives.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { startServer, type TestServer } from '@xdance/testkit'

export interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  index: number,
) => void | Promise<void>

export interface TestGateway extends TestServer {
  /** `url` + '/dance-gateway', what clients use as baseURL. */
  baseURL: string
  received: Received[]
  /** Sets how the next requests are answered (the index counts requests since the last `answer`). */
  answer(handler: Handler): void
  /**
   * How many times `answer` was called. A request carrying {@link GENERATION_HEADER} of an earlier one is stale: sent
   * before that `answer` (by an earlier test, whose client gave up on it) and reaching the server only now, on a busy
   * machine. It is neither recorded nor counted, and its connection is closed.
   */
  readonly generation: number
}

/** The header `clientSuite` stamps on each request to its gateway: the gateway's generation when it was sent. */
export const GENERATION_HEADER = 'x-test-generation'

export const send = (res: ServerResponse, status: number, body: string, type = 'application/json'): void => {
  res.writeHead(status, { 'content-type': type })
  res.end(body)
}

/** An envelope answer. */
export const envelope =
  (value: unknown, status = 200): Handler =>
  (_req, res) =>
    send(res, status, JSON.stringify(value))

export async function startGateway(): Promise<TestGateway> {
  const received: Received[] = []
  let handler: Handler = envelope({ code: 200, data: null })
  let count = 0
  let generation = 0
  const server = await startServer((req, res, body) => {
    const stamp = req.headers[GENERATION_HEADER]
    if (stamp !== undefined && Number(stamp) !== generation) {
      res.destroy()
      return
    }
    delete req.headers[GENERATION_HEADER]
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: body.toString(),
    })
    return handler(req, res, body, count++)
  })
  return {
    ...server,
    baseURL: `${server.url}/dance-gateway`,
    received,
    answer(next) {
      handler = next
      count = 0
      generation++
      received.length = 0
    },
    get generation() {
      return generation
    },
  }
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
