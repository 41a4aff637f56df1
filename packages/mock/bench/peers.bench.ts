/**
 * Benchmark: this mock's HTTP server against its peers under load, for list stores and create order: a bare
 * `node:http` server answering the mock's own bytes (the floor: Node's HTTP stack alone), WireMock 3 (the
 * standalone jar of the npm registry's `wiremock` package, on Debian's Java 17) answering the same bytes from
 * a stub, and the mock's server, which runs the domain: authentication, the store's records, a new order per
 * create order. The mock's server runs twice: tuned as WireMock is (below: no request journal, `--keep-requests
 * 0`; no log, `--quiet`), the goal's comparison, and with its default journal of the last 1 000 requests
 * (`--quiet` alone), a figure. autocannon (10 connections, loopback) drives each in turn; each server is a process
 * of its own, so its CPU time is its own (from /proc: for WireMock, every thread of the JVM, its JIT compiler
 * and collector included). Rounds interleave the servers so the machine's drift hits all alike; figures are
 * medians of the rounds, ratios medians of the per-round ratios.
 *
 * WireMock is tuned as its documentation advises for load: no request journal (`--no-request-journal`, which
 * would keep every request for verification), no logging of stub requests (`--disable-request-logging`; not
 * `--verbose`), Jetty's request threads set (`--container-threads`, `CONTAINER_THREADS`, 10 unless given: one
 * per connection); also no response templating (the stub uses none) and no banner. The JVM's JIT needs
 * far longer than Node's to reach its pace (on the loaded 2-core machine, some 15-20 s of load: 80 requests/s
 * in the first 5 s, 2 200 from the fourth 5 s on), so WireMock is loaded in steps of 2 s for at least
 * `JVM_WARMUP_MIN_SECONDS` (20), then until two steps in a row agree within 10 % (at most
 * `JVM_WARMUP_MAX_SECONDS`, 60; the line says so when it did not settle) before the rounds; the Node servers get
 * `WARMUP_SECONDS` (5).
 *
 * The Node servers run the built package, as users run it and as the other HTTP benches measure it (built first;
 * `--no-build` when it is; `--source` runs the sources through tsx instead: bench/server-command.ts).
 *
 * Goal, printed met or NOT met per operation: this server, tuned as WireMock is, ahead of tuned WireMock, on
 * requests per second and on CPU time per request. A measurement, not a test: it exits 0, or 2 when Java is
 * missing (it says how to install it).
 *
 *   npm run bench:peers -w @merchant-gateway/mock      (ROUNDS=5 SECONDS=5 for longer runs)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import autocannon from 'autocannon'
import { createMockGateway } from '../src/index.js'
import { DEMO_MERCHANT } from '../src/server.js'
import { buildServer, measuredOn, serverArguments } from './server-command.js'
import { serverReady } from './server-ready.js'

const ROUNDS = Number(process.env.ROUNDS ?? 3)
const SECONDS = Number(process.env.SECONDS ?? 3)
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 5)
/** The JVM's warm-up: loads of 2 s, at least the first figure, then until two in a row agree within 10 %. */
const JVM_WARMUP_MIN_SECONDS = Number(process.env.JVM_WARMUP_MIN_SECONDS ?? 20)
const JVM_WARMUP_MAX_SECONDS = Number(process.env.JVM_WARMUP_MAX_SECONDS ?? 60)
const CONTAINER_THREADS = Number(process.env.CONTAINER_THREADS ?? 10)
const CONNECTIONS = 10
const JAVA = process.env.JAVA ?? '/usr/bin/java'
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TICKS = 100 // USER_HZ: /proc reports CPU time in 1/100 s
const clock = { now: '2026-11-02T09:00:00Z', frozen: true }

/** The mock's server tuned as WireMock is: no request journal, no log. */
const TUNED = 'mock server (tuned)'
/** The mock's server with its default journal (the last 1 000 requests), no log. */
const JOURNAL = 'mock server (journal)'
type Name = 'bare node:http' | 'WireMock (tuned)' | typeof TUNED | typeof JOURNAL
interface Server {
  name: Name
  child: ChildProcess
  url: string
}

const REQUESTS = {
  'list stores': {
    method: 'POST',
    path: GATEWAY_PATHS.listStores,
    headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
  },
  'create order': {
    method: 'POST',
    path: GATEWAY_PATHS.createOrder,
    headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
  },
} as const
type Operation = keyof typeof REQUESTS

/** Java's version line, or the bench ends with exit 2 and how to install it. */
function javaVersion(): string {
  const result = spawnSync(JAVA, ['-version'], { encoding: 'utf8' })
  if (result.error || result.status !== 0) {
    console.error(
      `bench:peers runs WireMock on Java, and ${JAVA} ` +
        `${result.error ? 'is missing' : `failed (exit ${result.status})`}.\n` +
        "Install Debian's Java 17 runtime:  apt-get install -y openjdk-17-jre-headless   (or set JAVA=/path/to/java)",
    )
    process.exit(2)
  }
  return result.stderr.split('\n')[0]!.trim()
}

