/**
 * @module fuzz/run
 * Sends hostile requests (fuzz/hostile.ts) to the mock's HTTP server on 127.0.0.1 and reports: how many,
 * the answers by status class, every 5xx (must be none), every request left without an answer (must be
 * none), and whether the mock's state (balances, orders, transactions, refunds and payouts, webhooks, the
 * PIN module's users and codes, the ledger audit) is what it was before.
 *
 *   npm run fuzz                                # 10 000 requests, a random seed (printed)
 *   npm run fuzz -- --count 50000 --seed 7      # a longer run, repeatable
 *
 * Exit status 0 when no 5xx, no request unanswered and the state unchanged; 1 otherwise.
 */
import { request as httpRequest } from 'node:http'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { DEMO_MERCHANT, startMockServer, type MockServer } from '../../src/server.js'
import { signer } from '@merchant-gateway/contract/crypto'
import { seededRandom } from '../../src/index.js'
import { hostileRequest, type FuzzWorld, type HostileRequest } from './hostile.js'

/** What a fuzz run found. */
export interface FuzzReport {
  seed: number
  count: number
  byClass: Record<string, number>
  serverErrors: Array<{ label: string; method: string; path: string; status: number; body: string }>
  unanswered: Array<{ label: string; method: string; path: string; error: string }>
  stateUnchanged: boolean
  /** The first difference of the state, when it changed. */
  stateDifference?: string
  /** The server answered a valid request after the run. */
  stillServing: boolean
}

/**
 * Runs `count` hostile requests against a fresh server, `concurrency` at a time.
 *
 * @example
 * ```ts
 * const report = await runFuzz({ count: 1000, seed: 1 })
 * report.serverErrors.length // 0
 * ```
 */
