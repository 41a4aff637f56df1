/**
 * Benchmark: webhook work on the request path against the number of webhooks the mock holds.
 *
 * - A payment whose webhook is delivered, with ~1 500 and with ~32 500 webhook records kept (the finished
 *   history raised past its default so they stay): the release of held webhooks after a first attempt
 *   used to filter every webhook; it is now an index lookup per merchant.
 * - List stores (autoSettle runs the due webhook attempts before each request) with no retry backlog and
 *   with 20 000 failed webhooks waiting for a retry: the backlog used to be copied and sorted on every
 *   request; it is now a min-heap that looks only at what is due.
 *
 * Goal: flat, each second figure at most 1.3x the first. In-process (`mock.fetch`), a frozen clock, a fake
 * receiver (no network). Run: `npm run bench:webhooks -w @merchant-gateway/mock`. A measurement, not a
 * test: it exits 0 whatever the figures.
 */
import { performance } from 'node:perf_hooks'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { createMockGateway } from '../src/index.js'

const HISTORY = Number(process.env.WEBHOOKS ?? 30_000)
const BACKLOG = Number(process.env.BACKLOG ?? 20_000)
const GOAL = 1.3

const receiver = { failing: false }
const mock = createMockGateway({
  clock: { now: '2026-11-02T09:00:00.000Z', frozen: true },
  webhookFetch: async () => new Response(null, { status: receiver.failing ? 500 : 200 }),
  requestLogLimit: 0,
  retention: { webhooks: { max: 10_000_000 } },
})
const merchant = await mock.merchants.create({ balances: { usd: 1000 }, webhookUrl: 'https://merchant.test/webhooks' })
const store = await mock.stores.add(merchant.merchantId, { storeName: 'Bench', address: '1 Bench St' })

async function createOrder(): Promise<number> {
  const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: merchant.apiKey },
    body: JSON.stringify({ storeId: store.storeId, amount: 1.5, currency: 'USD' }),
  })
  return Number(((await res.json()) as { order_id: string }).order_id)
}

/** Mean microseconds per payment (webhook attempted before it returns) over `count` payments. */
async function payments(count: number): Promise<number> {
  const orders: number[] = []
  for (let i = 0; i < count; i++) orders.push(await createOrder())
  const started = performance.now()
  for (const orderId of orders) await mock.payments.create({ orderId, status: 'SUCCESS' })
  return ((performance.now() - started) * 1000) / count
}

/** Mean microseconds per list stores over `count` requests. */
async function listStores(count: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: merchant.apiKey },
    })
    await res.text()
  }
  return ((performance.now() - started) * 1000) / count
}

const verdict = (ratio: number) => `${ratio.toFixed(2)}x (goal <= ${GOAL}x: ${ratio <= GOAL ? 'met' : 'NOT met'})`

console.log(`Benchmark: webhook work on the request path (Node ${process.version}, in-process, frozen clock)`)
await payments(500)
const few = await payments(1000)
for (let i = 0; i < HISTORY; i++) await mock.payments.create({ orderId: await createOrder(), status: 'SUCCESS' })
const many = await payments(1000)
const held = (await mock.stats()).records.webhooks
console.log(
  `payment with its webhook delivered: ${few.toFixed(0)} us among ~1.5k ` +
    `webhooks, ${many.toFixed(0)} us among ${held.toLocaleString('en-US')}: ` +
    `${verdict(many / few)}`,
)

receiver.failing = true
await listStores(500)
const idle = await listStores(2000)
for (let i = 0; i < BACKLOG; i++) await mock.payments.create({ orderId: await createOrder(), status: 'SUCCESS' })
const backlog = await listStores(2000)
console.log(
  `list stores: ${idle.toFixed(0)} us with no retry waiting, ${backlog.toFixed(0)} ` +
    `us with ${(await mock.stats()).queued.webhookAttempts.toLocaleString('en-US')} ` +
    `retries scheduled: ${verdict(backlog / idle)}`,
)
process.exit(0)
