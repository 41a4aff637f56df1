/**
 * One store size of the P4 benchmark (orders.bench.ts), in a process of its own so that its heap, its
 * garbage collector and its JIT are its own: fills a mock with `size` paid orders, reports the heap per
 * order (after a full GC), then answers the parent's messages: `round` (a timed round of create order +
 * transaction detail), `reset` (times `mock.reset()`), `exit`. Run with `--expose-gc`.
 */
import { performance } from 'node:perf_hooks'
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { createMockGateway, type MockGateway, seededRandom } from '../src/index.js'

/** What the child reports to the parent. */
export type ChildReport =
  | { kind: 'filled'; size: number; heapPerOrder: number; fillMs: number }
  | { kind: 'round'; cpuUs: number; wallUs: number; orders: number; refilled: boolean }
  | { kind: 'reset'; records: number; resetMs: number; gcAfterMs: number }

/** What the parent asks. */
export type ParentMessage = { kind: 'round'; iterations: number; seed: number } | { kind: 'reset' } | { kind: 'exit' }

const size = Number(process.argv[2])
const gc = (globalThis as { gc?: () => void }).gc
if (!gc || !Number.isInteger(size) || size < 1)
  throw new Error('usage: node --expose-gc --import tsx orders.child.ts <size>')
const send = (report: ChildReport) => process.send!(report)

interface Fixture {
  mock: MockGateway
  apiKey: string
  storeId: number
  transactionIds: number[]
  /** Orders created since the last fill. */
  orders: number
}

async function createOrder(f: Fixture, amount: number): Promise<number> {
  const res = await f.mock.fetch(`${f.mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: f.apiKey },
    body: JSON.stringify({ storeId: f.storeId, amount, currency: 'USD' }),
  })
  const body = (await res.json()) as { order_id: string }
  if (res.status !== 200) throw new Error(`create order answered ${res.status}: ${JSON.stringify(body)}`)
  f.orders++
  return Number(body.order_id)
}

async function transactionDetail(f: Fixture, transactionId: number): Promise<void> {
  const res = await f.mock.fetch(
    `${f.mock.baseUrl}${GATEWAY_PATHS.transactionDetail}?transaction_id=${transactionId}`,
    {
      method: 'GET',
      headers: { [HEADERS.apiKey]: f.apiKey },
    },
  )
  const body = (await res.json()) as { transaction_id?: string }
  if (res.status !== 200 || body.transaction_id !== String(transactionId))
    throw new Error(`transaction detail ${transactionId} answered ${res.status}`)
}

/** Empties the mock and fills it with `size` orders, each created through the API and paid (SUCCESS) at once. */
async function fill(f: Fixture, orders = size): Promise<void> {
  await f.mock.reset()
  const merchant = await f.mock.merchants.create({ balances: { usd: 1000 } })
  const store = await f.mock.stores.add(merchant.merchantId, { storeName: 'Bench', address: '1 Bench St' })
  f.apiKey = merchant.apiKey
  f.storeId = store.storeId
  f.transactionIds = []
  f.orders = 0
  for (let i = 0; i < orders; i++) {
    const orderId = await createOrder(f, (100 + (i % 500)) / 100)
    f.transactionIds.push((await f.mock.payments.create({ orderId, status: 'SUCCESS' })).transactionId)
  }
}

const clock = { now: '2026-11-02T09:00:00.000Z', frozen: true }
// The JIT's code and feedback live on the heap too: a throw-away mock runs the fill's code first, so the
// baseline below already holds them and the heap per order is the records' own.
const warm: Fixture = { mock: createMockGateway({ clock }), apiKey: '', storeId: 0, transactionIds: [], orders: 0 }
for (let i = 0; i < 3; i++) await fill(warm, 1000)
await warm.mock.reset()
const f: Fixture = { mock: createMockGateway({ clock }), apiKey: '', storeId: 0, transactionIds: [], orders: 0 }
// The baseline holds everything but the orders: the mock, one merchant, the request log full (it keeps
// its last 1000 requests whatever the size), the ids array sized as after the fill.
await f.mock.ready
await f.mock.merchants.create({})
for (let i = 0; i < 1100; i++)
  await f.mock.fetch(`${f.mock.baseUrl}/api/v1/payment-gateway/stores/list`, { method: 'POST' })
f.transactionIds = new Array<number>(size).fill(700_001)
gc()
gc()
const baseline = process.memoryUsage().heapUsed
const started = performance.now()
await fill(f)
const fillMs = performance.now() - started
gc()
gc()
send({ kind: 'filled', size, heapPerOrder: (process.memoryUsage().heapUsed - baseline) / size, fillMs })

process.on('message', async (message: ParentMessage) => {
  if (message.kind === 'exit') process.exit(0)
  if (message.kind === 'reset') {
    const stats = await f.mock.stats()
    const records = Object.values(stats.records).reduce((a, b) => a + b, 0)
    gc()
    const t0 = performance.now()
    await f.mock.reset()
    const resetMs = performance.now() - t0
    // What reset leaves behind is garbage: the collector frees it later, off the reset's own time.
    const t1 = performance.now()
    gc()
    send({ kind: 'reset', records, resetMs, gcAfterMs: performance.now() - t1 })
    return
  }
  // Measured creates add orders: past 20 % above the size the mock is filled again, off the clock (the
  // 100 000 mock never is: 1.2x is 20 000 creates away).
  let refilled = false
  if (f.orders > size * 1.2) {
    await fill(f)
    refilled = true
  }
  // Every round starts from a collected heap (off the clock), so a round pays for the garbage it makes
  // itself, not for a refill's or the previous round's.
  gc()
  const random = seededRandom(message.seed)
  const ids = f.transactionIds
  const cpu = process.cpuUsage()
  const t0 = performance.now()
  for (let i = 0; i < message.iterations; i++) {
    await createOrder(f, 12.5)
    await transactionDetail(f, ids[Math.floor(random() * ids.length)]!)
  }
  const wall = performance.now() - t0
  const used = process.cpuUsage(cpu)
  send({
    kind: 'round',
    cpuUs: (used.user + used.system) / message.iterations,
    wallUs: (wall * 1000) / message.iterations,
    orders: f.orders,
    refilled,
  })
})
