import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { balance, call, createOrder, newMerchant, newMock, paidOrder } from './harness.js'

const MIN = 60_000

describe('create order', () => {
  it('creates a pending order with a QR code from the camelCase storeId shape', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const reply = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { storeId: m.storeId, amount: 12.5, currency: 'USD' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      order_id: expect.stringMatching(/^\d+$/),
      qr_code: expect.stringMatching(/^https:\/\/gateway\.mock\/qr\/MGW1[0-9A-F]+\.png$/),
      status: 'pending',
      created_at: '2026-11-02T09:00:00.000Z',
    })
    expect(mock.orders.get(Number(reply.body.order_id))).toMatchObject({
      amount: 12.5,
      currency: 'USD',
      status: 'pending',
    })
  })

  it('accepts the documented snake_case store_id string shape for the same store', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const reply = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { store_id: String(m.storeId), amount: 4000, currency: 'KHR' },
    })
    expect(reply.status).toBe(200)
    expect(mock.orders.get(Number(reply.body.order_id))).toMatchObject({
      storeId: m.storeId,
      amount: 4000,
      currency: 'KHR',
    })
  })

  it('a store of another merchant answers 404 like a missing store, and no order is created', async () => {
    const mock = newMock()
    const a = await newMerchant(mock)
    const b = await newMerchant(mock)
    const reply = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: a.apiKey,
      body: { storeId: b.storeId, amount: 1, currency: 'USD' },
    })
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({
      statusCode: 404,
      message: `Store ${b.storeId} not found for this merchant`,
      error: 'Not Found',
    })
    expect(mock.orders.get(1001)).toBeUndefined()
  })

  it('a removed store can no longer take orders', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    await mock.stores.remove(m.merchantId, m.storeId)
    const reply = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { storeId: m.storeId, amount: 1, currency: 'USD' },
    })
    expect(reply.status).toBe(404)
  })
})

describe('order state machine through payments', () => {
  it('pending -> completed on SUCCESS: the amount becomes usable', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const orderId = await createOrder(mock, m, 25)
    const payment = await mock.payments.create({ orderId, status: 'SUCCESS' })
    expect(payment).toEqual({ transactionId: expect.any(Number), orderId, status: 'completed' })
    expect(mock.orders.get(orderId)?.status).toBe('completed')
    expect((await balance(mock, m)).usd).toEqual({ balance: 25, freeze: 0, usable: 25 })
  })

  it('pending -> processing on PENDING: the amount sits in balance and freeze, usable unchanged', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 10 })
    const orderId = await createOrder(mock, m, 25)
    await mock.payments.create({ orderId, status: 'PENDING' })
    expect(mock.orders.get(orderId)?.status).toBe('processing')
    expect((await balance(mock, m)).usd).toEqual({ balance: 35, freeze: 25, usable: 10 })
  })

  it('processing -> completed when the started payment is confirmed, even after the QR expired', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const orderId = await createOrder(mock, m, 25)
    const started = await mock.payments.create({ orderId, status: 'PENDING' })
    await mock.clock.advance(45 * MIN)
    const confirmed = await mock.payments.create({ orderId, status: 'SUCCESS' })
    expect(confirmed.transactionId).toBe(started.transactionId)
    expect(mock.orders.get(orderId)?.status).toBe('completed')
    expect((await balance(mock, m)).usd).toEqual({ balance: 25, freeze: 0, usable: 25 })
  })

  it('processing -> pending when the started payment fails: the frozen amount leaves the balance', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 5 })
    const orderId = await createOrder(mock, m, 25)
    const started = await mock.payments.create({ orderId, status: 'PENDING' })
    const failed = await mock.payments.create({ orderId, status: 'FAILED' })
    expect(failed).toMatchObject({ transactionId: started.transactionId, status: 'failed' })
    expect(mock.orders.get(orderId)?.status).toBe('pending')
    expect((await balance(mock, m)).usd).toEqual({ balance: 5, freeze: 0, usable: 5 })
    // payable again while the QR code is valid
    expect((await mock.payments.create({ orderId, status: 'SUCCESS' })).status).toBe('completed')
  })

  it('a FAILED payment of a pending order is recorded and the order stays pending', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const orderId = await createOrder(mock, m)
    const failed = await mock.payments.create({ orderId, status: 'FAILED' })
    expect(mock.transactions.get(failed.transactionId)).toMatchObject({ status: 'failed', kind: 'payment' })
    expect(mock.orders.get(orderId)?.status).toBe('pending')
  })

  it('a second PENDING while a payment is in progress is refused', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const orderId = await createOrder(mock, m)
    await mock.payments.create({ orderId, status: 'PENDING' })
    await expect(mock.payments.create({ orderId, status: 'PENDING' })).rejects.toMatchObject({ status: 409 })
  })

  it('a completed or cancelled order cannot be paid', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m)
    await expect(mock.payments.create({ orderId, status: 'SUCCESS' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/completed/),
    })
    const other = await createOrder(mock, m)
    await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(other) } })
    await expect(mock.payments.create({ orderId: other, status: 'SUCCESS' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/cancelled/),
    })
  })

  it('the QR code of an order expires after 30 minutes on the mock clock', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const orderId = await createOrder(mock, m)
    await mock.clock.advance(30 * MIN - 1)
    const early = await createOrder(mock, m)
    await mock.clock.advance(1)
    await expect(mock.payments.create({ orderId, status: 'SUCCESS' })).rejects.toMatchObject({
      status: 422,
      code: 'qr_expired',
    })
    expect(mock.orders.get(orderId)?.status).toBe('pending')
    expect((await mock.payments.create({ orderId: early, status: 'SUCCESS' })).status).toBe('completed')
  })

  it('an unknown order or qrData, or both or neither given, is refused by the control API', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const orderId = await createOrder(mock, m)
    await expect(mock.payments.create({ orderId: 999_999, status: 'SUCCESS' })).rejects.toMatchObject({ status: 404 })
    await expect(mock.payments.create({ qrData: 'nope', status: 'SUCCESS' })).rejects.toMatchObject({ status: 404 })
    await expect(mock.payments.create({ status: 'SUCCESS' })).rejects.toMatchObject({ status: 400 })
    await expect(mock.payments.create({ orderId, qrData: 'x', status: 'SUCCESS' })).rejects.toMatchObject({
      status: 400,
    })
  })
})

