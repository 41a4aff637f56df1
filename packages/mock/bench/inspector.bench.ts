/**
 * Benchmark: does an open inspector page slow the service's routes? The mock's HTTP server (its own
 * process, `--quiet`) serves list stores to autocannon (10 connections) with and without a page-like
 * poller beside it: every second `GET /__mock/version`, and `GET /__mock/snapshot?limit=50` when the
 * number moved (under load it always has, so this is the page's worst case). Rounds alternate between
 * the two, and the figure is the median requests/s of each; goal: with the page, at least 95 % of without.
 *
 * Run: `npm run bench:inspector -w @merchant-gateway/mock` (ROUNDS, SECONDS to change the defaults). A
 * measurement, not a test: it always exits 0.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { serverReady } from './server-ready.js'
import autocannon from 'autocannon'

const ROUNDS = Number(process.env.ROUNDS ?? 4)
const SECONDS = Number(process.env.SECONDS ?? 4)
const GOAL = 0.95
const SERVER = fileURLToPath(new URL('./http-throughput.server.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const child = spawn(process.execPath, ['--conditions=@merchant-gateway/source', '--import', 'tsx', SERVER, 'mock'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'pipe'],
  detached: true,
})
const url = await serverReady(child, 'the')

/** The page's polling, as the page does it, until `stop` is called; returns how many snapshots it read. */
function poller(): { stop: () => Promise<number> } {
  let running = true
  let version: number | null = null
  let snapshots = 0
  const loop = (async () => {
    while (running) {
      const { version: now } = (await (await fetch(`${url}/__mock/version`)).json()) as { version: number }
      if (now !== version) {
        await (await fetch(`${url}/__mock/snapshot?limit=50`)).text()
        snapshots++
        version = now
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return snapshots
    },
  }
}

async function listStores(): Promise<number> {
  const result = await autocannon({
    url: `${url}/api/v1/payment-gateway/stores/list`,
    method: 'POST',
    headers: { 'X-Api-Key': 'mk_test_demo', 'Content-Type': 'application/json' },
    body: '{}',
    connections: 10,
    duration: SECONDS,
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`list stores: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result.requests.average
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const without: number[] = []
const withPage: number[] = []
let snapshots = 0
try {
  await listStores() // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    without.push(await listStores())
    const page = poller()
    withPage.push(await listStores())
    snapshots += await page.stop()
  }
} finally {
  process.kill(-child.pid!, 'SIGKILL')
}
const ratio = median(withPage) / median(without)
console.log(`Inspector page open vs closed: list stores, ${ROUNDS} interleaved rounds of ${SECONDS} s, 10 connections`)
console.log(
  `  without the page: ${median(without).toFixed(0)} requests/s (rounds ` +
    `${without.map((v) => v.toFixed(0)).join(', ')})`,
)
console.log(
  `  with the page:    ${median(withPage).toFixed(0)} requests/s (rounds ` +
    `${withPage.map((v) => v.toFixed(0)).join(', ')}),`,
)
console.log(`                    ${snapshots} snapshots read by the poller`)
console.log(`  ratio ${ratio.toFixed(3)} (goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'NOT met'})`)
