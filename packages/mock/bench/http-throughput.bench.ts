/**
 * Benchmark: the mock's HTTP server against a bare `node:http` server answering the same JSON, under load
 * (autocannon, 10 connections, loopback), for list stores and create order: requests per second and the
 * server process's CPU time per request, with the per-request log line on (`log`, as `npm start` prints)
 * and off (`--quiet`). Each server runs in a child process of its own, so its CPU time is its own
 * (read from /proc); the rounds interleave the servers so the machine's drift hits all alike, and the
 * figures are medians. Goals: list stores at least 0.5x of bare node:http's requests per second and at most 2.0x
 * its CPU per request, create order at least 0.36x and at most 2.8x. A measurement, not a test: it always exits 0.
 *
 * `-- --against DIR` runs the mock servers of another checkout too (DIR: a worktree of the commit to compare
 * with, its dependencies installed), in the same interleaved rounds, and prints this tree's requests per second
 * and CPU per request against that tree's, as the median of the rounds' ratios: a change's cost on a machine
 * whose speed drifts.
 *
 * The servers run the built package, as users run it (built first; `--no-build` when it is; `--source` runs the
 * sources through tsx instead: bench/server-command.ts).
 *
 *   npm run bench:http -w @merchant-gateway/mock      (ONLY='create order' for one operation)
 *   git worktree add ../before HEAD~1 && (cd ../before && npm ci)
 *   npm run bench:http -w @merchant-gateway/mock -- --against ../before
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, measuredOn, serverArguments } from './server-command.js'
import { serverReady } from './server-ready.js'
import autocannon from 'autocannon'

const ROUNDS = Number(process.env.ROUNDS ?? 3)
const SECONDS = Number(process.env.SECONDS ?? 3)
const CONNECTIONS = 10
/** At least this share of bare node:http's requests/s, and at most this multiple of its CPU per request. */
const GOALS = { 'list stores': 0.5, 'create order': 0.36 } as const
const CPU_GOALS = { 'list stores': 2.0, 'create order': 2.8 } as const
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const AGAINST = ((at) => (at === -1 ? undefined : resolve(process.argv[at + 1] ?? '.')))(
  process.argv.indexOf('--against'),
)
const TICKS = 100 // USER_HZ: /proc reports CPU time in 1/100 s
/** `ONLY='create order'` (or `'list stores'`) measures that operation alone. */
const ONLY = process.env.ONLY

interface Server {
  name: string
  child: ChildProcess
  url: string
}

