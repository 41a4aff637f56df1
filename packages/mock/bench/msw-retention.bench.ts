/**
 * Benchmark: heap retained per request by msw's `setupServer` interception against the same requests
 * through `mock.fetch`, each in a child process of its own (`--expose-gc`): 500 requests to warm up, then
 * 3 000 list-stores requests, the heap after a full GC before and after. A leak-free path retains ~0 B.
 * msw 3.0.x's interceptor keeps ~47 KB per request (an upstream issue); the mock's own `fetch` does not.
 *
 *   npm run bench:msw -w @merchant-gateway/mock
 *
 * A measurement, not a test: it exits 0 whatever the figures.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const REQUESTS = 3000

if (process.argv[2] === 'child') {
  const mode = process.argv[3]
  const gc = (globalThis as { gc?: () => void }).gc!
  const { createMockGateway } = await import('../src/index.js')
  const mock = createMockGateway({
    clock: { now: '2026-11-02T09:00:00Z', frozen: true },
    requestLogLimit: 0,
    seed: [{ apiKey: 'mk_bench', apiSecret: 'sk_bench', stores: [{ storeName: 'S', address: 'A' }] }],
  })
  await mock.ready
  let send: typeof fetch = mock.fetch
  if (mode === 'setupServer') {
    const { setupServer } = await import('msw/node')
    setupServer(...mock.handlers).listen({ onUnhandledFrame: 'error' })
    send = globalThis.fetch
  }
  const once = async () => {
    const res = await send(`${mock.baseUrl}/api/v1/payment-gateway/stores/list`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'mk_bench' },
    })
    await res.text()
    if (res.status !== 200) throw new Error(`list stores answered ${res.status}`)
  }
  for (let i = 0; i < 500; i++) await once()
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
console.log(`Heap retained per request after a full GC (${REQUESTS} list-stores requests, Node ${process.version})`)
for (const mode of ['mock.fetch', 'setupServer']) {
  const bytes = Number(
    execFileSync(
      process.execPath,
      ['--conditions=@merchant-gateway/source', '--import', 'tsx', '--expose-gc', self, 'child', mode],
      { cwd: root, encoding: 'utf8' },
    ),
  )
  console.log(
    `  ${mode.padEnd(12)} ${(bytes / 1024).toFixed(1).padStart(6)} KB per ` +
      `request${mode === 'mock.fetch' ? ' (goal ~0: nothing retained)' : ''}`,
  )
}