/** The standalone jar the `wiremock` package ships. */
function wiremockJar(): { jar: string; version: string } {
  const manifest = fileURLToPath(import.meta.resolve('wiremock/package.json'))
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  const build = join(dirname(manifest), 'build')
  const jar = readdirSync(build).find((f) => f.endsWith('.jar'))
  if (!jar) throw new Error(`no jar in ${build}`)
  return { jar: join(build, jar), version }
}

/** The mock's answers to the two requests, as the bare server answers them: what WireMock's stub answers. */
async function answers(): Promise<Record<Operation, string>> {
  const mock = createMockGateway({ clock, seed: [DEMO_MERCHANT] })
  const out = {} as Record<Operation, string>
  for (const [operation, request] of Object.entries(REQUESTS) as [Operation, (typeof REQUESTS)[Operation]][]) {
    const res = await mock.fetch(`${mock.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: 'body' in request ? request.body : undefined,
    })
    if (res.status !== 200) throw new Error(`${operation} answered ${res.status}`)
    out[operation] = await res.text()
  }
  return out
}

/** Each Node server's mode of http-throughput.server.ts. */
const MODES = { 'bare node:http': 'bare', [TUNED]: 'mock-no-journal', [JOURNAL]: 'mock' } as const

/** A server of http-throughput.server.ts: bare `node:http`, or the mock's server (no log) with or without a journal. */
async function startNode(name: keyof typeof MODES): Promise<Server> {
  const mode = MODES[name]
  // `node`, not a wrapper command: the server is then this process itself, whose CPU time /proc reports.
  const child = spawn(process.execPath, [...serverArguments(ROOT), mode], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  const url = await serverReady(child, mode)
  child.stderr!.resume()
  return { name, child, url }
}

/** WireMock standalone on 127.0.0.1 (a free port), its two stubs written as mapping files under `root`. */
async function startWireMock(jar: string, root: string, bodies: Record<Operation, string>): Promise<Server> {
  mkdirSync(join(root, 'mappings'), { recursive: true })
  for (const [operation, request] of Object.entries(REQUESTS) as [Operation, (typeof REQUESTS)[Operation]][])
    writeFileSync(
      join(root, 'mappings', `${operation.replace(' ', '-')}.json`),
      JSON.stringify({
        request: { method: request.method, urlPath: request.path },
        response: { status: 200, headers: { 'Content-Type': 'application/json' }, body: bodies[operation] },
      }),
    )
  const args = [
    '-jar',
    jar,
    '--port',
    '0',
    '--bind-address',
    '127.0.0.1',
    '--root-dir',
    root,
    '--no-request-journal',
    '--disable-request-logging',
    '--container-threads',
    String(CONTAINER_THREADS),
    '--disable-response-templating',
    '--disable-banner',
  ]
  const child = spawn(JAVA, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const read = (chunk: string) => {
      out += chunk
      const port = /^port:\s+(\d+)$/m.exec(out)
      if (port) resolve(`http://127.0.0.1:${port[1]}`)
    }
    child.stdout!.setEncoding('utf8').on('data', read)
    child.stderr!.setEncoding('utf8').on('data', read)
    child.once('exit', (code) => reject(new Error(`WireMock exited ${code}: ${out}`)))
  })
  child.stdout!.resume()
  child.stderr!.resume()
  return { name: 'WireMock (tuned)', child, url }
}

/** CPU seconds (user + system, every thread) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}

interface Sample {
  rps: number
  cpuUs: number
  bad: number
}

async function load(server: Server, operation: Operation, seconds: number): Promise<Sample> {
  const request = REQUESTS[operation]
  const before = cpuSeconds(server.child.pid!)
  const result = await autocannon({
    url: `${server.url}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: 'body' in request ? request.body : undefined,
    connections: CONNECTIONS,
    duration: seconds,
  })
  const cpu = cpuSeconds(server.child.pid!) - before
  const total = result.requests.total
  return {
    rps: result.requests.average,
    cpuUs: total > 0 ? (cpu * 1e6) / total : Number.NaN,
    bad: result.non2xx + result.errors,
  }
}

/**
 * Loads the JVM in steps of 2 s for at least `JVM_WARMUP_MIN_SECONDS`, then until two steps in a row agree
 * within 10 % (at most `JVM_WARMUP_MAX_SECONDS`); what it took, as text. Two early steps can agree while the
 * JIT has compiled little (seen: 88 then 90 requests/s after 8 s, 2 000 later), hence the minimum.
 */
