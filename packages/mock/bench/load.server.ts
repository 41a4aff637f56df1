/**
 * The server of the load benchmark (load.bench.ts), in a process of its own so that its RSS is its own: the mock's
 * HTTP server on 127.0.0.1 (a free port, the demo merchant, no request log). argv: <keepRecordsSeconds | off>.
 * With `off` the clock is frozen; with a number it runs in real time, so that finished records are forgotten. Prints
 * `ready <url>` on stderr once listening; goes with its parent.
 */
import { DEMO_MERCHANT, startMockServer } from '../src/server.js'

const keep = process.argv[2] === undefined || process.argv[2] === 'off' ? undefined : Number(process.argv[2])
const server = await startMockServer({
  port: 0,
  host: '127.0.0.1',
  clock: keep === undefined ? { now: '2026-11-02T09:00:00Z', frozen: true } : { now: '2026-11-02T09:00:00Z' },
  seed: [DEMO_MERCHANT],
  ...(keep === undefined ? {} : { keepRecordsSeconds: keep }),
})
console.error(`ready ${server.url}`)
process.stdin.on('end', () => process.exit(0)).resume()
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
