/**
 * The merchant gateway flow in headless Chromium: the mock runs in the page behind MSW's service
 * worker, `GatewayClient` uses the page's global `fetch` (no `fetch` option), and the control API acts
 * as the merchant's app and the paying customer. Refunds are signed with Web Crypto in the page and
 * checked by the mock with Web Crypto; both sign with the mock's frozen clock (`now` option), so the
 * timestamp is always inside the 300 s tolerance.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { hmac, signer } from '@merchant-gateway/contract/crypto'
import { createMockGateway, type MerchantCredentials } from '@merchant-gateway/mock'
import { AuthenticationError, GatewayClient, InvalidRequestError, isGatewayError } from '@merchant-gateway/sdk'
import { describe, expect, it } from 'vitest'
import { NOW, WORKER_SCRIPT_URL, failure, timingsOf, useMockWorker } from './worker.js'

const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
const mockWorker = useMockWorker(mock)

/** A merchant with one store, made through the control API (as the merchant's mobile app would). */
async function merchantWithStore(balances: {
  usd?: number
  khr?: number
}): Promise<MerchantCredentials & { storeId: number }> {
  const merchant = await mock.merchants.create({ balances })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St, Phnom Penh' })
  return { ...merchant, storeId: store.storeId }
}

/** A client on the page's global fetch, signing with the mock's clock. */
function clientFor(merchant: MerchantCredentials): GatewayClient {
  return new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    now: () => Date.parse(mock.clock.now()),
    retryBaseDelay: 1,
    retryMaxDelay: 5,
  })
}

/** An order created by the SDK and paid by the customer (control API); returns its id. */
async function paidOrder(gateway: GatewayClient, storeId: number, amount: number): Promise<number> {
  const order = await gateway.orders.create({ storeId, amount, currency: 'USD' })
  const orderId = Number(order.order_id)
  expect(await mock.payments.create({ orderId, status: 'SUCCESS' })).toMatchObject({ orderId, status: 'completed' })
  return orderId
}

describe('the page runs under MSW’s service worker', () => {
  it('the page is controlled by the worker script the msw/vite plugin serves, and fetch is the browser’s own', () => {
    expect(navigator.serviceWorker.controller?.scriptURL).toBe(WORKER_SCRIPT_URL)
    expect(navigator.serviceWorker.controller?.state).toBe('activated')
    // MSW's in-page fallback (no service worker) would replace fetch with an interceptor; it is untouched.
    expect(Function.prototype.toString.call(globalThis.fetch)).toContain('[native code]')
  })

  it('@merchant-gateway/contract/crypto resolves to the Web Crypto entry in the page, not node:crypto', () => {
    expect(hmac.name).toBe('web')
    expect(signer.provider.name).toBe('web')
  })
})