async function warmJvm(server: Server, operation: Operation): Promise<string> {
  const steps: number[] = []
  let steady = false
  for (let spent = 0; spent < JVM_WARMUP_MAX_SECONDS; spent += 2) {
    steps.push((await load(server, operation, 2)).rps)
    const [a, b] = steps.slice(-2)
    steady = spent + 2 >= JVM_WARMUP_MIN_SECONDS && Math.abs(a! - b!) <= 0.1 * Math.max(a!, b!)
    if (steady) break
  }
  return (
    `${steps.length * 2} s, requests/s per 2 s step: ${steps.map((x) => x.toFixed(0)).join(', ')}` +
    (steady ? '' : '; NOT steady at the limit: its figures below may be low')
  )
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const verdict = (met: boolean) => (met ? 'met' : 'NOT met')

function stop(servers: Server[]): void {
  for (const server of servers) {
    try {
      process.kill(-server.child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

async function main(): Promise<void> {
  const java = javaVersion()
  const wiremock = wiremockJar()
  buildServer(ROOT)
  const bodies = await answers()
  const root = mkdtempSync(join(os.tmpdir(), 'merchant-gateway-peers-'))
  const servers: Server[] = []
  const stopAll = () => {
    stop(servers)
    rmSync(root, { recursive: true, force: true })
  }
  process.once('SIGINT', () => {
    stopAll()
    process.exit(130)
  })
  try {
    servers.push(await startNode('bare node:http'))
    servers.push(await startWireMock(wiremock.jar, root, bodies))
    servers.push(await startNode(TUNED))
    servers.push(await startNode(JOURNAL))
    console.log(
      `Peers under load: autocannon, ${CONNECTIONS} connections, loopback; ${ROUNDS} interleaved rounds of ` +
        `${SECONDS} s after a warm-up per server and operation (${WARMUP_SECONDS} s for Node's; the JVM's below); ` +
        `Node ${process.version}, ` +
        `${os.cpus().length} CPUs; the mock from ${measuredOn()}`,
    )
    console.log(
      `WireMock ${wiremock.version} (standalone jar of the npm package), ${java}; --no-request-journal ` +
        `--disable-request-logging --container-threads ${CONTAINER_THREADS} --disable-response-templating`,
    )
    console.log(
      `${TUNED}: --quiet --keep-requests 0 (no log, no request journal); ` +
        `${JOURNAL}: --quiet (its default journal: the last 1 000 requests, for GET /__mock/requests)`,
    )
    const goals: string[] = []
    for (const operation of Object.keys(REQUESTS) as Operation[]) {
      for (const server of servers) {
        if (server.name !== 'WireMock (tuned)') await load(server, operation, WARMUP_SECONDS)
        else console.log(`  (WireMock's warm-up, ${operation}: ${await warmJvm(server, operation)})`)
      }
      const samples = new Map(servers.map((s) => [s.name, [] as Sample[]]))
      for (let round = 0; round < ROUNDS; round++)
        for (const server of round % 2 ? [...servers].reverse() : servers)
          samples.get(server.name)!.push(await load(server, operation, SECONDS))
      const of = (name: Name) => samples.get(name)!
      const ratio = (a: Name, b: Name, key: 'rps' | 'cpuUs') => median(of(a).map((x, i) => x[key] / of(b)[i]![key]))
      console.log(`\n${operation}`)
      for (const [name, s] of samples) {
        const rps = median(s.map((x) => x.rps))
        const cpu = median(s.map((x) => x.cpuUs))
        const bare =
          name === 'bare node:http' ? '' : `  ${ratio(name, 'bare node:http', 'rps').toFixed(2)}x bare's req/s`
        const bad = s.reduce((n, x) => n + x.bad, 0)
        console.log(
          `  ${name.padEnd(22)} ${rps.toFixed(0).padStart(7)} req/s ${cpu.toFixed(1).padStart(7)} us CPU/request` +
            `${bare}${bad ? `  (${bad} non-2xx or errors!)` : ''}`,
        )
      }
      const rps = ratio(TUNED, 'WireMock (tuned)', 'rps')
      const cpu = ratio(TUNED, 'WireMock (tuned)', 'cpuUs')
      console.log(
        `  this server tuned as WireMock is, against tuned WireMock: ${rps.toFixed(2)}x its requests/s, ` +
          `${cpu.toFixed(2)}x its CPU per request`,
      )
      console.log(
        `  with its journal, against tuned WireMock: ${ratio(JOURNAL, 'WireMock (tuned)', 'rps').toFixed(2)}x ` +
          `its requests/s, ${ratio(JOURNAL, 'WireMock (tuned)', 'cpuUs').toFixed(2)}x its CPU per request (a figure)`,
      )
      goals.push(
        `${operation}: this server, tuned as WireMock is, ahead of tuned WireMock: ${verdict(rps > 1 && cpu < 1)} ` +
          `(requests/s ${rps.toFixed(2)}x: ${verdict(rps > 1)}; ` +
          `CPU per request ${cpu.toFixed(2)}x: ${verdict(cpu < 1)})`,
      )
    }
    console.log('\nGoals:')
    for (const line of goals) console.log(`  ${line}`)
  } finally {
    stopAll()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
