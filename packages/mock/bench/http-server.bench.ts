/**
 * Benchmark: what the HTTP server adds to a request. The same request (list stores, standard auth) is
 * sent through `mock.fetch` in-process, over loopback HTTP to a bare node:http server answering the same
 * bytes (the floor: Node's fetch and the kernel), and over loopback to `startMockServer`; the per-request
 * figures and the ratios are printed. A measurement, not a
 * test: no target, it always exits 0. Run: `npm run bench:server -w @merchant-gateway/mock`.
 *
 * Method: one frozen mock per path; a warm-up, then rounds that alternate between the two paths so drift
 * on a noisy machine hits both alike; the figure is the median of the rounds' per-request CPU time of this
 * process (user + system), which holds both the client and the server: steadier than wall time on a
 * shared machine, and the kernel's loopback work is counted as system time.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { createMockGateway } from '../src/index.js'
import { DEMO_MERCHANT, startMockServer } from '../src/server.js'

const ROUNDS = 7
const REQUESTS = 500
const WARMUP = 500
const clock = { now: '2026-11-02T09:00:00Z', frozen: true }

const inProcess = createMockGateway({ clock, seed: [DEMO_MERCHANT] })
const server = await startMockServer({ port: 0, clock, seed: [DEMO_MERCHANT], tickMs: 0 })
const init = { method: 'POST', headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey } }
// The floor: a bare node:http server answering the same bytes, so the figures separate what loopback HTTP
// and Node's fetch cost from what the mock's server adds.
const stores = await (await inProcess.fetch(`${inProcess.baseUrl}${GATEWAY_PATHS.listStores}`, init)).text()
const bare = createServer((req, res) => {
  req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(stores))
})
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`

const paths = {
  'mock.fetch (in-process)': () => inProcess.fetch(`${inProcess.baseUrl}${GATEWAY_PATHS.listStores}`, init),
  'bare node:http (loopback)': () => fetch(`${bareUrl}${GATEWAY_PATHS.listStores}`, init),
  'mock HTTP server (loopback)': () => fetch(`${server.url}${GATEWAY_PATHS.listStores}`, init),
}

/** CPU time (user + system, this process: client and server both) per request, in microseconds. */
async function round(send: () => Promise<Response>, n: number): Promise<number> {
  const started = process.cpuUsage()
  for (let i = 0; i < n; i++) {
    const res = await send()
    if (res.status !== 200) throw new Error(`unexpected ${res.status}`)
    await res.arrayBuffer()
  }
  const used = process.cpuUsage(started)
  return (used.user + used.system) / n
}

for (const send of Object.values(paths)) await round(send, WARMUP)
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((k) => [k, []]))
for (let r = 0; r < ROUNDS; r++)
  for (const [name, send] of Object.entries(paths)) samples[name]!.push(await round(send, REQUESTS))
await server.close()
bare.closeAllConnections()
bare.close()

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
console.log(`list stores, ${ROUNDS} rounds x ${REQUESTS} requests, Node ${process.version}, ${os.cpus().length} CPUs`)
const figures = Object.entries(samples).map(([name, xs]) => [name, median(xs)] as const)
for (const [name, us] of figures)
  console.log(`  ${name.padEnd(28)} ${us.toFixed(1).padStart(8)} us CPU per request (rounds ${xs(samples[name]!)})`)
const [inproc, floor, ours] = figures.map(([, us]) => us)
console.log(
  `  the server adds ${(ours! - floor!).toFixed(1)} us over a bare ` +
    `node:http server (${(ours! / floor!).toFixed(2)}x); over in-process: ` +
    `${(ours! / inproc!).toFixed(2)}x`,
)

function xs(values: number[]): string {
  return values.map((v) => v.toFixed(0)).join(', ')
}
