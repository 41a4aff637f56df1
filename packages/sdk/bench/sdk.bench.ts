/**
 * Benchmark: the per-call cost of the SDK against a hand-written call doing the same work, for create
 * order and for refund, through one `mock.fetch`. Target: the SDK within 1.15x of the hand-written call.
 *
 * Run: `npm run bench -w @merchant-gateway/sdk`. A measurement, not a test: it always exits 0 unless it
 * cannot run.
 *
 * What each side does per call:
 * - create order. SDK: `gateway.orders.create(...)` (parameter checks, ky, response validation against the
 *   contract, `meta`). Hand-written: JSON.stringify the body, X-Api-Key + Content-Type, fetch, read JSON,
 *   check `res.ok`.
 * - refund of 0.01 with a fresh idempotency key per call. SDK: `gateway.refunds.create(...)` (its own UUID
 *   per call, signed in ky's beforeRequest hook). Hand-written: JSON.stringify the body, X-Timestamp,
 *   HMAC-SHA256 hex of body + timestamp with node:crypto `createHmac`, X-Idempotent-Key from
 *   `crypto.randomUUID()`, X-Api-Key + Content-Type, fetch, read JSON, check `res.ok`. The SDK also signs
 *   with node:crypto here (Node resolves the contract's `./crypto` under the `node` condition).
 *
 * Method:
 * - one mock with a frozen clock; one merchant with one store and a large USD balance; both sides stamp
 *   X-Timestamp from the same fixed instant (the frozen clock's), so no clock read differs;
 * - refunds are spread round-robin over pre-created, paid orders (the mock sums an order's refunds on each
 *   refund, so piling them on one order would make later calls dearer than earlier ones);
 * - a JIT warm-up of both sides, then ROUNDS rounds; in each round every operation runs CALLS calls of each
 *   side, the side going first alternating between rounds so drift on a noisy machine hits both alike;
 *   the figures are the median of the rounds' per-call means, in microseconds of CPU time, and the judged ratio is the
 *   median of the per-round ratios: each round pairs the two sides run back to back, so a slow spell of
 *   the shared machine cancels out within the pair instead of landing on one side's median.
 */
import { createHmac, randomUUID } from 'node:crypto'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { hmac } from '@merchant-gateway/contract/crypto'
import { createMockGateway } from '@merchant-gateway/mock'
import { GatewayClient } from '../src/index.js'

const ROUNDS = 15
const CALLS = 500
const WARMUP_CALLS = 2_000
const TARGET_RATIO = 1.15
const REFUND_AMOUNT = 0.01
const ORDER_AMOUNT = 10
const REFUNDS_PER_ORDER = 20
const NOW = '2026-11-02T09:00:00.000Z'

type Side = 'sdk' | 'hand'
type Operation = 'create order' | 'refund'

async function setup() {
  const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
  const merchant = await mock.merchants.create({ balances: { usd: 10_000_000 } })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Bench', address: '1 Bench St' })
  const nowMs = Date.parse(mock.clock.now())
  const gateway = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    now: () => nowMs,
  })

  // Every refund of the run (warm-up and rounds, both sides), at most REFUNDS_PER_ORDER on any order.
  const refunds = 2 * (WARMUP_CALLS + ROUNDS * CALLS)
  const perOrder = Math.min(REFUNDS_PER_ORDER, Math.floor(ORDER_AMOUNT / REFUND_AMOUNT))
  const orderIds: number[] = []
  for (let i = 0; i < Math.ceil(refunds / perOrder); i++) {
    const order = await gateway.orders.create({ storeId: store.storeId, amount: ORDER_AMOUNT, currency: 'USD' })
    const orderId = Number(order.order_id)
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    orderIds.push(orderId)
  }
  let next = 0
  const nextOrderId = () => orderIds[next++ % orderIds.length]!

  const createUrl = `${mock.baseUrl}${GATEWAY_PATHS.createOrder}`
  const refundUrl = `${mock.baseUrl}${GATEWAY_PATHS.refundOrder}`
  const { apiKey, apiSecret } = merchant
  const storeId = store.storeId
  const fetch = mock.fetch

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
    const signature = createHmac('sha256', apiSecret).update(body + timestamp).digest('hex')
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

  /** For context only: the hand-written create order with the per-attempt timeout a robust integration has. */
  async function handCreateOrderWithTimeout(): Promise<unknown> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 30_000)
    try {
      return await handCreateOrderWith(controller.signal)
    } finally {
      clearTimeout(timer)
    }
  }
  async function handCreateOrderWith(signal: AbortSignal): Promise<unknown> {
    const res = await fetch(createUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
      body: JSON.stringify({ storeId, amount: 12.5, currency: 'USD' }),
      signal,
    })
    const body = (await res.json()) as { order_id?: string }
    if (!res.ok) throw new Error(`create order answered ${res.status}: ${JSON.stringify(body)}`)
    return body
  }

  const calls: Record<Operation, Record<Side, () => Promise<unknown>>> = {
    'create order': {
      sdk: () => gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' }),
      hand: handCreateOrder,
    },
    refund: {
      sdk: () => gateway.refunds.create({ orderId: nextOrderId(), amount: REFUND_AMOUNT }),
      hand: handRefund,
    },
  }
  return { mock, calls, orders: orderIds.length, handCreateOrderWithTimeout }
}