async function start(mode: 'bare' | 'mock' | 'mock-log', root = ROOT): Promise<Server> {
  // `node`, not a wrapper command: the server is then this process itself, whose CPU time /proc reports.
  // The server's log lines (mode `mock-log`) go to /dev/null, as to a file: what is measured is what the log
  // costs the server, not how fast this process reads a pipe. `ready <url>` comes on stderr.
  const child = spawn(process.execPath, [...serverArguments(root), mode], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  const url = await serverReady(child, mode)
  child.stderr!.resume()
  const name = mode === 'bare' ? 'bare node:http' : mode === 'mock' ? 'mock server (--quiet)' : 'mock server (log on)'
  return { name: root === ROOT ? name : `${name} @against`, child, url }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}

const REQUESTS = {
  'list stores': {
    method: 'POST',
    path: '/api/v1/payment-gateway/stores/list',
    headers: { 'X-Api-Key': 'mk_test_demo' },
  },
  'create order': {
    method: 'POST',
    path: '/api/v1/payment-gateway/order/create',
    headers: { 'X-Api-Key': 'mk_test_demo', 'Content-Type': 'application/json' },
    body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
  },
} as const

async function load(
  server: Server,
  request: (typeof REQUESTS)[keyof typeof REQUESTS],
): Promise<{ rps: number; cpuUsPerRequest: number; non2xx: number }> {
  const before = cpuSeconds(server.child.pid!)
  const result = await autocannon({
    url: `${server.url}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: 'body' in request ? request.body : undefined,
    connections: CONNECTIONS,
    duration: SECONDS,
  })
  const cpu = cpuSeconds(server.child.pid!) - before
  const total = result.requests.total
  return {
    rps: result.requests.average,
    cpuUsPerRequest: total > 0 ? (cpu * 1e6) / total : Number.NaN,
    non2xx: result.non2xx + result.errors,
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** This tree's mock servers against the other checkout's, round by round: the median ratio and each round's. */
function againstLines(samples: Map<string, { rps: number[]; cpu: number[] }>, against: string): void {
  for (const name of ['mock server (--quiet)', 'mock server (log on)']) {
    const here = samples.get(name)!
    const there = samples.get(`${name} @against`)!
    const rps = here.rps.map((x, i) => x / there.rps[i]!)
    const cpu = here.cpu.map((x, i) => x / there.cpu[i]!)
    console.log(
      `  ${name} against ${against}: req/s ${median(rps).toFixed(3)}x [${rps.map((r) => r.toFixed(2)).join(' ')}], ` +
        `CPU/request ${median(cpu).toFixed(3)}x [${cpu.map((r) => r.toFixed(2)).join(' ')}]`,
    )
  }
}

buildServer(ROOT)
if (AGAINST) buildServer(AGAINST)
const servers = [await start('bare'), await start('mock'), await start('mock-log')]
if (AGAINST) servers.push(await start('mock', AGAINST), await start('mock-log', AGAINST))
try {
  console.log(
    `HTTP throughput: autocannon, ${CONNECTIONS} connections, ${SECONDS} s ` +
      `a round, ${ROUNDS} interleaved rounds, Node ${process.version}, ${os.cpus().length} ` +
      `CPUs; the mock from ${measuredOn()}`,
  )
  for (const [label, request] of Object.entries(REQUESTS).filter(([label]) => ONLY === undefined || label === ONLY)) {
    const samples = new Map(servers.map((s) => [s.name, { rps: [] as number[], cpu: [] as number[], bad: 0 }]))
    for (const server of servers) await load(server, request) // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      // Every other round the other way round: no server always goes first.
      for (const server of r % 2 ? [...servers].reverse() : servers) {
        const { rps, cpuUsPerRequest, non2xx } = await load(server, request)
        const s = samples.get(server.name)!
        s.rps.push(rps)
        s.cpu.push(cpuUsPerRequest)
        s.bad += non2xx
      }
    }
    const bare = median(samples.get('bare node:http')!.rps)
    const bareCpu = median(samples.get('bare node:http')!.cpu)
    const rpsGoal = GOALS[label as keyof typeof GOALS]
    const cpuGoal = CPU_GOALS[label as keyof typeof CPU_GOALS]
    console.log(`\n${label}`)
    for (const [name, s] of samples) {
      if (name.endsWith('@against')) continue
      const rps = median(s.rps)
      const ratio = rps / bare
      const cpuRatio = median(s.cpu) / bareCpu
      const goal =
        name === 'bare node:http'
          ? ''
          : `  ratio ${ratio.toFixed(2)}x bare (goal >= ${rpsGoal}x: ${ratio >= rpsGoal ? 'met' : 'NOT met'}), ` +
            `CPU ${cpuRatio.toFixed(2)}x bare's (goal <= ${cpuGoal}x: ${cpuRatio <= cpuGoal ? 'met' : 'NOT met'})`
      console.log(
        `  ${name.padEnd(24)} ${rps.toFixed(0).padStart(7)} req/s  ${median(s.cpu).toFixed(1).padStart(6)} ` +
          `us CPU/request${goal}${s.bad ? `  (${s.bad} non-2xx!)` : ''}`,
      )
    }
    if (AGAINST) againstLines(samples, AGAINST)
  }
} finally {
  for (const server of servers) {
    try {
      process.kill(-server.child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}
