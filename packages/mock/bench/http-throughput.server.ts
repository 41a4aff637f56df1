/**
 * One server for the throughput bench (http-throughput.bench.ts), in a process of its own: `bare` (a
 * node:http server answering the mock's own bytes for list stores and create order), `mock` (the mock's
 * HTTP server, no log), `mock-no-journal` (the same, keeping no requests for `GET /__mock/requests`: the
 * `--quiet --keep-requests 0` of a mock tuned for load), or `mock-log` (the mock's HTTP server printing one
 * line per request to stdout, as `npm start` does). Prints `ready <url>` on stderr once listening. The mock
 * comes from its package: the built dist/ when Node runs this file, the sources under the
 * `@merchant-gateway/source` condition (bench/server-command.ts).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMockGateway } from '@merchant-gateway/mock'
import { DEMO_MERCHANT, startMockServer } from '@merchant-gateway/mock/server'

const mode = process.argv[2]
const clock = { now: '2026-11-02T09:00:00Z', frozen: true }

if (mode === 'bare') {
  // The same answers the mock gives, as fixed bytes: what Node's HTTP stack alone costs.
  const mock = createMockGateway({ clock, seed: [DEMO_MERCHANT] })
  const post = (path: string, body?: string) =>
    mock
      .fetch(`${mock.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'X-Api-Key': DEMO_MERCHANT.apiKey, 'Content-Type': 'application/json' },
        body,
      })
      .then((r) => r.text())
  const stores = await post('/api/v1/payment-gateway/stores/list')
  const order = await post(
    '/api/v1/payment-gateway/order/create',
    JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
  )
  const server = createServer((req, res) => {
    req
      .resume()
      .on('end', () =>
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(req.url?.endsWith('/order/create') ? order : stores),
      )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  console.error(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`)
} else {
  const server = await startMockServer({
    port: 0,
    clock,
    seed: [DEMO_MERCHANT],
    tickMs: 0,
    ...(mode === 'mock-no-journal' ? { requestLogLimit: 0 } : {}),
    log:
      mode === 'mock-log'
        ? (line) => process.stdout.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`)
        : undefined,
  })
  console.error(`ready ${server.url}`)
}

// A clean exit on SIGINT, so that `node --cpu-prof` can write its profile when a profiling run stops it.
process.once('SIGINT', () => process.exit(0))