/**
 * Runs `n` calls one after the other; returns the mean CPU time per call in microseconds. Everything runs
 * in this process with no real I/O, so CPU time (user + system, GC threads included) is the cost; unlike
 * wall time it does not count the time other tenants of this shared machine take from us.
 */
async function measure(call: () => Promise<unknown>, n: number): Promise<number> {
  // Each block starts from a collected heap, so a major GC owed by earlier work does not land on
  // whichever side happens to run next (run with --expose-gc, as the npm script does).
  ;(globalThis as { gc?: () => void }).gc?.()
  const started = process.cpuUsage()
  for (let i = 0; i < n; i++) await call()
  const used = process.cpuUsage(started)
  return (used.user + used.system) / n
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const us = (value: number) => `${value.toFixed(1)} us`

async function main(): Promise<void> {
  const total = performance.now()
  const cpus = os.cpus()
  console.log('Benchmark: SDK call vs hand-written call through one mock.fetch (create order, refund)')
  console.log(`Node ${process.version} on ${process.platform}/${process.arch}, ${cpus.length} CPU(s) (${cpus[0]?.model ?? 'unknown'})`)
  console.log('Note: this machine is shared and noisy; treat the figures as indicative, and compare the ratio rather than absolute times.')
  console.log(`Method: warm-up ${WARMUP_CALLS} calls per side and operation, then ${ROUNDS} rounds of ${CALLS} calls per side and operation, the side going first alternating; ratio = median of the per-round ratios.`)
  console.log(`HMAC in the SDK (contract ./crypto on Node): ${hmac.name}; hand-written: node:crypto createHmac`)

  const { calls, orders, handCreateOrderWithTimeout } = await setup()
  console.log(`setup: 1 merchant, 1 store, ${orders} paid orders of ${ORDER_AMOUNT} USD to refund ${REFUND_AMOUNT} at a time (round-robin)`)
  const operations = Object.keys(calls) as Operation[]
  for (const op of operations) {
    for (const side of ['sdk', 'hand'] as const) await measure(calls[op][side], WARMUP_CALLS)
  }
  console.log('')

  const results: Record<Operation, Record<Side, number[]>> = {
    'create order': { sdk: [], hand: [] },
    refund: { sdk: [], hand: [] },
  }
  const withTimeout: number[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const order: Side[] = round % 2 ? ['sdk', 'hand'] : ['hand', 'sdk']
    const line: string[] = []
    for (const op of operations) {
      for (const side of order) results[op][side].push(await measure(calls[op][side], CALLS))
      const { sdk, hand } = results[op]
      line.push(`${op} sdk ${us(sdk.at(-1)!)} / hand ${us(hand.at(-1)!)} (${(sdk.at(-1)! / hand.at(-1)!).toFixed(2)}x)`)
    }
    withTimeout.push((await measure(handCreateOrderWithTimeout, CALLS)) / results['create order'].hand.at(-1)!)
    console.log(`round ${round} (${order[0]} first): ${line.join('; ')}`)
  }
  console.log('')

  let met = true
  for (const op of operations) {
    const sdk = median(results[op].sdk)
    const hand = median(results[op].hand)
    const ratio = median(results[op].sdk.map((value, i) => value / results[op].hand[i]!))
    met &&= ratio <= TARGET_RATIO
    console.log(
      `${op.padEnd(12)}: SDK ${us(sdk)}, hand-written ${us(hand)} per call (medians); SDK overhead ${us(sdk - hand)}; ratio ${ratio.toFixed(2)}x (median of per-round ratios; ratio of medians ${(sdk / hand).toFixed(2)}x) (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`,
    )
  }
  console.log(
    `context: a hand-written create order with a per-attempt timeout (AbortController + setTimeout, which the SDK always has) costs ${median(withTimeout).toFixed(2)}x the plain one`,
  )
  console.log(`target SDK within ${TARGET_RATIO}x of hand-written for both operations: ${met ? 'met' : 'NOT met'}`)
  console.log(`total bench time: ${((performance.now() - total) / 1000).toFixed(1)} s`)
}

// A measurement, not a test: a missed target still exits 0. Only a bench that could not run exits 1.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
