/**
 * Benchmark: the per-request cost of "create order + transaction detail" through `mock.fetch`, with 1 000
 * and with 100 000 existing orders. Every lookup by id goes through a hash index (see src/store/table.ts),
 * so the cost should not grow with the number of records: the target is a ratio of at most 1.3.
 *
 * Run: `npm run bench -w @merchant-gateway/mock`. A measurement, not a test: it always exits 0.
 *
 * Method:
 * - one frozen mock clock; every order of the fill is created through the API and paid (SUCCESS) through
 *   the control API right after creation, so QR expiry never matters;
 * - an iteration = POST order/create + GET payment/transaction-detail for a random transaction id drawn
 *   uniformly from all payments of the fill (not just the newest, so a scan would show), both bodies read;
 * - a JIT warm-up on a throw-away mock first, then rounds that alternate between the two sizes so drift on a
 *   noisy machine hits both alike; the 1 000 mock is rebuilt before each of its rounds (so it stays near
 *   1 000 orders), the 100 000 one is filled once; the figure is the median of the rounds' per-iteration
 *   means, in microseconds.
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { createMockGateway, type MockGateway } from '../src/index.js'

const SMALL = 1_000
const LARGE = 100_000
const ROUNDS = 5
const ITERATIONS = 2_000
const WARMUP_ITERATIONS = 3_000
const SCENARIO_WARMUP = 200
const TARGET_RATIO = 1.3

interface Fixture {
  mock: MockGateway
  apiKey: string
  storeId: number
  transactionIds: number[]
  fillMs: number
}

/** A small deterministic PRNG (mulberry32), so runs draw the same ids. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

async function createOrder(f: Fixture, amount: number): Promise<number> {
  const res = await f.mock.fetch(`${f.mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: f.apiKey },
    body: JSON.stringify({ storeId: f.storeId, amount, currency: 'USD' }),
  })
  const body = (await res.json()) as { order_id: string }
  if (res.status !== 200) throw new Error(`create order answered ${res.status}: ${JSON.stringify(body)}`)
  return Number(body.order_id)
}

async function transactionDetail(f: Fixture, transactionId: number): Promise<void> {
  const res = await f.mock.fetch(`${f.mock.baseUrl}${GATEWAY_PATHS.transactionDetail}?transaction_id=${transactionId}`, {
    method: 'GET',
    headers: { [HEADERS.apiKey]: f.apiKey },
  })
  const body = (await res.json()) as { transaction_id?: string }
  if (res.status !== 200 || body.transaction_id !== String(transactionId)) {
    throw new Error(`transaction detail ${transactionId} answered ${res.status}: ${JSON.stringify(body)}`)
  }
}

/** A mock with `orders` orders, every one created through the API and paid right after creation. */
async function fill(orders: number): Promise<Fixture> {
  const started = performance.now()
  const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00.000Z', frozen: true } })
  const merchant = await mock.merchants.create({ balances: { usd: 1000 } })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Bench', address: '1 Bench St' })
  const f: Fixture = { mock, apiKey: merchant.apiKey, storeId: store.storeId, transactionIds: [], fillMs: 0 }
  for (let i = 0; i < orders; i++) {
    const orderId = await createOrder(f, (100 + (i % 500)) / 100)
    const payment = await mock.payments.create({ orderId, status: 'SUCCESS' })
    f.transactionIds.push(payment.transactionId)
  }
  f.fillMs = performance.now() - started
  return f
}

/** Runs `iterations` of create order + transaction detail; returns the mean cost per iteration in microseconds. */
async function measure(f: Fixture, iterations: number, random: () => number): Promise<number> {
  const ids = f.transactionIds
  const started = performance.now()
  for (let i = 0; i < iterations; i++) {
    await createOrder(f, 12.5)
    await transactionDetail(f, ids[Math.floor(random() * ids.length)]!)
  }
  return ((performance.now() - started) * 1000) / iterations
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const us = (value: number) => `${value.toFixed(1)} us`
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main(): Promise<void> {
  const total = performance.now()
  const cpus = os.cpus()
  console.log('Benchmark: create order + transaction detail through mock.fetch')
  console.log(`Node ${process.version} on ${process.platform}/${process.arch}, ${cpus.length} CPU(s) (${cpus[0]?.model ?? 'unknown'})`)
  console.log('Note: this machine is shared and noisy; treat the figures as indicative, and compare the ratio rather than absolute times.')
  console.log(`Method: ${ROUNDS} rounds of ${ITERATIONS} iterations per size, alternating sizes, median of the round means; every fill order paid (SUCCESS) at once.`)
  console.log('')

  const random = prng(20261102)

  const warm = await fill(SMALL)
  await measure(warm, WARMUP_ITERATIONS, random)
  console.log(`warm-up: ${WARMUP_ITERATIONS} iterations on a throw-away mock of ${SMALL} orders`)

  const large = await fill(LARGE)
  console.log(`fill ${LARGE.toLocaleString('en-US')} orders (API create + control-API payment each): ${secs(large.fillMs)} (${us((large.fillMs * 1000) / LARGE)} per order)`)
  await measure(large, SCENARIO_WARMUP, random)

  const smallRounds: number[] = []
  const largeRounds: number[] = []
  const smallFills: number[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const small = await fill(SMALL)
    smallFills.push(small.fillMs)
    await measure(small, SCENARIO_WARMUP, random)
    smallRounds.push(await measure(small, ITERATIONS, random))
    largeRounds.push(await measure(large, ITERATIONS, random))
    console.log(`round ${round}: ${SMALL} orders ${us(smallRounds.at(-1)!)}, ${LARGE} orders ${us(largeRounds.at(-1)!)} per iteration`)
  }
  console.log(`fill ${SMALL.toLocaleString('en-US')} orders: median ${secs(median(smallFills))} over ${ROUNDS} fills`)
  console.log(
    `(measured creates add orders: each small mock goes from ${SMALL} to ${SMALL + SCENARIO_WARMUP + ITERATIONS} within its round, the large one from ${LARGE} to ${LARGE + SCENARIO_WARMUP + ROUNDS * ITERATIONS} over all rounds)`,
  )
  console.log('')

  const small = median(smallRounds)
  const big = median(largeRounds)
  const ratio = big / small
  console.log(`at ${SMALL.toLocaleString('en-US')} existing orders:   ${us(small)} per create order + transaction detail (median; rounds ${smallRounds.map((v) => v.toFixed(1)).join(', ')})`)
  console.log(`at ${LARGE.toLocaleString('en-US')} existing orders: ${us(big)} per create order + transaction detail (median; rounds ${largeRounds.map((v) => v.toFixed(1)).join(', ')})`)
  console.log(`ratio ${LARGE.toLocaleString('en-US')} / ${SMALL.toLocaleString('en-US')}: ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`)
  const best = Math.min(...largeRounds) / Math.min(...smallRounds)
  console.log(`(for reference, best round against best round: ${us(Math.min(...smallRounds))} and ${us(Math.min(...largeRounds))}, ratio ${best.toFixed(2)})`)
  console.log(`total bench time: ${secs(performance.now() - total)}`)
}

// A measurement, not a test: a missed target still exits 0. Only a bench that could not run exits 1.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('benchmark could not run:', error)
    process.exit(1)
  },
)
