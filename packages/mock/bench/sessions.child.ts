/**
 * The child process of the sessions benchmark (sessions.bench.ts), so that its heap and CPU are its own. argv:
 *
 * - `memory` (run with `--expose-gc`): the heap an empty session takes and a session holding 100 paid orders,
 *   against the estimate the server's cap counts with (session-memory.ts), and the time to make a session in
 *   code; prints one JSON line on stdout and exits;
 * - `serve`: the mock's HTTP server on 127.0.0.1 (a free port, the demo merchant, frozen clock, no log, sessions
 *   capped far above the bench's needs); prints `ready <url>` on stderr and goes with its parent.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { sessionMemory } from '../src/adapters/sessions/session-memory.js'
import { DEMO_MERCHANT, startMockServer, type MockServerOptions, type MockSession } from '../src/server.js'

const OPTIONS: MockServerOptions = {
  port: 0,
  host: '127.0.0.1',
  clock: { now: '2026-11-02T09:00:00Z', frozen: true },
  seed: [DEMO_MERCHANT],
  sessions: { max: 10_000, maxMemoryMb: 100_000, idleSeconds: 0 },
}

/** Creates an order and pays it, in a session, over HTTP (as a test would). */
async function paidOrder(session: MockSession): Promise<void> {
  const res = await fetch(`${session.baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': DEMO_MERCHANT.apiKey },
    body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
  })
  const { order_id: orderId } = (await res.json()) as { order_id: string }
  const paid = await fetch(`${session.baseUrl}/__mock/payments`, {
    method: 'POST',
    body: JSON.stringify({ orderId: Number(orderId), status: 'SUCCESS' }),
  })
  if (paid.status !== 201) throw new Error(`payment: ${paid.status}`)
}

async function memory(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('usage: node --expose-gc --import tsx sessions.child.ts memory')
  const heap = () => {
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }
  const server = await startMockServer(OPTIONS)
  // Warm-up: the first sessions load code and fill caches that the next ones share.
  for (let i = 0; i < 5; i++) await server.sessions.create()
  const empty = 100
  const before = heap()
  const createMs: number[] = []
  const made: MockSession[] = []
  for (let i = 0; i < empty; i++) {
    const started = performance.now()
    made.push(await server.sessions.create())
    createMs.push(performance.now() - started)
  }
  const emptyBytes = (heap() - before) / empty
  const full = 20
  const filledBefore = heap()
  for (const session of made.slice(0, full)) for (let i = 0; i < 100; i++) await paidOrder(session)
  const ordersBytes = (heap() - filledBefore) / full
  const estimate = async (session: MockSession) => sessionMemory(await session.mock.stats())
  console.log(
    JSON.stringify({
      emptyBytes,
      emptyEstimate: await estimate(made[full]!),
      withOrdersBytes: emptyBytes + ordersBytes,
      withOrdersEstimate: await estimate(made[0]!),
      records: (await made[0]!.mock.stats()).records,
      requestLog: (await made[0]!.mock.stats()).requestLog,
      createMs: createMs.sort((a, b) => a - b),
    }),
  )
  await server.close()
}

async function serve(): Promise<void> {
  const server = await startMockServer(OPTIONS)
  console.error(`ready ${server.url}`)
  process.stdin.on('end', () => process.exit(0)).resume()
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
}

if (process.argv[2] === 'memory') await memory()
else if (process.argv[2] === 'serve') await serve()
else throw new Error('usage: sessions.child.ts memory | serve')