describe('the release timeline in the page', () => {
  it(
    'X-Service-Deprecation-Warning (2026-03-10, release 1.4.0) reaches page ' +
      'code through the worker, with the trace id',
    async () => {
      const merchant = await merchantWithStore({ usd: 10 })
      await mock.clock.set('2026-03-10T09:00:00Z')
      const res = await fetch(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
        method: 'POST',
        headers: { 'X-Api-Key': merchant.apiKey },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('X-Service-Deprecation-Warning')).toMatch(
        /^X-App-Id, X-Timestamp on standard endpoints, and unsigned snake_case refund and payout requests/,
      )
      expect(res.headers.get('X-Trace-Id')).toMatch(/^trc_/)
      // The browser records the fetch (Resource Timing) once its body is read.
      expect((await res.json()).data).toHaveLength(1)
      const [timing] = timingsOf(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`)
      expect(timing?.workerStart).toBeGreaterThan(0)
    },
  )
})

describe('gateway flow through the worker', () => {
  it(
    'create order (SDK), pay (control API), refund (SDK, Web Crypto ' +
      'signature), then balance (SDK) shows the exact figures',
    async () => {
      const merchant = await merchantWithStore({ usd: 100 })
      const gateway = clientFor(merchant)

      expect(await gateway.stores.list()).toEqual([
        { storeId: merchant.storeId, storeName: 'Riverside', address: '1 Main St, Phnom Penh' },
      ])

      const order = await gateway.orders.create({ storeId: merchant.storeId, amount: 12.5, currency: 'USD' })
      const orderId = Number(order.order_id)
      expect(order.status).toBe('pending')
      // The request left the page and reached this mock: the order exists on the mock's side...
      expect(mock.orders.get(orderId)).toMatchObject({
        orderId,
        storeId: merchant.storeId,
        amount: 12.5,
        currency: 'USD',
        status: 'pending',
      })
      // ...it arrived through MSW's worker channel...
      const createUrl = `${mock.baseUrl}${GATEWAY_PATHS.createOrder}`
      expect(mockWorker.requests).toContain(`POST ${createUrl}`)
      // ...and the browser records that a service worker handled that fetch.
      const [timing] = timingsOf(createUrl)
      expect(timing?.workerStart).toBeGreaterThan(0)

      expect(await mock.payments.create({ orderId, status: 'SUCCESS' })).toMatchObject({ orderId, status: 'completed' })
      expect(mock.orders.get(orderId)?.status).toBe('completed')

      const refund = await gateway.refunds.create({ orderId, amount: 2.5 })
      expect(refund).toMatchObject({ orderId, amount: 2.5, currency: 'USD', transactionDate: NOW })
      expect(refund.meta).toMatchObject({ status: 200, attempts: 1, replayed: false })
      expect(refund.meta.idempotencyKey).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      expect(mock.transactions.get(refund.transactionId)).toMatchObject({
        kind: 'refund',
        orderId,
        amount: 2.5,
        status: 'pending',
      })

      // 100 opening + 12.50 paid; the 2.50 refund is frozen until it settles (5 business days).
      expect(await gateway.balance.retrieve()).toEqual({
        usd: { balance: 112.5, freeze: 2.5, usable: 110 },
        khr: { balance: 0, freeze: 0, usable: 0 },
      })

      // Monday + 7 days: the refund settled. The SDK now signs with the moved clock, still accepted.
      await mock.clock.advance(7 * 86_400_000)
      expect(mock.transactions.get(refund.transactionId)?.status).toBe('completed')
      expect(await gateway.balance.retrieve()).toEqual({
        usd: { balance: 110, freeze: 0, usable: 110 },
        khr: { balance: 0, freeze: 0, usable: 0 },
      })
      expect(await gateway.balance.retrieve()).toEqual(await mock.balances(merchant.merchantId))
      expect(mock.audit()).toEqual([])
    },
  )

  it(
    'a refund repeated with the same idempotency key is replayed: same ' +
      'transaction, X-Idempotent-Replayed read through the worker, money ' +
      'moved once',
    async () => {
      const merchant = await merchantWithStore({ usd: 0 })
      const gateway = clientFor(merchant)
      const orderId = await paidOrder(gateway, merchant.storeId, 20)

      const first = await gateway.refunds.create({ orderId, amount: 5 }, { idempotencyKey: 'order-refund-1' })
      const again = await gateway.refunds.create({ orderId, amount: 5 }, { idempotencyKey: 'order-refund-1' })
      expect(first.meta.replayed).toBe(false)
      expect(again.meta.replayed).toBe(true)
      expect(again.transactionId).toBe(first.transactionId)
      expect(mockWorker.requests.filter((r) => r.endsWith(GATEWAY_PATHS.refundOrder))).toHaveLength(2)
      expect((await gateway.balance.retrieve()).usd).toEqual({ balance: 20, freeze: 5, usable: 15 })
      expect(mock.audit()).toEqual([])
    },
  )
})

describe('errors through the worker', () => {
  it(
    'a refund above what remains of the order is an InvalidRequestError 422 ' +
      'refund_exceeds_remaining, and moves no money',
    async () => {
      const merchant = await merchantWithStore({ usd: 100 })
      const gateway = clientFor(merchant)
      const orderId = await paidOrder(gateway, merchant.storeId, 12.5)
      await gateway.refunds.create({ orderId, amount: 2.5 })
      const before = await mock.balances(merchant.merchantId)

      // 10.00 remains; 10.01 is refused by the mock's rule, not by the SDK's own checks.
      const error = await failure(() => gateway.refunds.create({ orderId, amount: 10.01 }))
      expect(error).toBeInstanceOf(InvalidRequestError)
      expect(isGatewayError(error)).toBe(true)
      expect(error.status).toBe(422)
      expect(error.code).toBe('refund_exceeds_remaining')
      expect(error.attempts).toBe(1)
      expect(error.idempotencyKey).toEqual(expect.any(String))
      expect(mockWorker.requests.filter((r) => r.endsWith(GATEWAY_PATHS.refundOrder))).toHaveLength(2)

      expect(await mock.balances(merchant.merchantId)).toEqual(before)
      expect(before.usd).toEqual({ balance: 112.5, freeze: 2.5, usable: 110 })
      expect(mock.audit()).toEqual([])
    },
  )

  it('a wrong API key is an AuthenticationError 401 from the mock (the worker answers, no real network)', async () => {
    await merchantWithStore({ usd: 1 })
    const gateway = new GatewayClient({
      apiKey: 'mk_not_a_merchant',
      baseUrl: mock.baseUrl,
      now: () => Date.parse(mock.clock.now()),
    })
    const error = await failure(() => gateway.stores.list())
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.status).toBe(401)
    expect(mockWorker.requests).toEqual([`POST ${mock.baseUrl}${GATEWAY_PATHS.listStores}`])
  })
})
