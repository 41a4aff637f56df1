import { createMockGateway } from '@merchant-gateway/mock'
import ky from 'ky'
import { GatewayClient } from '../src/index.js'
const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00.000Z', frozen: true } })
const merchant = await mock.merchants.create({ balances: { usd: 1000 } })
const store = await mock.stores.add(merchant.merchantId, { storeName: 'B', address: 'x' })
const gateway = new GatewayClient({ apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch })
const gatewayNV = new GatewayClient({ apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, validateResponses: false })
const url = `${mock.baseUrl}/api/v1/payment-gateway/order/create`
const body = () => JSON.stringify({ storeId: store.storeId, amount: 12.5, currency: 'USD' })
const headers = { 'Content-Type': 'application/json', 'X-Api-Key': merchant.apiKey }
const k0 = ky.create({ fetch: mock.fetch, retry: 0, timeout: false })
const kt = ky.create({ fetch: mock.fetch, retry: 0, timeout: 30000 })
const kr = ky.create({ fetch: mock.fetch, retry: 2, timeout: 30000 })
const kp = ky.create({ fetch: mock.fetch, prefix: mock.baseUrl, retry: 2, timeout: 30000, totalTimeout: 120000 })
const noop = () => {}
const kh = ky.create({ fetch: mock.fetch, prefix: mock.baseUrl, retry: { statusCodes: [429, 503], afterStatusCodes: [429, 503], delay: (n) => n, backoffLimit: 8000, jitter: true }, timeout: 30000, totalTimeout: 120000, hooks: { beforeRequest: [noop, noop], beforeRetry: [noop, noop] } })
const khNoTotal = ky.create({ fetch: mock.fetch, prefix: mock.baseUrl, retry: 2, timeout: 30000, hooks: { beforeRequest: [noop, noop], beforeRetry: [noop, noop] } })
const retry = { methods: ['get', 'post'], statusCodes: [429, 503], afterStatusCodes: [429, 503], delay: (n: number) => n, backoffLimit: 8000, jitter: true }
const k1 = ky.create({ fetch: mock.fetch, prefix: mock.baseUrl, retry, timeout: 30000, hooks: { beforeRequest: [noop], beforeRetry: [noop] } })
const path = 'api/v1/payment-gateway/order/create'
const plain = { 'content-type': 'application/json', 'x-api-key': merchant.apiKey, accept: 'application/json' }
const modes: Record<string, () => Promise<unknown>> = {
  hand: async () => { const r = await mock.fetch(url, { method: 'POST', headers, body: body() }); return r.json() },
  handsig: async () => { const c = new AbortController(); const t = setTimeout(() => c.abort(), 30000); const r = await mock.fetch(url, { method: 'POST', headers, body: body(), signal: c.signal }); clearTimeout(t); return r.json() },
  ky0: async () => (await k0(url, { method: 'post', headers, body: body() })).text(),
  ky0text: () => k0(url, { method: 'post', headers, body: body() }).text(),
  kyt: () => kt(url, { method: 'post', headers, body: body() }).text(),
  kyr: () => kr(url, { method: 'post', headers, body: body() }).text(),
  kyp: () => kp('api/v1/payment-gateway/order/create', { method: 'post', headers, body: body() }).text(),
  kyh: () => kh('api/v1/payment-gateway/order/create', { method: 'post', headers, body: body() }).text(),
  kyhNoTotal: () => khNoTotal('api/v1/payment-gateway/order/create', { method: 'post', headers, body: body() }).text(),
  kyhH: () => kh('api/v1/payment-gateway/order/create', { method: 'post', headers: new Headers(headers), body: body() }).text(),
  kyhR: () => kh('api/v1/payment-gateway/order/create', { method: 'post', headers, body: body(), retry: { limit: 2, methods: ['post'], shouldRetry: () => false }, context: { a: 1, b: 2 } }).text(),
  kyhAll: async () => { const p = kh('api/v1/payment-gateway/order/create', { method: 'post', headers: new Headers(headers), body: body(), timeout: 30000, totalTimeout: 120000, retry: { limit: 2, methods: ['post'], shouldRetry: () => false }, context: { a: 1, b: 2 } }); const [r, t] = await Promise.all([p, p.text()]); return t },
  kyhAllDirect: async () => { const r = await kh('api/v1/payment-gateway/order/create', { method: 'post', headers: new Headers(headers), body: body(), timeout: 30000, totalTimeout: 120000, retry: { limit: 2, methods: ['post'], shouldRetry: () => false }, context: { a: 1, b: 2 } }); return r.text() },
  V2: async () => { const p = k1(path, { method: 'post', headers: plain, body: body(), timeout: 30000, totalTimeout: 120000, retry: { limit: 2, shouldRetry: () => false }, context: { a: 1 } }); await p; return p.text() },
  V3: async () => { const p = k1(path, { method: 'post', headers: plain, body: body(), timeout: 30000, signal: AbortSignal.timeout(120000), retry: { limit: 2, shouldRetry: () => false }, context: { a: 1 } }); await p; return p.text() },
  V3b: async () => { const p = k1(path, { method: 'post', headers: plain, body: body(), timeout: 30000, retry: { limit: 2, shouldRetry: () => false }, context: { a: 1 } }); await p; return p.text() },
  V4: async () => { const r = await k1(path, { method: 'post', headers: plain, body: body(), timeout: 30000, retry: { limit: 2, shouldRetry: () => false }, context: { a: 1 } }); return r.text() },
  sdkNV: () => gatewayNV.orders.create({ storeId: store.storeId, amount: 12.5, currency: 'USD' }),
  sdk: () => gateway.orders.create({ storeId: store.storeId, amount: 12.5, currency: 'USD' }),
}
const list = process.argv.slice(2)
for (const m of list) for (let i = 0; i < 2000; i++) await modes[m]!()
for (let round = 0; round < 3; round++) {
  const line: string[] = []
  for (const m of list) {
    ;(globalThis as any).gc?.()
    const t = process.cpuUsage(); const n = Number(process.env.N ?? 2000)
    for (let i = 0; i < n; i++) await modes[m]!()
    const u = process.cpuUsage(t); line.push(`${m} ${((u.user + u.system) / n).toFixed(1)}`)
  }
  console.log(line.join('  '))
}
