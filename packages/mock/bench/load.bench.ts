/**
 * Load benchmark: what the mock's HTTP server takes before it becomes the bottleneck of a team's load test. The
 * server (127.0.0.1, a free port, the demo merchant, no request log) runs in a child process of its own; autocannon
 * drives it open loop at fixed rates (`overallRate`), each connection cycling through create order, the customer's
 * payment of it (control API) and balance inquiry. For each rate it prints, second by second, the requests
 * answered, p50 and p99 latency and the server's RSS, then the step's totals: achieved requests/s against the
 * target, p50/p99, non-2xx answers and RSS at the end. A step that answers less than 95 % of its target is marked:
 * the mock is then the limit. A measurement, not a test: it exits 0 whatever the figures (1 only if it could not
 * run).
 *
 *   npm run bench:load                                   # 200, 800, 1600, 3200 and 6400 requests/s, 10 s each
 *   npm run bench:load -- --rates 200 --seconds 60       # one rate for a minute
 *   npm run bench:load -- --keep-records-seconds 60      # with finished records forgotten (the clock runs)
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { serverReady } from './server-ready.js'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { GATEWAY_PATHS } from '@merchant-gateway/contract'

const SERVER = fileURLToPath(new URL('./load.server.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const API_KEY = { 'X-Api-Key': 'mk_test_demo' }
const JSON_API = { ...API_KEY, 'Content-Type': 'application/json' }

/** The requests each connection cycles through: create an order, the customer pays it, the balance. */
const REQUESTS: autocannon.Request[] = [
  {
    method: 'POST',
    path: GATEWAY_PATHS.createOrder,
    headers: JSON_API,
    body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
    onResponse: (_status, body, context: { orderId?: number }) => {
      context.orderId = Number((JSON.parse(body) as { order_id: string }).order_id)
    },
  },
  {
    method: 'POST',
    path: '/__mock/payments',
    headers: { 'Content-Type': 'application/json' },
    setupRequest: (request, context: { orderId?: number }) => ({
      ...request,
      body: JSON.stringify({ orderId: context.orderId, status: 'SUCCESS' }),
    }),
  },
  { method: 'POST', path: GATEWAY_PATHS.balanceInquiry, headers: API_KEY },
]

const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '200,800,1600,3200,6400' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'keep-records-seconds': { type: 'string' },
  },
})
const rates = values.rates.split(',').map(Number)
const seconds = Number(values.seconds)
const connections = Number(values.connections)
if (rates.some((r) => !Number.isInteger(r) || r < 1) || !(seconds >= 1) || !(connections >= 1)) {
  console.error('usage: --rates <n,n,...> (requests/s) --seconds <s> --connections <n> [--keep-records-seconds <s>]')
  process.exit(1)
}

/** The server's resident set in bytes, from /proc (Linux); `undefined` elsewhere. */
function rss(pid: number): number | undefined {
  const path = `/proc/${pid}/status`
  if (!existsSync(path)) return undefined
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(path, 'utf8'))
  return match ? Number(match[1]) * 1024 : undefined
}
const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1_048_576).toFixed(1)} MB`)

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!

const child = spawn(
  process.execPath,
  ['--conditions=@merchant-gateway/source', '--import', 'tsx', SERVER, values['keep-records-seconds'] ?? 'off'],
  // Its stdin is a pipe from this process: when this process is gone, the pipe ends and the server with it.
  { cwd: ROOT, stdio: ['pipe', 'ignore', 'pipe'] },
)
try {
  const url = await serverReady(child, 'the')
  child.stderr!.resume()
  const pid = child.pid!
  console.log(
    `Load: the mock's HTTP server at ${url}, autocannon open loop, ${connections} connections cycling create order, ` +
      `payment (control API) and balance inquiry; ${seconds} s per rate; keepRecordsSeconds ` +
      `${values['keep-records-seconds'] ?? 'off'}; Node ${process.version}, ${os.cpus().length} CPUs`,
  )
  // Warm-up, not reported: the first seconds of a fresh server (JIT, first GCs) are slower than the rest.
  await autocannon({ url, connections, overallRate: rates[0]!, duration: 3, requests: REQUESTS })
  console.log(`RSS after 3 s of warm-up at ${rates[0]} requests/s: ${mb(rss(pid))}`)
  const summary: string[] = []
  for (const rate of rates) {
    console.log(`\n${rate} requests/s\n     s   answered   p50 ms   p99 ms        RSS`)
    let window: number[] = []
    let second = 0
    let done: (result: autocannon.Result) => void = () => undefined
    let failed: (error: Error) => void = () => undefined
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      done = resolve
      failed = reject
    })
    const instance = autocannon(
      { url, connections, overallRate: rate, duration: seconds, requests: REQUESTS },
      (error, result) => (error ? failed(error) : done(result)),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => window.push(responseTime))
    instance.on('tick', () => {
      second++
      if (window.length === 0) return // autocannon's last tick, after the duration
      const sorted = window.sort((a, b) => a - b)
      console.log(
        `${String(second).padStart(6)} ${String(sorted.length).padStart(10)} ${percentile(sorted, 0.5)
          .toFixed(1)
          .padStart(8)} ${percentile(sorted, 0.99).toFixed(1).padStart(8)} ${mb(rss(pid)).padStart(10)}`,
      )
      window = []
    })
    const result = await finished
    const achieved = result.requests.total / seconds
    const bad = result.non2xx + result.errors + result.timeouts
    const limit = achieved < rate * 0.95
    const line =
      `${String(rate).padStart(5)} req/s target: ${achieved.toFixed(0).padStart(5)} req/s answered, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${bad} non-2xx or errors, ` +
      `RSS ${mb(rss(pid))}${limit ? '  <- the mock is the limit here' : ''}`
    console.log(line)
    summary.push(line)
  }
  console.log('\nSummary')
  for (const line of summary) console.log(`  ${line}`)
} catch (error) {
  console.error('bench:load could not run:', error)
  process.exitCode = 1
} finally {
  child.kill('SIGKILL')
}
