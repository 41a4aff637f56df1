/**
 * Sessions benchmark: what a session costs the mock's HTTP server. Prints
 *
 * 1. memory: the heap an empty session takes (its mock with the demo merchant, its app), and a session holding
 *    100 paid orders (made over HTTP: order, payment, webhook, two logged requests each), measured in a child
 *    process (heap after a full collection, over 100 and 20 sessions), beside the estimate the server's
 *    `--max-session-memory-mb` counts with;
 * 2. the time to make one: in code (`server.sessions.create()`), and over HTTP (`POST /__mock/sessions` from
 *    this process to a server in its own process, each ended again with `DELETE`): median and p99;
 * 3. throughput: autocannon with 8 connections (8 parallel clients) on the server, cycling list stores and
 *    balance inquiry, once on one session and once spread over 100 sessions (each connection cycling through
 *    all of them), in interleaved rounds: requests per second and p99 latency, each the median of the rounds,
 *    and the ratio of 100 sessions to one.
 *
 * A measurement, not a test: it exits 0 whatever the figures (1 only if it could not run).
 *
 *   npm run bench:sessions -w @merchant-gateway/mock                    # 3 rounds of 5 s each
 *   npm run bench:sessions -w @merchant-gateway/mock -- --rounds 5 --seconds 10
 */
import { spawn, spawnSync } from 'node:child_process'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { serverReady } from './server-ready.js'

const CHILD = fileURLToPath(new URL('./sessions.child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const KEY = { 'X-Api-Key': 'mk_test_demo' }
const CLIENTS = 8
const SESSIONS = 100

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' } },
})
const rounds = Number(values.rounds)
const seconds = Number(values.seconds)
if (!Number.isInteger(rounds) || rounds < 1 || !(seconds >= 1)) {
  console.error('usage: --rounds <n> --seconds <s>')
  process.exit(1)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  )

/** The two requests each connection cycles through, under a base path (a session's `/s/<id>`). */
const requestsUnder = (base: string): autocannon.Request[] => [
  { method: 'POST', path: `${base}${GATEWAY_PATHS.listStores}`, headers: KEY },
  { method: 'POST', path: `${base}${GATEWAY_PATHS.balanceInquiry}`, headers: KEY },
]

function memoryFigures(): void {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@merchant-gateway/source', '--import', 'tsx', '--expose-gc', CHILD, 'memory'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  if (run.status !== 0) throw new Error(`the memory child failed: ${run.stderr}`)
  const m = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
    emptyBytes: number
    emptyEstimate: number
    withOrdersBytes: number
    withOrdersEstimate: number
    records: Record<string, number>
    requestLog: number
    createMs: number[]
  }
  const held = Object.entries(m.records)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ')
  console.log('Memory (heap after a full GC, per session; the estimate is what --max-session-memory-mb counts)')
  console.log(`  empty session (demo merchant):   ${kb(m.emptyBytes).padStart(10)}   estimate ${kb(m.emptyEstimate)}`)
  console.log(
    `  session with 100 paid orders:    ${kb(m.withOrdersBytes).padStart(10)}   estimate ${kb(m.withOrdersEstimate)}` +
      `   (${held}; ${m.requestLog} logged requests)`,
  )
  console.log(
    `Making a session in code (server.sessions.create()): median ${median(m.createMs).toFixed(2)} ms, ` +
      `p99 ${percentile(m.createMs, 0.99).toFixed(2)} ms (${m.createMs.length} sessions)`,
  )
}

async function httpCreateFigures(url: string): Promise<void> {
  const times: number[] = []
  for (let i = 0; i < 200; i++) {
    const started = performance.now()
    const res = await fetch(`${url}/__mock/sessions`, { method: 'POST' })
    const { id } = (await res.json()) as { id: string }
    times.push(performance.now() - started)
    await fetch(`${url}/__mock/sessions/${id}`, { method: 'DELETE' })
  }
  times.sort((a, b) => a - b)
  console.log(
    `Making a session over HTTP (POST /__mock/sessions, another process): median ${median(times).toFixed(2)} ms, ` +
      `p99 ${percentile(times, 0.99).toFixed(2)} ms (200 sessions, each ended after)`,
  )
}

/** One load run's figures: requests per second, p99 latency (ms), answers that were not 2xx or failed. */
interface Run {
  rps: number
  p99: number
  bad: number
}

async function load(url: string, requests: autocannon.Request[]): Promise<Run> {
  const result = await autocannon({ url, connections: CLIENTS, duration: seconds, requests })
  return { rps: result.requests.total / seconds, p99: result.latency.p99, bad: result.non2xx + result.errors }
}

async function throughputFigures(url: string): Promise<void> {
  const make = async () => {
    const res = await fetch(`${url}/__mock/sessions`, { method: 'POST' })
    return `/s/${((await res.json()) as { id: string }).id}`
  }
  const one = requestsUnder(await make())
  const bases: string[] = []
  for (let i = 0; i < SESSIONS; i++) bases.push(await make())
  const spread = bases.flatMap(requestsUnder)
  // Warm-up, not reported: the JIT and the first collections of a fresh server.
  await autocannon({ url, connections: CLIENTS, duration: 2, requests: spread })
  const figures: { one: Run[]; many: Run[] } = { one: [], many: [] }
  for (let round = 1; round <= rounds; round++) {
    figures.one.push(await load(url, one))
    figures.many.push(await load(url, spread))
    const [a, b] = [figures.one.at(-1)!, figures.many.at(-1)!]
    console.log(
      `  round ${round}: one session ${a.rps.toFixed(0)} req/s p99 ${a.p99} ms; ` +
        `${SESSIONS} sessions ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms`,
    )
  }
  const line = (label: string, runs: readonly Run[]) => {
    const rps = median(runs.map((r) => r.rps)).toFixed(0)
    const p99 = String(median(runs.map((r) => r.p99)))
    const bad = runs.reduce((n, r) => n + r.bad, 0)
    return `  ${label.padEnd(14)} ${rps.padStart(7)} req/s   p99 ${p99.padStart(4)} ms   (${bad} non-2xx or errors)`
  }
  console.log(`Throughput, ${CLIENTS} parallel clients, medians of ${rounds} rounds of ${seconds} s:`)
  console.log(line('one session', figures.one))
  console.log(line(`${SESSIONS} sessions`, figures.many))
  const ratio = median(figures.many.map((r, i) => r.rps / figures.one[i]!.rps))
  console.log(`  ${SESSIONS} sessions / one session, requests per second: ${ratio.toFixed(2)}x (median of the rounds)`)
}

console.log(`Sessions benchmark: Node ${process.version}, ${os.cpus().length} CPUs\n`)
const child = spawn(process.execPath, ['--conditions=@merchant-gateway/source', '--import', 'tsx', CHILD, 'serve'], {
  // Its stdin is a pipe from this process: when this process is gone, the pipe ends and the server with it.
  cwd: ROOT,
  stdio: ['pipe', 'ignore', 'pipe'],
})
try {
  memoryFigures()
  const url = await serverReady(child, 'the sessions')
  child.stderr!.resume()
  await httpCreateFigures(url)
  await throughputFigures(url)
} catch (error) {
  console.error('bench:sessions could not run:', error)
  process.exitCode = 1
} finally {
  child.kill('SIGKILL')
}
