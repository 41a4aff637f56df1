import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { ResponseValidationError, type ResponseMeta } from '../src/index.js'
import {
  expectedSignature,
  failure,
  jsonResponse,
  NOW,
  paidOrder,
  rawCreateOrder,
  setup,
  UUID_V4,
  type FetchSpy,
  type Intercept,
} from './harness.js'

const NOW_SECONDS = String(Math.floor(Date.parse(NOW) / 1000))
const THIRTY_MINUTES_LATER = new Date(Date.parse(NOW) + 30 * 60_000).toISOString()

/**
 * The meta of a one-attempt, first-time call: status 200, the trace id the gateway sent, one attempt,
 * not replayed, the idempotency key only on signed calls, and `meta` kept out of the data.
 */
function expectFirstTimeMeta(result: object & { meta: ResponseMeta }, spy: FetchSpy, signed: boolean): void {
  const { meta } = result
  expect(spy.calls).toHaveLength(1)
  const headerTrace = spy.calls[0]!.response!.headers.get(HEADERS.traceId)
  expect(meta.status).toBe(200)
  expect(meta.traceId).toEqual(expect.any(String))
  expect(meta.traceId).not.toBe('')
  expect(meta.traceId).toBe(headerTrace)
  expect(meta.attempts).toBe(1)
  expect(meta.replayed).toBe(false)
  if (signed) {
    expect(meta.idempotencyKey).toMatch(UUID_V4)
    expect(meta.idempotencyKey).toBe(spy.header(0, HEADERS.idempotentKey))
  } else {
    expect(meta.idempotencyKey).toBeUndefined()
  }
  expect(Object.getOwnPropertyDescriptor(result, 'meta')?.enumerable).toBe(false)
  expect(Object.keys(result)).not.toContain('meta')
  expect(JSON.stringify(result)).not.toContain('meta')
}

/** A standard call sends X-Api-Key and none of the signed-call headers. */
function expectStandardHeaders(spy: FetchSpy, apiKey: string): void {
  expect(spy.header(0, HEADERS.apiKey)).toBe(apiKey)
  for (const name of [HEADERS.timestamp, HEADERS.signature, HEADERS.idempotentKey, HEADERS.appId])
    expect(spy.header(0, name)).toBeNull()
}

/** Rewrites the JSON body of the mock's 2xx answers. */
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON body of any shape
function rewriteBody(change: (body: any) => unknown): Intercept {
  return async (request, next) => {
    const response = await next(request)
    if (!response.ok) return response
    return jsonResponse(change(await response.json()), response)
  }
}

