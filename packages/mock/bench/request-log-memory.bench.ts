/**
 * Benchmark: the heap an entry of the request log holds, with and without the headers and body it keeps for a
 * query by operation (`requestLogBodies`). Each configuration runs in a child process of its own
 * (`--expose-gc`): 200 requests to warm up, then 4 000 requests through `mock.fetch`, the heap after a full GC
 * before and after. Every configuration makes the same records (orders), so the heap of a mock that logs
 * nothing (`requestLogLimit: 0`) is subtracted: what is left is the log's.
 *
 *   npm run bench:request-log -w @merchant-gateway/mock
 *
 * Three kinds of request: create order (a 50-byte body, 2 headers), a signed refund (a 35-byte body, 6 headers),
 * and create order with a 2 KiB field the operation ignores (kept as sent). A measurement, not a test: it exits
 * 0 whatever the figures.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const WARM = 200
const REQUESTS = 4000
const KINDS = ['create order', 'refund', 'create order + 2 KiB'] as const
const LOGS = ['nothing logged', 'entries only', 'entries, headers, bodies'] as const

if (process.argv[2] === 'child') {
  const kind = process.argv[3] as (typeof KINDS)[number]
  const log = process.argv[4] as (typeof LOGS)[number]
  const gc = (globalThis as { gc?: () => void }).gc!
  const { createMockGateway } = await import('../src/index.js')
  const { signer } = await import('@merchant-gateway/contract/crypto')
  const mock = createMockGateway({
    clock: { now: '2026-11-02T09:00:00Z', frozen: true },
    requestLogLimit: log === 'nothing logged' ? 0 : WARM + REQUESTS,
    requestLogBodies: log === 'entries, headers, bodies',
    seed: [
      {
        apiKey: 'mk_bench',
        apiSecret: 'sk_bench',
        balances: { usd: 1000 },
        stores: [{ storeName: 'S', address: 'A' }],
      },
    ],
  })
  await mock.ready
  const base = `${mock.baseUrl}/api/v1/payment-gateway`
  const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
    const res = await mock.fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'mk_bench', ...headers },
      body,
    })
    await res.text()
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
  }
  const note = 'x'.repeat(2048)
  const order = (extra: boolean) =>
    post('/order/create', JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD', ...(extra ? { note } : {}) }))
  // A paid order of 1000 USD to refund a cent at a time.
  const orderRes = await mock.fetch(`${base}/order/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'mk_bench' },
    body: JSON.stringify({ storeId: 101, amount: 1000, currency: 'USD' }),
  })
  const orderId = Number(((await orderRes.json()) as { order_id: string }).order_id)
  await mock.payments.create({ orderId, status: 'SUCCESS' })
  const timestamp = String(Math.floor(Date.parse(mock.clock.now()) / 1000))
  const refund = async () => {
    const body = JSON.stringify({ orderId, refundAmount: 0.01 })
    const signature = await signer.signRequest({ secret: 'sk_bench', body, timestamp })
    await post('/order/refund', body, {
      'X-Timestamp': timestamp,
      'X-Signature': signature,
      'X-Idempotent-Key': crypto.randomUUID(),
    })
  }
  const once = kind === 'refund' ? refund : () => order(kind !== 'create order')
  for (let i = 0; i < WARM; i++) await once()
  gc()
  gc()
  const before = process.memoryUsage().heapUsed
  for (let i = 0; i < REQUESTS; i++) await once()
  gc()
  gc()
  process.stdout.write(String((process.memoryUsage().heapUsed - before) / REQUESTS))
  process.exit(0)
}

const self = fileURLToPath(import.meta.url)
const root = fileURLToPath(new URL('../../../', import.meta.url))
const measure = (kind: string, log: string) =>
  Number(
    execFileSync(
      process.execPath,
      ['--conditions=@merchant-gateway/source', '--import', 'tsx', '--expose-gc', self, 'child', kind, log],
      { cwd: root, encoding: 'utf8' },
    ),
  )
console.log(`Heap per request after a full GC (${REQUESTS} requests through mock.fetch, Node ${process.version})`)
console.log(`  ${'request'.padEnd(22)} ${'entry only'.padStart(12)} ${'with headers, body'.padStart(20)}`)
for (const kind of KINDS) {
  const [none, entries, full] = LOGS.map((log) => measure(kind, log))
  const entry = entries! - none!
  const withBody = full! - none!
  console.log(
    `  ${kind.padEnd(22)} ${`${entry.toFixed(0)} B`.padStart(12)} ${`${withBody.toFixed(0)} B`.padStart(20)}` +
      `   (headers and body: +${(withBody - entry).toFixed(0)} B)`,
  )
}
