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
}

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
  const server = await startServer((req, res, body) => {
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
      received.length = 0
    },
  }
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
