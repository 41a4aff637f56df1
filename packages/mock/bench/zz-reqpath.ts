// A request-path load: create order, pay, transaction detail, signed refund, balance, through mock.fetch.
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { createMockGateway } from '@merchant-gateway/mock'
const N = Number(process.env.N ?? 4000)
const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
const m = await mock.merchants.create({ balances: { usd: 1_000_000 } })
const { storeId } = await mock.stores.add(m.merchantId, { storeName: 'S', address: 'A' })
const url = (p: string) => `${mock.baseUrl}${p}`
const ts = String(Math.floor(Date.parse(mock.clock.now()) / 1000))
let t0 = 0, c0 = 0
for (let i = 0; i < N; i++) {
  if (i === N / 2) { t0 = performance.now(); c0 = process.cpuUsage().user }
  const o = await (await mock.fetch(url(GATEWAY_PATHS.createOrder), { method: 'POST', headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: m.apiKey }, body: JSON.stringify({ storeId, amount: 10, currency: 'USD' }) })).json() as { order_id: string }
  const pay = await mock.payments.create({ orderId: Number(o.order_id), status: 'SUCCESS' })
  await (await mock.fetch(url(`${GATEWAY_PATHS.transactionDetail}?transaction_id=${pay.transactionId}`), { headers: { [HEADERS.apiKey]: m.apiKey } })).json()
  const raw = JSON.stringify({ orderId: Number(o.order_id), refundAmount: 1 })
  const sig = await signer.signRequest({ secret: m.apiSecret, body: raw, timestamp: ts })
  const r = await mock.fetch(url(GATEWAY_PATHS.refundOrder), { method: 'POST', headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: m.apiKey, [HEADERS.timestamp]: ts, [HEADERS.signature]: sig, [HEADERS.idempotentKey]: crypto.randomUUID() }, body: raw })
  if (r.status !== 200) throw new Error(String(r.status))
  await r.json()
  await (await mock.fetch(url(GATEWAY_PATHS.balanceInquiry), { method: 'POST', headers: { [HEADERS.apiKey]: m.apiKey } })).json()
}
console.log(((process.cpuUsage().user - c0) / (N / 2)).toFixed(1))
