import { createServer } from 'node:http'

const port = Number(process.env.PORT ?? 8080)
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(
    '<!doctype html><meta charset="utf-8"><title>xdance</title><p>xdance H5: the app and gateway are coming.</p>',
  )
}).listen(port, () => console.log(`xdance placeholder on http://localhost:${port}/`))