export async function runFuzz(options: {
  count: number
  seed: number
  concurrency?: number
  timeoutMs?: number
}): Promise<FuzzReport> {
  const { count, seed, concurrency = 8, timeoutMs = 15_000 } = options
  const server = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    clock: { now: '2026-11-02T09:00:00Z', frozen: true },
    seed: [DEMO_MERCHANT],
    tickMs: 0,
    requestLogLimit: 100,
  })
  try {
    const world = await prepare(server)
    const before = await snapshot(server, world)
    const rand = seededRandom(seed)
    const report: FuzzReport = {
      seed,
      count,
      byClass: {},
      serverErrors: [],
      unanswered: [],
      stateUnchanged: false,
      stillServing: false,
    }
    let next = 0
    const worker = async () => {
      while (next < count) {
        next++
        const request = hostileRequest(rand, world)
        // Drawn at once (the seed decides the requests); signed by the contract's signer as it goes out.
        if (request.signature) request.headers['X-Signature'] = await signer.signRequest(request.signature)
        try {
          const answer = await send(server, request, timeoutMs)
          const klass = `${Math.floor(answer.status / 100)}xx`
          report.byClass[klass] = (report.byClass[klass] ?? 0) + 1
          if (answer.status >= 500)
            report.serverErrors.push({
              label: request.label,
              method: request.method,
              path: request.path.slice(0, 120),
              status: answer.status,
              body: answer.body.slice(0, 300),
            })
        } catch (error) {
          report.unanswered.push({
            label: request.label,
            method: request.method,
            path: request.path.slice(0, 120),
            error: error instanceof Error ? error.message : String(error),
          })
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    const after = await snapshot(server, world)
    report.stateUnchanged = after === before
    if (!report.stateUnchanged) report.stateDifference = firstDifference(before, after)
    const check = await fetch(`${server.url}${GATEWAY_PATHS.listStores}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: world.merchant.apiKey },
    })
    report.stillServing = check.status === 200
    return report
  } finally {
    await server.close()
  }
}

/** The world the attacks aim at: the demo merchant and another one, each with a paid order, and a signed-in user. */
async function prepare(server: MockServer): Promise<FuzzWorld> {
  const { mock } = server
  const demo = await mock.merchants.get(1)
  const other = await mock.merchants.create({ name: 'Other Merchant', balances: { usd: 50 } })
  const otherStore = await mock.stores.add(other.merchantId, { storeName: 'Other Store', address: '2 Side St' })
  const orderOf = async (apiKey: string, storeId: number) => {
    const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
      body: JSON.stringify({ storeId, amount: 20, currency: 'USD' }),
    })
    const orderId = Number(((await res.json()) as { order_id: string }).order_id)
    const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS' })
    return { orderId, transactionId }
  }
  const mine = await orderOf(demo.apiKey, 101)
  const theirs = await orderOf(other.apiKey, otherStore.storeId)
  const user = await mock.users.create({ email: 'dara@example.com', emailVerified: true })
  return {
    merchant: { apiKey: demo.apiKey, apiSecret: demo.apiSecret, appId: demo.appId, storeId: 101, ...mine },
    other: { apiKey: other.apiKey, apiSecret: other.apiSecret, storeId: otherStore.storeId, orderId: theirs.orderId },
    user: { accessToken: user.accessToken },
    nowSeconds: Math.floor(Date.parse(mock.clock.now()) / 1000),
  }
}

/** Everything a request could have changed, as one string. */
async function snapshot(server: MockServer, world: FuzzWorld): Promise<string> {
  const { mock } = server
  const orders = []
  for (let id = 1000; id <= world.other.orderId + 5; id++) orders.push(mock.orders.get(id) ?? null)
  const transactions = []
  for (let id = 700_000; id <= world.merchant.transactionId + 10; id++)
    transactions.push(mock.transactions.get(id) ?? null)
  return JSON.stringify({
    clock: mock.clock.now(),
    merchants: [await mock.merchants.get(1), await mock.merchants.get(2)],
    merchant3: await mock.merchants.get(3).catch(() => 'none'),
    balances: [await mock.balances(1), await mock.balances(2)],
    orders,
    transactions,
    webhooks: mock.webhooks.list().map((w) => [w.id, w.status, w.attempts.length]),
    otp: mock.otp.list().length,
    users: await mock.users.list(),
    faults: mock.faults.list(),
    audit: mock.audit(),
  })
}

function firstDifference(a: string, b: string): string {
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  const around = (text: string) => text.slice(Math.max(0, i - 80), i + 80)
  return `at ${i}: before …${around(a)}… after …${around(b)}…`
}

/** Sends one request; resolves with the answer, rejects when none comes (an error, or no answer in time). */
function send(
  server: MockServer,
  request: HostileRequest,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  // Header values go on the wire as UTF-8 bytes (Node's client takes them as Latin-1 characters), so a
  // value in another script reaches the server as a real client would send it.
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Buffer.from(value, 'utf8').toString('latin1')]),
  )
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, method: request.method, path: request.path, headers, timeout: timeoutMs },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          if (body.length < 1000) body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(request.body)
  })
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}

/** The command line: `--count <n>` (default 10 000), `--seed <n>` (default random, printed). */
async function main(): Promise<void> {
  const count = Number(argument('--count') ?? 10_000)
  const seed = Number(argument('--seed') ?? Math.floor(Math.random() * 2 ** 31))
  if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(seed)) {
    console.error('usage: fuzz [--count <n>] [--seed <n>]')
    process.exit(2)
  }
  const started = performance.now()
  const report = await runFuzz({ count, seed })
  const seconds = (performance.now() - started) / 1000
  console.log(`fuzz: ${report.count} hostile requests, seed ${report.seed}, ${seconds.toFixed(1)} s`)
  console.log(
    `answers by class: ${Object.entries(report.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  )
  console.log(`5xx: ${report.serverErrors.length} (must be 0)`)
  for (const e of report.serverErrors.slice(0, 10))
    console.log(`  ${e.status} ${e.method} ${e.path} [${e.label}] ${e.body}`)
  console.log(`unanswered: ${report.unanswered.length} (must be 0)`)
  for (const e of report.unanswered.slice(0, 10)) console.log(`  ${e.method} ${e.path} [${e.label}] ${e.error}`)
  console.log(
    `state (balances, orders, transactions, refunds, payouts, webhooks, PIN ` +
      `users and codes, audit): ${report.stateUnchanged ? 'unchanged' : `CHANGED ${report.stateDifference}`}`,
  )
  console.log(`still serving after the run: ${report.stillServing ? 'yes' : 'NO'}`)
  const ok =
    report.serverErrors.length === 0 && report.unanswered.length === 0 && report.stateUnchanged && report.stillServing
  process.exit(ok ? 0 : 1)
}

if (process.argv[1] && import.meta.url === new URL(process.argv[1], 'file://').href) {
  await main()
}