describe('cancel order', () => {
  it('pending -> cancelled sets cancelled_at', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const orderId = await createOrder(mock, m)
    await mock.clock.advance(MIN)
    const reply = await call(mock, GATEWAY_PATHS.cancelOrder, {
      apiKey: m.apiKey,
      body: { order_id: String(orderId), reason: 'customer left' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      order_id: String(orderId),
      status: 'cancelled',
      cancelled_at: '2026-11-02T09:01:00.000Z',
    })
    expect(mock.orders.get(orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'customer left' })
  })

  it('processing -> cancelled cancels the pending payment and returns the money to the customer', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 10 })
    const orderId = await createOrder(mock, m, 25)
    const payment = await mock.payments.create({ orderId, status: 'PENDING' })
    const reply = await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(orderId) } })
    expect(reply.body.status).toBe('cancelled')
    expect(mock.transactions.get(payment.transactionId)?.status).toBe('cancelled')
    expect((await balance(mock, m)).usd).toEqual({ balance: 10, freeze: 0, usable: 10 })
  })

  it(
    'a completed order cannot be cancelled: 409 order_not_cancellable ' + 'pointing to refund, nothing changes',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock)
      const { orderId } = await paidOrder(mock, m)
      const before = await balance(mock, m)
      const reply = await call(mock, GATEWAY_PATHS.cancelOrder, {
        apiKey: m.apiKey,
        body: { order_id: String(orderId) },
      })
      expect(reply.status).toBe(409)
      expect(reply.body.error).toMatchObject({
        code: 'order_not_cancellable',
        message: expect.stringMatching(/refund it instead/),
        request_id: expect.any(String),
      })
      expect(mock.orders.get(orderId)?.status).toBe('completed')
      expect(await balance(mock, m)).toEqual(before)
    },
  )

  it('a cancelled order is never reinstated: cancelling again is 409 and paying it is refused', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const orderId = await createOrder(mock, m)
    await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(orderId) } })
    const again = await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(orderId) } })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('order_not_cancellable')
    await expect(mock.payments.create({ orderId, status: 'SUCCESS' })).rejects.toMatchObject({ status: 409 })
    expect(mock.orders.get(orderId)?.status).toBe('cancelled')
  })

  it("an unknown order, or another merchant's, answers 404", async () => {
    const mock = newMock()
    const a = await newMerchant(mock)
    const b = await newMerchant(mock)
    const orderOfB = await createOrder(mock, b)
    for (const id of ['999999', String(orderOfB)]) {
      const reply = await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: a.apiKey, body: { order_id: id } })
      expect(reply.status).toBe(404)
      expect(reply.body).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
    expect(mock.orders.get(orderOfB)?.status).toBe('pending')
  })
})