describe('operations through mock.fetch (happy paths)', () => {
  it(
    'stores.list POSTs with X-Api-Key only and returns the stores as list ' +
      'stores shows them, unwrapped from the envelope',
    async () => {
      const { mock, merchant, client, spy } = await setup()
      const second = await mock.stores.add(merchant.merchantId, { storeName: 'Airport', address: 'Terminal 2' })
      const stores = await client.stores.list()
      expect(stores).toEqual([
        { storeId: merchant.storeId, storeName: 'Riverside', address: '1 Main St, Phnom Penh' },
        { storeId: second.storeId, storeName: 'Airport', address: 'Terminal 2' },
      ])
      expect(spy.requests()[0]!.method).toBe('POST')
      expect(spy.requests()[0]!.url).toBe(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`)
      expectStandardHeaders(spy, merchant.apiKey)
      expectFirstTimeMeta(stores, spy, false)
    },
  )

  it('balance.retrieve returns the USD and KHR figures exactly as the mock holds them', async () => {
    const { mock, merchant, client, spy } = await setup({ balances: { usd: 125.5, khr: 400_000 } })
    const balance = await client.balance.retrieve()
    expect(balance).toEqual({
      usd: { balance: 125.5, freeze: 0, usable: 125.5 },
      khr: { balance: 400_000, freeze: 0, usable: 400_000 },
    })
    expect(balance).toEqual(await mock.balances(merchant.merchantId))
    expect(spy.requests()[0]!.url).toBe(`${mock.baseUrl}${GATEWAY_PATHS.balanceInquiry}`)
    expectStandardHeaders(spy, merchant.apiKey)
    expectFirstTimeMeta(balance, spy, false)
  })

  it(
    'orders.create writes {storeId: number} by default and returns the ' +
      'documented order (string id, QR URL, pending)',
    async () => {
      const { mock, merchant, client, spy } = await setup()
      const order = await client.orders.create({ storeId: merchant.storeId, amount: 12.5, currency: 'USD' })
      expect(await spy.bodyText(0)).toBe(JSON.stringify({ storeId: merchant.storeId, amount: 12.5, currency: 'USD' }))
      expect(spy.header(0, 'Content-Type')).toBe('application/json')
      const record = mock.orders.get(Number(order.order_id))
      expect(record).toMatchObject({ storeId: merchant.storeId, amount: 12.5, currency: 'USD', status: 'pending' })
      expect(order).toEqual({
        order_id: String(record!.orderId),
        qr_code: `${mock.baseUrl}/qr/${encodeURIComponent(record!.qrData)}.png`,
        status: 'pending',
        created_at: NOW,
      })
      expectStandardHeaders(spy, merchant.apiKey)
      expectFirstTimeMeta(order, spy, false)
    },
  )

  it(
    'orders.create with createOrderShape "store_id" writes the documented ' +
      '{store_id: string} and the mock creates the same order',
    async () => {
      const { mock, merchant, client, spy } = await setup({ client: { createOrderShape: 'store_id' } })
      const order = await client.orders.create({ storeId: merchant.storeId, amount: 4000, currency: 'KHR' })
      expect(await spy.bodyText(0)).toBe(
        JSON.stringify({ store_id: String(merchant.storeId), amount: 4000, currency: 'KHR' }),
      )
      expect(mock.orders.get(Number(order.order_id))).toMatchObject({
        storeId: merchant.storeId,
        amount: 4000,
        currency: 'KHR',
        status: 'pending',
      })
      expect(order).toMatchObject({ status: 'pending', created_at: NOW })
      expectFirstTimeMeta(order, spy, false)
    },
  )

  it('orders.cancel sends {order_id: string, reason} and returns the documented cancel result', async () => {
    const { mock, merchant, client, spy: cancelSpy } = await setup()
    const orderId = await rawCreateOrder(mock, merchant, 3)
    const cancelled = await client.orders.cancel({ orderId, reason: 'customer left' })
    expect(await cancelSpy.bodyText(0)).toBe(JSON.stringify({ order_id: String(orderId), reason: 'customer left' }))
    expect(cancelled).toEqual({ order_id: String(orderId), status: 'cancelled', cancelled_at: NOW })
    expect(mock.orders.get(orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'customer left' })
    expectStandardHeaders(cancelSpy, merchant.apiKey)
    expectFirstTimeMeta(cancelled, cancelSpy, false)
  })

  it('orders.cancel without a reason sends only order_id', async () => {
    const { mock, merchant, client, spy } = await setup()
    const orderId = await rawCreateOrder(mock, merchant, 3)
    await client.orders.cancel({ orderId })
    expect(await spy.bodyText(0)).toBe(JSON.stringify({ order_id: String(orderId) }))
    expect(mock.orders.get(orderId)).toMatchObject({ status: 'cancelled', cancelReason: null })
  })

  it('qrCodes.create sends {store_id: number} and returns the documented QR code, valid 30 minutes', async () => {
    const { mock, merchant, client, spy } = await setup()
    const qr = await client.qrCodes.create({ storeId: merchant.storeId, amount: 4000, currency: 'KHR' })
    expect(await spy.bodyText(0)).toBe(JSON.stringify({ store_id: merchant.storeId, amount: 4000, currency: 'KHR' }))
    expect(qr).toEqual({
      qr_code: `${mock.baseUrl}/qr/${encodeURIComponent(qr.qr_data)}.png`,
      qr_data: expect.stringMatching(/^MGW1[0-9A-F]+$/),
      expires_at: THIRTY_MINUTES_LATER,
    })
    // The QR data is real: the customer can pay it.
    const payment = await mock.payments.create({ qrData: qr.qr_data, status: 'SUCCESS' })
    expect(mock.transactions.get(payment.transactionId)).toMatchObject({
      amount: 4000,
      currency: 'KHR',
      status: 'completed',
    })
    expectStandardHeaders(spy, merchant.apiKey)
    expectFirstTimeMeta(qr, spy, false)
  })

  it(
    'transactions.retrieve is a GET with ?transaction_id= and no body, and ' + 'returns the documented transaction',
    async () => {
      const { mock, merchant, client, spy } = await setup()
      const { orderId, transactionId } = await paidOrder(mock, merchant, 20)
      const tx = await client.transactions.retrieve(transactionId)
      const request = spy.requests()[0]!
      expect(request.method).toBe('GET')
      expect(request.url).toBe(`${mock.baseUrl}${GATEWAY_PATHS.transactionDetail}?transaction_id=${transactionId}`)
      expect(request.body).toBeNull()
      expect(tx).toEqual({
        transaction_id: String(transactionId),
        order_id: String(orderId),
        amount: 20,
        currency: 'USD',
        status: 'completed',
        created_at: NOW,
        updated_at: NOW,
      })
      expectStandardHeaders(spy, merchant.apiKey)
      expectFirstTimeMeta(tx, spy, false)
    },
  )

  it(
    'refunds.create signs {orderId, refundAmount} with X-Timestamp ' +
      '(seconds) and X-Signature, sends a UUID v4 key, and returns the refund ' +
      'result',
    async () => {
      const { mock, merchant, client, spy } = await setup({ balances: { usd: 0 } })
      const { orderId } = await paidOrder(mock, merchant, 20)
      const refund = await client.refunds.create({ orderId, amount: 2.5 })
      const body = await spy.bodyText(0)
      expect(body).toBe(JSON.stringify({ orderId, refundAmount: 2.5 }))
      expect(spy.header(0, HEADERS.apiKey)).toBe(merchant.apiKey)
      expect(spy.header(0, HEADERS.timestamp)).toBe(NOW_SECONDS)
      expect(spy.header(0, HEADERS.signature)).toBe(expectedSignature(merchant.apiSecret, body, NOW_SECONDS))
      expect(spy.header(0, HEADERS.idempotentKey)).toMatch(UUID_V4)
      expect(spy.header(0, HEADERS.appId)).toBeNull()
      expect([...spy.requests()[0]!.headers.values()].some((value) => value.includes(merchant.apiSecret))).toBe(false)
      expect(body).not.toContain(merchant.apiSecret)
      expect(refund).toEqual({
        accountName: 'Mock Customer',
        accountNumber: '000000001',
        amount: 2.5,
        currency: 'USD',
        orderId,
        remark: '',
        transactionDate: NOW,
        transactionId: expect.any(Number),
      })
      expect(mock.transactions.get(refund.transactionId)).toMatchObject({
        kind: 'refund',
        orderId,
        amount: 2.5,
        status: 'pending',
      })
      expect((await mock.balances(merchant.merchantId)).usd).toEqual({ balance: 20, freeze: 2.5, usable: 17.5 })
      expectFirstTimeMeta(refund, spy, true)
    },
  )

  it(
    'payouts.create signs {accountNumber, amount, currency}, sends a UUID ' +
      'v4 key, and returns the payout result (orderId 0: a payout has no ' +
      'order)',
    async () => {
      const { mock, merchant, client, spy } = await setup({ balances: { usd: 100 } })
      await mock.accounts.add(merchant.merchantId, { accountNumber: '001234567', accountName: 'Sok Dara' })
      const payout = await client.payouts.create({ accountNumber: '001234567', amount: 40, currency: 'USD' })
      const body = await spy.bodyText(0)
      expect(body).toBe(JSON.stringify({ accountNumber: '001234567', amount: 40, currency: 'USD' }))
      expect(spy.header(0, HEADERS.signature)).toBe(expectedSignature(merchant.apiSecret, body, NOW_SECONDS))
      expect(payout).toEqual({
        accountName: 'Sok Dara',
        accountNumber: '001234567',
        amount: 40,
        currency: 'USD',
        orderId: 0,
        remark: '',
        transactionDate: NOW,
        transactionId: expect.any(Number),
      })
      expect((await mock.balances(merchant.merchantId)).usd).toEqual({ balance: 100, freeze: 40, usable: 60 })
      expectFirstTimeMeta(payout, spy, true)
    },
  )

  it('each signed call makes its own UUID v4 key: two refunds carry two different keys', async () => {
    const { mock, merchant, client, spy } = await setup({ balances: { usd: 0 } })
    const { orderId } = await paidOrder(mock, merchant, 20)
    const a = await client.refunds.create({ orderId, amount: 1 })
    const b = await client.refunds.create({ orderId, amount: 1 })
    expect(a.meta.idempotencyKey).toMatch(UUID_V4)
    expect(b.meta.idempotencyKey).toMatch(UUID_V4)
    expect(a.meta.idempotencyKey).not.toBe(b.meta.idempotencyKey)
    expect([spy.header(0, HEADERS.idempotentKey), spy.header(1, HEADERS.idempotentKey)]).toEqual([
      a.meta.idempotencyKey,
      b.meta.idempotencyKey,
    ])
    expect(a.transactionId).not.toBe(b.transactionId)
  })
})

describe('envelope where the gateway documentation leaves it open (mock responseStyle "envelope")', () => {
  it(
    'create order, QR, transaction detail and cancel are unwrapped to the ' +
      'same data as the bare form, with the envelope traceId on meta',
    async () => {
      const { mock, merchant, client, spy } = await setup({ mock: { responseStyle: 'envelope' } })
      const order = await client.orders.create({ storeId: merchant.storeId, amount: 12.5, currency: 'USD' })
      const qr = await client.qrCodes.create({ storeId: merchant.storeId, amount: 4000, currency: 'KHR' })
      const payment = await mock.payments.create({ qrData: qr.qr_data, status: 'SUCCESS' })
      const tx = await client.transactions.retrieve(payment.transactionId)
      const cancelled = await client.orders.cancel({ orderId: Number(order.order_id) })

      // The mock really wrapped every one of them.
      const envelopes = await Promise.all(
        spy.calls.map(
          async (c) => (await c.response!.clone().json()) as { statusCode: number; data: unknown; traceId: string },
        ),
      )
      for (const envelope of envelopes)
        expect(envelope).toMatchObject({
          statusCode: 200,
          message: expect.any(String),
          data: expect.any(Object),
          traceId: expect.any(String),
        })

      const record = mock.orders.get(Number(order.order_id))!
      expect(order).toEqual({
        order_id: String(record.orderId),
        qr_code: `${mock.baseUrl}/qr/${encodeURIComponent(record.qrData)}.png`,
        status: 'pending',
        created_at: NOW,
      })
      expect(qr).toEqual({
        qr_code: expect.stringContaining('/qr/'),
        qr_data: expect.stringMatching(/^MGW1/),
        expires_at: THIRTY_MINUTES_LATER,
      })
      expect(tx).toEqual({
        transaction_id: String(payment.transactionId),
        order_id: String(payment.orderId),
        amount: 4000,
        currency: 'KHR',
        status: 'completed',
        created_at: NOW,
        updated_at: NOW,
      })
      expect(cancelled).toEqual({ order_id: order.order_id, status: 'cancelled', cancelled_at: NOW })
      const results = [order, qr, tx, cancelled]
      results.forEach((result, i) => {
        expect(result).toEqual(envelopes[i]!.data)
        expect(result.meta.traceId).toBe(envelopes[i]!.traceId)
        expect(result.meta).toMatchObject({ status: 200, attempts: 1, replayed: false, idempotencyKey: undefined })
        expect(JSON.stringify(result)).not.toMatch(/statusCode|traceId|meta/)
      })
    },
  )
})

describe('answers the contract does not describe', () => {
  it('unknown fields of a bare answer are kept', async () => {
    const { merchant, client } = await setup({
      client: { intercept: rewriteBody((body) => ({ ...body, settlement_hint: { days: 2 } })) },
    })
    const order = await client.orders.create({ storeId: merchant.storeId, amount: 1, currency: 'USD' })
    expect(order).toMatchObject({ status: 'pending', settlement_hint: { days: 2 } })
  })

  it("unknown fields inside an envelope's data (and inside nested objects) are kept", async () => {
    const { client } = await setup({
      client: {
        intercept: rewriteBody((body) => ({
          ...body,
          data: { ...body.data, reserved: 7, usd: { ...body.data.usd, pending_in: 3 } },
        })),
      },
    })
    const balance = await client.balance.retrieve()
    expect((balance as Record<string, unknown>).reserved).toBe(7)
    expect((balance.usd as Record<string, unknown>).pending_in).toBe(3)
    expect(balance.usd.balance).toBe(1000)
  })

  it('with validateResponses: false a malformed body is passed through as it came', async () => {
    const malformed = { order_id: 1001, status: 'pending', created_at: 'yesterday' }
    const { merchant, client } = await setup({
      client: { validateResponses: false, intercept: rewriteBody(() => malformed) },
    })
    const order = await client.orders.create({ storeId: merchant.storeId, amount: 1, currency: 'USD' })
    expect(order).toEqual(malformed)
    expect(order.meta.status).toBe(200)
  })

  it(
    'with validation on, a malformed 2xx body is a ResponseValidationError ' +
      'naming the issues and holding the raw body',
    async () => {
      const malformed = { order_id: 1001, status: 'pending', created_at: 'yesterday' }
      const { mock, merchant, client, spy } = await setup({ client: { intercept: rewriteBody(() => malformed) } })
      const error = await failure(() => client.orders.create({ storeId: merchant.storeId, amount: 1, currency: 'USD' }))
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect(error.status).toBe(200)
      expect(error.body).toEqual(malformed)
      expect(error.issues).toMatch(/order_id/)
      expect(error.issues).toMatch(/qr_code/)
      expect(error.issues).toMatch(/created_at/)
      expect(error.message).toContain(error.issues)
      expect(error.traceId).toBe(spy.calls[0]!.response!.headers.get(HEADERS.traceId))
      // The order does exist: the gateway processed it; only its answer was bad.
      expect(mock.orders.get(1001)?.status).toBe('pending')
    },
  )

  it('an envelope-documented answer (balance) that arrives bare is a ResponseValidationError', async () => {
    const { client } = await setup({ client: { intercept: rewriteBody((body) => body.data) } })
    const error = await failure(() => client.balance.retrieve())
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error.issues).toMatch(/envelope/)
    expect(error.body).toMatchObject({ usd: expect.any(Object) })
  })

  it('a 2xx answer that is not JSON is a ResponseValidationError holding the text', async () => {
    const html = '<html><body>Gateway maintenance</body></html>'
    const { client, spy } = await setup({
      client: {
        intercept: async (request, next) =>
          new Response(html, {
            status: 200,
            headers: { 'Content-Type': 'text/html', [HEADERS.traceId]: 'trc_html' },
            statusText: (await next(request)).statusText,
          }),
      },
    })
    const error = await failure(() => client.stores.list())
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error.status).toBe(200)
    expect(error.body).toBe(html)
    expect(error.issues).toMatch(/not JSON/)
    expect(error.traceId).toBe('trc_html')
    expect(spy.calls).toHaveLength(1)
  })
})
