/**
 * The `npm start` walkthrough: one merchant's day against the embedded mock, in-process, printing
 * each step. It speaks the wire protocol by hand (standard calls with X-Api-Key, signed calls with
 * X-Timestamp, X-Signature and X-Idempotent-Key) through `mock.fetch`, so nothing leaves the process.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { createMockGateway } from '@merchant-gateway/mock'

const mock = createMockGateway({ clock: { frozen: true } })
let step = 0
const say = (title: string, detail: unknown = '') =>
  console.log(`\n${++step}. ${title}${detail === '' ? '' : `\n   ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`)

async function standard(apiKey: string, path: string, body?: unknown) {
  const res = await mock.fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { [HEADERS.apiKey]: apiKey, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return check(res)
}

async function signed(apiKey: string, apiSecret: string, path: string, body: unknown) {
  const raw = JSON.stringify(body)
  const timestamp = String(Math.floor(Date.parse(mock.clock.now()) / 1000))
  const res = await mock.fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      [HEADERS.apiKey]: apiKey,
      [HEADERS.timestamp]: timestamp,
      [HEADERS.signature]: await signer.signRequest({ secret: apiSecret, body: raw, timestamp }),
      [HEADERS.idempotentKey]: crypto.randomUUID(),
      'Content-Type': 'application/json',
    },
    body: raw,
  })
  return check(res)
}

async function check(res: Response) {
  const body = await res.json()
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`)
  return body
}

const fmt = (b: { usd: { balance: number; freeze: number; usable: number } }) =>
  `USD balance ${b.usd.balance.toFixed(2)} = usable ${b.usd.usable.toFixed(2)} + freeze ${b.usd.freeze.toFixed(2)}`

console.log(`merchant-gateway walkthrough against the embedded mock (${mock.baseUrl}), clock at ${mock.clock.now()}`)

const merchant = await mock.merchants.create({ name: 'Riverside Coffee', balances: { usd: 100 } })
const { apiKey, apiSecret } = merchant
say('Merchant created (control API)', { merchantId: merchant.merchantId, apiKey, opening: 'USD 100.00' })

await mock.stores.add(merchant.merchantId, { storeName: 'Riverside Coffee', address: '12 Sisowath Quay, Phnom Penh' })
const stores = await standard(apiKey, GATEWAY_PATHS.listStores)
const storeId: number = stores.data[0].storeId
say('Store added in the merchant app and listed by the API', stores.data)

const order = await standard(apiKey, GATEWAY_PATHS.createOrder, { storeId, amount: 24.5, currency: 'USD' })
say('Order created', order)

const delivered = new Promise<string>((resolve) => {
  mock.webhooks.on(async (d) => {
    const ok = await signer.verifyWebhook({ secret: apiSecret, rawBody: d.rawBody, createTimeMilli: d.payload.createTimeMilli, signature: d.signature })
    resolve(`${d.payload.status} for order ${d.payload.orderId}, transaction ${d.payload.transactionId}; signature ${ok ? 'verified' : 'INVALID'}`)
  })
})
const payment = await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS', payer: { accountName: 'Chan Sophea', accountNumber: '099887766' } })
say('Customer paid the QR code (control API)', payment)
say('Webhook received', await delivered)

const refund = await signed(apiKey, apiSecret, GATEWAY_PATHS.refundOrder, { orderId: Number(order.order_id), refundAmount: 4.5 })
say('Partial refund requested (signed, idempotent)', refund.data)

await mock.accounts.add(merchant.merchantId, { accountNumber: '001234567', accountName: 'Riverside Coffee Co., Ltd.' })
const payout = await signed(apiKey, apiSecret, GATEWAY_PATHS.payout, { accountNumber: '001234567', amount: 50, currency: 'USD' })
say('Payout requested (signed, idempotent)', payout.data)

say('Balance while refund and payout are processing', fmt((await standard(apiKey, GATEWAY_PATHS.balanceInquiry)).data))

await mock.clock.advance(7 * 86_400_000)
const refundTx = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.transactionDetail}?transaction_id=${refund.data.transactionId}`, {
  headers: { [HEADERS.apiKey]: apiKey },
}).then(check)
say(`A week later on the mock clock (${mock.clock.now()}): refund ${refundTx.status}`, fmt((await standard(apiKey, GATEWAY_PATHS.balanceInquiry)).data))

const problems = mock.audit()
say('Ledger audit', problems.length === 0 ? 'books balance: no money lost or created' : problems.join('; '))
if (problems.length > 0) process.exitCode = 1
