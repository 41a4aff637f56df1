/**
 * Benchmark: what the SDK (on ky) costs a merchant per call, against a hand-written `fetch` + HMAC call
 * doing the same work, for create order and for refund, in three settings:
 *
 * 1. in-process (`mock.fetch`, no network, no latency): the SDK's CPU cost per call over the hand-written
 *    call, in microseconds. Goal: at most 150 us.
 * 2. a mock that answers after 5 ms of simulated latency (the mock's `latency` fault on both routes, real
 *    timers): the ratio of wall time per call, SDK over hand-written. Goal: at most 1.05x. This is the
 *    figure a merchant feels: a call that crosses a network waits milliseconds, where microseconds are noise.
 * 3. loopback HTTP to the mock's server (`startMockServer`, Node's fetch on both sides): the ratio of wall
 *    time per call, reported (no goal), with the CPU figures beside it.
 *
 * Run: `npm run bench -w @merchant-gateway/sdk`. A measurement, not a test: it always exits 0 unless it
 * cannot run; the goals are printed as met or NOT met.
 *
 * What each side does per call:
 * - create order. SDK: `gateway.orders.create(...)` (parameter checks, ky with its hooks and retry set-up,
 *   response validation against the contract, `meta`). Hand-written: JSON.stringify the body, X-Api-Key +
 *   Content-Type, fetch, read JSON, check `res.ok`.
 * - refund of 0.01 with a fresh idempotency key per call. SDK: `gateway.refunds.create(...)` (its own UUID,
 *   signed in ky's beforeRequest hook). Hand-written: JSON.stringify the body, X-Timestamp, HMAC-SHA256 hex of
 *   body + timestamp with node:crypto `createHmac`, X-Idempotent-Key from `crypto.randomUUID()`, X-Api-Key +
 *   Content-Type, fetch, read JSON, check `res.ok`. The SDK also signs with node:crypto here (Node resolves
 *   the contract's `./crypto` under the `node` condition).
 *
 * Method: one frozen mock per setting; one merchant with one store and a large USD balance; both sides stamp
 * X-Timestamp from the same fixed instant; refunds spread round-robin over pre-created paid orders (the mock
 * sums an order's refunds on each refund, so piling them on one order would make later calls dearer). A
 * warm-up of both sides, then rounds; in each round every operation runs a block of calls of each side,
 * the side going first alternating between rounds so drift on a noisy machine hits both alike. Figures are
 * medians of the rounds; overheads and ratios are medians of the per-round pairs (the two sides of a pair
 * run back to back, so a slow spell of the shared machine cancels out within the pair).
 */
import { createHmac, randomUUID } from 'node:crypto'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { hmac } from '@merchant-gateway/contract/crypto'
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { startMockServer } from '@merchant-gateway/mock/server'
import { GatewayClient, VERSION } from '../src/index.js'

const GOAL_OVERHEAD_US = 150
const GOAL_LATENCY_RATIO = 1.05
const LATENCY_MS = 5
const REFUND_AMOUNT = 0.01
const ORDER_AMOUNT = 10
const REFUNDS_PER_ORDER = 20
const NOW = '2026-11-02T09:00:00.000Z'

type Side = 'sdk' | 'hand'
type Operation = 'create order' | 'refund'
const OPERATIONS: Operation[] = ['create order', 'refund']
type Calls = Record<Operation, Record<Side, () => Promise<unknown>>>

/** How many calls a setting makes: warm-up per side and operation, rounds, calls per block. */
interface Plan {
  warmup: number
  rounds: number
  calls: number
}

const PLANS = {
  inProcess: { warmup: 2_000, rounds: 15, calls: 500 },
  latency: { warmup: 20, rounds: 20, calls: 40 },
  loopback: { warmup: 300, rounds: 10, calls: 200 },
} satisfies Record<string, Plan>

/** Refunds a plan makes, both sides, warm-up included. */
const refundsOf = (plan: Plan) => 2 * (plan.warmup + plan.rounds * plan.calls)

/**
 * The two sides of each operation against `mock`, sending to `baseUrl` with `fetch`; `setupFetch` reaches
 * the same mock in-process for the set-up (orders to refund), so the set-up costs no network time.
 */
