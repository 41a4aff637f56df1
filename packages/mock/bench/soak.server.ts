/**
 * The server of the soak run (soak.ts), in a process of its own so that its memory is its own: the
 * mock's HTTP server on 127.0.0.1 (a free port, frozen clock moved by the driver, the demo merchant
 * sending its webhooks to the driver's failing receiver). Answers the driver's `sample` message with
 * its memory after a full GC and `mock.stats()`. Run with `--expose-gc`; argv: <webhook URL> [keepRecordsSeconds]
 * [refund settlement business days].
 */
import { DEMO_MERCHANT, startMockServer } from '../src/server.js'
import type { MockStats } from '../src/index.js'

/** What the server reports to the driver. */
export type ServerReport =
  | { kind: 'ready'; url: string }
  | { kind: 'sample'; rss: number; heapUsed: number; heapTotal: number; external: number; stats: MockStats }

const gc = (globalThis as { gc?: () => void }).gc
const webhookUrl = process.argv[2]
const keepRecordsSeconds =
  process.argv[3] === undefined || process.argv[3] === 'off' ? undefined : Number(process.argv[3])
const refundDays = process.argv[4] === undefined ? undefined : Number(process.argv[4])
if (!gc || !webhookUrl) throw new Error('usage: node --expose-gc --import tsx soak.server.ts <webhook URL>')

const server = await startMockServer({
  port: 0,
  host: '127.0.0.1',
  clock: { now: '2026-11-02T09:00:00.000Z', frozen: true },
  seed: [{ ...DEMO_MERCHANT, webhookUrl }],
  // The driver's users ask for codes far more often than a person would.
  forgotPinLimit: false,
  pinHashIterations: 1000,
  ...(keepRecordsSeconds === undefined ? {} : { keepRecordsSeconds }),
  ...(refundDays === undefined ? {} : { settlementBusinessDays: { refund: refundDays } }),
})
process.send!({ kind: 'ready', url: server.url } satisfies ServerReport)
process.on('message', async (message: { kind: 'sample' } | { kind: 'exit' }) => {
  if (message.kind === 'exit') {
    await server.close()
    process.exit(0)
  }
  gc()
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
  process.send!({
    kind: 'sample',
    rss,
    heapUsed,
    heapTotal,
    external,
    stats: await server.mock.stats(),
  } satisfies ServerReport)
})
// The driver going away takes the server with it (no orphan).
process.on('disconnect', () => process.exit(0))