describe('generate QR without an order', () => {
  it('returns a QR code valid 30 minutes; paying it creates a completed order that can be refunded later', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const reply = await call(mock, GATEWAY_PATHS.generateQr, {
      apiKey: m.apiKey,
      body: { store_id: m.storeId, amount: 3.75, currency: 'USD' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      qr_code: expect.stringContaining('/qr/'),
      qr_data: expect.stringMatching(/^MGW1/),
      expires_at: '2026-11-02T09:30:00.000Z',
    })
    const payment = await mock.payments.create({ qrData: reply.body.qr_data, status: 'SUCCESS' })
    expect(mock.orders.get(payment.orderId)).toMatchObject({
      status: 'completed',
      source: 'qr',
      amount: 3.75,
      storeId: m.storeId,
    })
    expect((await balance(mock, m)).usd.usable).toBe(3.75)
    // a stand-alone QR code is paid once
    await expect(mock.payments.create({ qrData: reply.body.qr_data, status: 'SUCCESS' })).rejects.toMatchObject({
      status: 409,
    })
  })

  it('an expired stand-alone QR code cannot be paid and creates no order', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const reply = await call(mock, GATEWAY_PATHS.generateQr, {
      apiKey: m.apiKey,
      body: { store_id: m.storeId, amount: 1, currency: 'USD' },
    })
    await mock.clock.advance(30 * MIN)
    await expect(mock.payments.create({ qrData: reply.body.qr_data, status: 'SUCCESS' })).rejects.toMatchObject({
      status: 422,
      code: 'qr_expired',
    })
    expect(mock.orders.get(1001)).toBeUndefined()
  })

  it('a store of another merchant answers 404', async () => {
    const mock = newMock()
    const a = await newMerchant(mock)
    const b = await newMerchant(mock)
    const reply = await call(mock, GATEWAY_PATHS.generateQr, {
      apiKey: a.apiKey,
      body: { store_id: b.storeId, amount: 1, currency: 'USD' },
    })
    expect(reply.status).toBe(404)
  })
})

describe('transaction detail', () => {
  it('GET with the transaction_id query parameter returns the documented shape', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId, transactionId } = await paidOrder(mock, m, 9.99)
    const reply = await call(mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: m.apiKey,
      method: 'GET',
      query: `?transaction_id=${transactionId}`,
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      transaction_id: String(transactionId),
      order_id: String(orderId),
      amount: 9.99,
      currency: 'USD',
      status: 'completed',
      created_at: '2026-11-02T09:00:00.000Z',
      updated_at: '2026-11-02T09:00:00.000Z',
    })
  })

  it('POST accepts transaction_id in the body (string or number) or in the query', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { transactionId } = await paidOrder(mock, m)
    for (const options of [
      { body: { transaction_id: String(transactionId) } },
      { body: { transaction_id: transactionId } },
      { query: `?transaction_id=${transactionId}` },
    ]) {
      const reply = await call(mock, GATEWAY_PATHS.transactionDetail, { apiKey: m.apiKey, ...options })
      expect(reply.status).toBe(200)
      expect(reply.body.transaction_id).toBe(String(transactionId))
    }
  })

  it('POST with different ids in query and body, or none, is a 400', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { transactionId } = await paidOrder(mock, m)
    const both = await call(mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: m.apiKey,
      body: { transaction_id: transactionId },
      query: '?transaction_id=1',
    })
    expect(both.status).toBe(400)
    const none = await call(mock, GATEWAY_PATHS.transactionDetail, { apiKey: m.apiKey })
    expect(none.status).toBe(400)
    expect(none.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/transaction_id is required/),
    })
  })

  it("another merchant's transaction answers 404 like a missing one", async () => {
    const mock = newMock()
    const a = await newMerchant(mock)
    const b = await newMerchant(mock)
    const { transactionId } = await paidOrder(mock, b)
    const reply = await call(mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: a.apiKey,
      method: 'GET',
      query: `?transaction_id=${transactionId}`,
    })
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({
      statusCode: 404,
      message: `Transaction ${transactionId} not found`,
      error: 'Not Found',
    })
  })

  it('responseStyle "envelope" wraps create order, QR, transaction detail and cancel in the envelope', async () => {
    const mock = newMock({ responseStyle: 'envelope' })
    const m = await newMerchant(mock)
    const reply = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { storeId: m.storeId, amount: 1, currency: 'USD' },
    })
    expect(reply.body).toMatchObject({
      statusCode: 200,
      message: 'Success',
      data: { status: 'pending' },
      traceId: expect.stringMatching(/^trc_/),
    })
  })
})

describe('routing', () => {
  it('a known path with the wrong method is 405 with Allow; an unknown path is 404; both status-style', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const wrong = await call(mock, GATEWAY_PATHS.createOrder, { apiKey: m.apiKey, method: 'GET' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect(wrong.body.error).toBe('Method Not Allowed')
    const unknown = await call(mock, '/api/v1/payment-gateway/nope', { apiKey: m.apiKey })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({
      statusCode: 404,
      message: 'Cannot POST /api/v1/payment-gateway/nope',
      error: 'Not Found',
    })
  })
})