async function sides(
  mock: MockGateway,
  baseUrl: string,
  fetch: typeof globalThis.fetch,
  refunds: number,
): Promise<Calls> {
  const merchant = await mock.merchants.create({ balances: { usd: 10_000_000 } })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Bench', address: '1 Bench St' })
  const nowMs = Date.parse(mock.clock.now())
  const { apiKey, apiSecret } = merchant
  const storeId = store.storeId
  const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl, fetch, now: () => nowMs })

  const perOrder = Math.min(REFUNDS_PER_ORDER, Math.floor(ORDER_AMOUNT / REFUND_AMOUNT))
  const orderIds: number[] = []
  for (let i = 0; i < Math.ceil(refunds / perOrder); i++) {
    const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
      body: JSON.stringify({ storeId, amount: ORDER_AMOUNT, currency: 'USD' }),
    })
    const orderId = Number(((await res.json()) as { order_id: string }).order_id)
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    orderIds.push(orderId)
  }
  let next = 0
  const nextOrderId = () => orderIds[next++ % orderIds.length]!
  const createUrl = `${baseUrl}${GATEWAY_PATHS.createOrder}`
  const refundUrl = `${baseUrl}${GATEWAY_PATHS.refundOrder}`

  /** The hand-written create order of a Node integration. */
  async function handCreateOrder(): Promise<unknown> {
    const res = await fetch(createUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
      body: JSON.stringify({ storeId, amount: 12.5, currency: 'USD' }),
    })
    const body = (await res.json()) as { order_id?: string }
    if (!res.ok) throw new Error(`create order answered ${res.status}: ${JSON.stringify(body)}`)
    return body
  }

  /** The hand-written refund of a Node integration: signed with node:crypto, a fresh key per call. */
  async function handRefund(): Promise<unknown> {
    const body = JSON.stringify({ orderId: nextOrderId(), refundAmount: REFUND_AMOUNT })
    const timestamp = String(Math.floor(nowMs / 1000))
    const signature = createHmac('sha256', apiSecret)
      .update(body + timestamp)
      .digest('hex')
    const res = await fetch(refundUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [HEADERS.apiKey]: apiKey,
        [HEADERS.timestamp]: timestamp,
        [HEADERS.signature]: signature,
        [HEADERS.idempotentKey]: randomUUID(),
      },
      body,
    })
    const json = (await res.json()) as { data?: unknown }
    if (!res.ok) throw new Error(`refund answered ${res.status}: ${JSON.stringify(json)}`)
    return json.data
  }

  return {
    'create order': {
      sdk: () => gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' }),
      hand: handCreateOrder,
    },
    refund: { sdk: () => gateway.refunds.create({ orderId: nextOrderId(), amount: REFUND_AMOUNT }), hand: handRefund },
  }
}

/** Per-call means of one block of `n` calls: CPU time (user + system, this process) and wall time, in us. */
async function block(call: () => Promise<unknown>, n: number): Promise<{ cpu: number; wall: number }> {
  // Each block starts from a collected heap, so a major GC owed by earlier work does not land on
  // whichever side happens to run next (run with --expose-gc, as the npm script does).
  ;(globalThis as { gc?: () => void }).gc?.()
  const cpuStart = process.cpuUsage()
  const wallStart = performance.now()
  for (let i = 0; i < n; i++) await call()
  const wall = ((performance.now() - wallStart) * 1000) / n
  const used = process.cpuUsage(cpuStart)
  return { cpu: (used.user + used.system) / n, wall }
}

/** Per operation and side, the per-round means. */
type Samples = Record<Operation, Record<Side, Array<{ cpu: number; wall: number }>>>

