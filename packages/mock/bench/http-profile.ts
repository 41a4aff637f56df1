/**
 * Where the HTTP server spends a request: a CPU profile of the server process under the throughput bench's
 * load (autocannon, 10 connections, loopback; the servers of http-throughput.server.ts), one per operation,
 * taken after a warm-up and covering the load alone, summed by module (msw, node:http, the mock's folders,
 * zod, V8's builtins such as JSON, the garbage collector) and by function, self and total time. This is the
 * profile to read before and after a change to the server's path; the figures of that change are
 * `npm run bench:http`'s.
 *
 *   npm run bench:http:profile -w @merchant-gateway/mock                       (the mock's server, --quiet)
 *   npm run bench:http:profile -w @merchant-gateway/mock -- --mode mock-log    (log line on, to /dev/null)
 *   npm run bench:http:profile -w @merchant-gateway/mock -- --mode mock-no-journal  (no request journal)
 *   ... -- --seconds 10 --rows 30 --interval 100 --keep /tmp/profiles          (keeps the .cpuprofile files)
 *
 * The profiles open in Chrome's DevTools (Performance) or any `.cpuprofile` viewer. Sampling is V8's, every
 * `--interval` us (100 unless given) of the server's main thread; a shared machine slows all frames alike,
 * so the shares hold where absolute times do not. A measurement, not a test: it exits 0 unless it cannot run.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import autocannon from 'autocannon'
import { DEMO_MERCHANT } from '../src/server.js'
import { type CpuProfile, formatSummary, summarise } from './cpu-profile.js'
import { buildServer, measuredOn, serverArguments } from './server-command.js'
import { serverReady } from './server-ready.js'

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'mock' },
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '3' },
    rows: { type: 'string', default: '25' },
    interval: { type: 'string', default: '100' },
    keep: { type: 'string' },
    // Read by bench/server-command.ts: the sources through tsx, or no build first.
    source: { type: 'boolean' },
    'no-build': { type: 'boolean' },
  },
})
const MODE = values.mode
if (!['mock', 'mock-no-journal', 'mock-log', 'bare'].includes(MODE)) {
  console.error(`--mode is mock, mock-no-journal, mock-log or bare, got ${MODE}`)
  process.exit(2)
}
const HOOK = fileURLToPath(new URL('./profile-hook.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CONNECTIONS = 10

const REQUESTS = {
  'list stores': { path: GATEWAY_PATHS.listStores, headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey } },
  'create order': {
    path: GATEWAY_PATHS.createOrder,
    headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
  },
} as const

/** Waits for a line matching `pattern` on the child's standard error. */
function line(stderr: NodeJS.ReadableStream, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve) => {
    let out = ''
    const read = (chunk: Buffer | string) => {
      out += String(chunk)
      const match = pattern.exec(out)
      if (match) {
        stderr.off('data', read)
        resolve(match)
      }
    }
    stderr.on('data', read)
  })
}

async function profileOne(operation: keyof typeof REQUESTS, dir: string): Promise<void> {
  const request = REQUESTS[operation]
  const child = spawn(process.execPath, [...serverArguments(ROOT, [HOOK]), MODE!], {
    cwd: ROOT,
    stdio: ['pipe', 'ignore', 'pipe'],
    detached: true,
  })
  try {
    const url = await serverReady(child, MODE!)
    const load = (seconds: number) =>
      autocannon({
        url: `${url}${request.path}`,
        method: 'POST',
        headers: request.headers,
        body: 'body' in request ? request.body : undefined,
        connections: CONNECTIONS,
        duration: seconds,
      })
    await load(Number(values.warmup))
    child.stdin!.write(`start ${values.interval}\n`)
    await line(child.stderr!, /^profiling$/m)
    const result = await load(Number(values.seconds))
    const file = join(dir, `${MODE}-${operation.replace(' ', '-')}.cpuprofile`)
    child.stdin!.write(`stop ${file}\n`)
    await line(child.stderr!, /^profiled /m)
    const summary = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile)
    console.log(
      `\n=== ${operation}: ${MODE} server, ${result.requests.total} requests in ${values.seconds} s ` +
        `(${result.requests.average.toFixed(0)} req/s, ${result.non2xx + result.errors} non-2xx or errors); ` +
        `${((summary.busyMs * 1000) / Math.max(1, result.requests.total)).toFixed(1)} us of sampled ` +
        'main-thread time per request',
    )
    console.log(formatSummary(summary, Number(values.rows)))
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

const dir = values.keep ?? mkdtempSync(join(os.tmpdir(), 'merchant-gateway-profile-'))
mkdirSync(dir, { recursive: true })
buildServer(ROOT)
try {
  console.log(
    `CPU profile of the server process (${MODE}) under load: autocannon, ${CONNECTIONS} connections, ` +
      `${values.warmup} s warm-up, then ${values.seconds} s profiled every ${values.interval} us; ` +
      `Node ${process.version}; the mock from ${measuredOn()}`,
  )
  for (const operation of Object.keys(REQUESTS) as (keyof typeof REQUESTS)[]) await profileOne(operation, dir)
  if (values.keep) console.log(`\nprofiles kept in ${dir}`)
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true })
}
