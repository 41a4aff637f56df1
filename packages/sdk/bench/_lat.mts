import { createMockGateway } from '@merchant-gateway/mock'
import ky from 'ky'
import { GatewayClient } from '../src/index.js'
const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00.000Z', frozen: true } })
mock.faults.add({ route: 'POST /api/v1/payment-gateway/order/create', kind: 'latency', delayMs: 5, times: 'always' })
const merchant = await mock.merchants.create({ balances: { usd: 1000 } })
const store = await mock.stores.add(merchant.merchantId, { storeName: 'B', address: 'x' })
const gateway = new GatewayClient({ apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch })
const url = `${mock.baseUrl}/api/v1/payment-gateway/order/create`
const body = () => JSON.stringify({ storeId: store.storeId, amount: 12.5, currency: 'USD' })
const headers = { 'Content-Type': 'application/json', 'X-Api-Key': merchant.apiKey }
const k0 = ky.create({ fetch: mock.fetch, retry: 0, timeout: false })
const kp = ky.create({ fetch: mock.fetch, prefix: mock.baseUrl, retry: 2, timeout: 30000, totalTimeout: 120000 })
const modes: Record<string, () => Promise<unknown>> = {
  hand: async () => { const r = await mock.fetch(url, { method: 'POST', headers, body: body() }); return r.json() },
  handsig: async () => { const c = new AbortController(); const t = setTimeout(() => c.abort(), 30000); const r = await mock.fetch(url, { method: 'POST', headers, body: body(), signal: c.signal }); clearTimeout(t); return r.json() },
  ky0: async () => (await k0(url, { method: 'post', headers, body: body() })).text(),
  kyp: () => kp('api/v1/payment-gateway/order/create', { method: 'post', headers, body: body() }).text(),
  sdk: () => gateway.orders.create({ storeId: store.storeId, amount: 12.5, currency: 'USD' }),
}
const list = process.argv.slice(2)
for (const m of list) for (let i = 0; i < 30; i++) await modes[m]!()
for (let round = 0; round < 4; round++) {
  const line: string[] = []
  for (const m of list) {
    const t = performance.now(); const c = process.cpuUsage(); const n = 60
    for (let i = 0; i < n; i++) await modes[m]!()
    const u = process.cpuUsage(c)
    line.push(`${m} ${((performance.now() - t) * 1000 / n).toFixed(0)}/${((u.user + u.system) / n).toFixed(0)}`)
  }
  console.log(line.join('  '))
}