async function run(name: string, calls: Calls, plan: Plan): Promise<Samples> {
  for (const op of OPERATIONS) for (const side of ['sdk', 'hand'] as const) await block(calls[op][side], plan.warmup)
  const samples: Samples = { 'create order': { sdk: [], hand: [] }, refund: { sdk: [], hand: [] } }
  for (let round = 1; round <= plan.rounds; round++) {
    const order: Side[] = round % 2 ? ['sdk', 'hand'] : ['hand', 'sdk']
    for (const op of OPERATIONS)
      for (const side of order) samples[op][side].push(await block(calls[op][side], plan.calls))
  }
  console.log(
    `${name}: warm-up ${plan.warmup} calls per side and operation, ${plan.rounds} ` +
      `rounds of ${plan.calls} calls per side and operation`,
  )
  return samples
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const us = (value: number) => `${value.toFixed(1)} us`
const ms = (valueUs: number) => `${(valueUs / 1000).toFixed(3)} ms`

/** Median of the per-round pairs `f(sdk, hand)` for one measure. */
function paired(s: Samples[Operation], measure: 'cpu' | 'wall', f: (sdk: number, hand: number) => number): number {
  return median(s.sdk.map((x, i) => f(x[measure], s.hand[i]![measure])))
}

async function main(): Promise<void> {
  const total = performance.now()
  const cpus = os.cpus()
  console.log(
    `Benchmark: @merchant-gateway/sdk ${VERSION} on ky against a hand-written fetch + HMAC call (create order, refund)`,
  )
  console.log(
    `Node ${process.version} on ${process.platform}/${process.arch}, ${cpus.length} ` +
      `CPU(s) (${cpus[0]?.model ?? 'unknown'})`,
  )
  console.log(
    'Note: this machine is shared and noisy; treat the figures as indicative. Each figure is a median of rounds.',
  )
  console.log(`HMAC in the SDK (contract ./crypto on Node): ${hmac.name}; hand-written: node:crypto createHmac`)
  console.log('')
  const goals: string[] = []

  // 1. In-process: the SDK's own CPU cost per call.
  {
    const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
    const samples = await run(
      '1. in-process (mock.fetch, no latency), CPU time',
      await sides(mock, mock.baseUrl, mock.fetch, refundsOf(PLANS.inProcess)),
      PLANS.inProcess,
    )
    for (const op of OPERATIONS) {
      const s = samples[op]
      const overhead = paired(s, 'cpu', (a, b) => a - b)
      const met = overhead <= GOAL_OVERHEAD_US
      console.log(
        `   ${op.padEnd(12)}: SDK ${us(median(s.sdk.map((x) => x.cpu)))}, ` +
          `hand-written ${us(median(s.hand.map((x) => x.cpu)))} CPU per call; ` +
          (`SDK cost over hand-written ${us(overhead)} (goal <= ${GOAL_OVERHEAD_US} ` +
            `us: ${met ? 'met' : 'NOT met'}); ratio ` +
            `${paired(s, 'cpu', (a, b) => a / b).toFixed(2)}x`),
      )
      goals.push(
        `${op} CPU cost over hand-written <= ${GOAL_OVERHEAD_US} us: ${met ? 'met' : 'NOT met'} (${us(overhead)})`,
      )
    }
  }
  console.log('')

  // 2. A mock that answers after 5 ms: the ratio a merchant feels.
  {
    const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
    for (const path of [GATEWAY_PATHS.createOrder, GATEWAY_PATHS.refundOrder])
      mock.faults.add({ route: `POST ${path}`, kind: 'latency', delayMs: LATENCY_MS, times: 'always' })
    const samples = await run(
      `2. mock answering after ${LATENCY_MS} ms (latency fault, real timers), wall time`,
      await sides(mock, mock.baseUrl, mock.fetch, refundsOf(PLANS.latency)),
      PLANS.latency,
    )
    for (const op of OPERATIONS) {
      const s = samples[op]
      const ratio = paired(s, 'wall', (a, b) => a / b)
      const met = ratio <= GOAL_LATENCY_RATIO
      console.log(
        `   ${op.padEnd(12)}: SDK ${ms(median(s.sdk.map((x) => x.wall)))}, ` +
          `hand-written ${ms(median(s.hand.map((x) => x.wall)))} per call; ` +
          (`ratio ${ratio.toFixed(3)}x (goal <= ${GOAL_LATENCY_RATIO}x: ` +
            `${met ? 'met' : 'NOT met'}); difference ${us(paired(s, 'wall', (a, b) => a - b))}`),
      )
      goals.push(
        `${op} with ${LATENCY_MS} ms latency, ratio <= ${GOAL_LATENCY_RATIO}x: ${met ? 'met' : 'NOT met'} ` +
          `(${ratio.toFixed(3)}x)`,
      )
    }
  }
  console.log('')

  // 3. Loopback HTTP to the mock's server: reported.
  {
    const server = await startMockServer({ port: 0, clock: { now: NOW, frozen: true }, tickMs: 0 })
    try {
      const samples = await run(
        '3. loopback HTTP to startMockServer (Node fetch on both sides), wall and CPU time',
        await sides(server.mock, server.url, globalThis.fetch, refundsOf(PLANS.loopback)),
        PLANS.loopback,
      )
      for (const op of OPERATIONS) {
        const s = samples[op]
        console.log(
          `   ${op.padEnd(12)}: SDK ${ms(median(s.sdk.map((x) => x.wall)))}, ` +
            `hand-written ${ms(median(s.hand.map((x) => x.wall)))} per call; ` +
            (`ratio ${paired(s, 'wall', (a, b) => a / b).toFixed(3)}x (reported, no ` +
              `goal); CPU (client and server, one process) SDK ${us(median(s.sdk.map((x) => x.cpu)))} ` +
              `vs ${us(median(s.hand.map((x) => x.cpu)))}, cost ${us(paired(s, 'cpu', (a, b) => a - b))}`),
        )
      }
    } finally {
      await server.close()
    }
  }
  console.log('')
  console.log('Goals:')
  for (const line of goals) console.log(`  ${line}`)
  console.log(`total bench time: ${((performance.now() - total) / 1000).toFixed(1)} s`)
}

// A measurement, not a test: a missed goal still exits 0. Only a bench that could not run exits 1.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
