import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Route = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>

export interface TestServer {
  /** e.g. http://127.0.0.1:40123 */
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Starts an HTTP server on 127.0.0.1 and a free port. `handler` gets the whole request body.
 * Every open socket is destroyed on close, so a test never hangs on a keep-alive connection.
 */
export async function startServer(handler: Route): Promise<TestServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      Promise.resolve(handler(req, res, Buffer.concat(chunks))).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
