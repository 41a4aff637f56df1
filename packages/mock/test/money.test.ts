import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { balance, call, createOrder, days, newMerchant, newMock, paidOrder, payout, refund } from './harness.js'

describe('refund', () => {
  it('a partial refund of a completed order answers the envelope and reserves the amount in freeze', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 40)
    const reply = await refund(mock, m, orderId, 15.25)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      statusCode: 200,
      message: 'Success',
      traceId: expect.stringMatching(/^trc_/),
      data: {
        accountName: 'Mock Customer',
        accountNumber: '000000001',
        amount: 15.25,
        currency: 'USD',
        orderId,
        remark: '',
        transactionDate: '2026-11-02T09:00:00.000Z',
        transactionId: expect.any(Number),
      },
    })
    expect((await balance(mock, m)).usd).toEqual({ balance: 40, freeze: 15.25, usable: 24.75 })
    expect(mock.transactions.get(reply.body.data.transactionId)).toMatchObject({ kind: 'refund', status: 'pending' })
  })

  it('stays processing until 5 business days on the clock, then leaves the balance', async () => {
    const mock = newMock() // Monday 09:00
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 40)
    const { body } = await refund(mock, m, orderId, 10)
    await mock.clock.advance(days(7) - 1) // next Monday 08:59:59.999: 4 business days and a bit
    expect(mock.transactions.get(body.data.transactionId)?.status).toBe('pending')
    await mock.clock.advance(1) // Monday 09:00 a week later = 5 business days
    expect(mock.transactions.get(body.data.transactionId)?.status).toBe('completed')
    expect((await balance(mock, m)).usd).toEqual({ balance: 30, freeze: 0, usable: 30 })
    const detail = await call(mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: m.apiKey,
      method: 'GET',
      query: `?transaction_id=${body.data.transactionId}`,
    })
    expect(detail.body).toMatchObject({
      status: 'completed',
      order_id: String(orderId),
      updated_at: '2026-11-09T09:00:00.000Z',
    })
  })

  it('settlementBusinessDays and autoSettle: false make settle() the only trigger, at the chosen day', async () => {
    const mock = newMock({ settlementBusinessDays: { refund: 3 }, autoSettle: false })
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 40)
    const { body } = await refund(mock, m, orderId, 10)
    await mock.clock.advance(days(3))
    expect(mock.transactions.get(body.data.transactionId)?.status).toBe('pending')
    expect(await mock.settle()).toEqual({ settled: 1 })
    expect(mock.transactions.get(body.data.transactionId)?.status).toBe('completed')
    expect(await mock.settle()).toEqual({ settled: 0 })
  })

  it('refunds of an order add up to at most its amount: the exact remainder passes, a cent more is 422', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 10)
    expect((await refund(mock, m, orderId, 6)).status).toBe(200)
    const over = await refund(mock, m, orderId, 4.01)
    expect(over.status).toBe(422)
    expect(over.body.error).toMatchObject({
      code: 'refund_exceeds_remaining',
      message: expect.stringContaining('4.00 USD that remains'),
    })
    expect((await balance(mock, m)).usd).toEqual({ balance: 10, freeze: 6, usable: 4 })
    expect((await refund(mock, m, orderId, 4)).status).toBe(200)
    expect((await refund(mock, m, orderId, 0.01)).status).toBe(422)
    expect(mock.audit()).toEqual([])
  })

  it('settled refunds still count towards the order amount', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 10)
    await refund(mock, m, orderId, 10)
    await mock.clock.advance(days(10))
    expect((await refund(mock, m, orderId, 1)).body.error.code).toBe('refund_exceeds_remaining')
  })

  it.each(['pending', 'processing', 'cancelled'] as const)(
    'a %s order cannot be refunded: 422 order_not_refundable, no money moves',
    async (state) => {
      const mock = newMock()
      const m = await newMerchant(mock)
      const orderId = await createOrder(mock, m, 10)
      if (state === 'processing') await mock.payments.create({ orderId, status: 'PENDING' })
      if (state === 'cancelled')
        await call(mock, GATEWAY_PATHS.cancelOrder, { apiKey: m.apiKey, body: { order_id: String(orderId) } })
      const before = await balance(mock, m)
      const reply = await refund(mock, m, orderId, 1)
      expect(reply.status).toBe(422)
      expect(reply.body.error.code).toBe('order_not_refundable')
      expect(await balance(mock, m)).toEqual(before)
    },
  )

  it('a refund must fit in the usable balance: 422 insufficient_funds', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 10)
    expect((await payout(mock, m, { accountNumber: '111', amount: 8, currency: 'USD' })).status).toBe(200)
    const reply = await refund(mock, m, orderId, 5)
    expect(reply.status).toBe(422)
    expect(reply.body.error.code).toBe('insufficient_funds')
    expect((await balance(mock, m)).usd).toEqual({ balance: 10, freeze: 8, usable: 2 })
  })

  it('the refund amount follows the order currency: KHR takes whole riel only', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 8000, 'KHR')
    const bad = await refund(mock, m, orderId, 100.5)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('refundAmount must be a whole number for KHR')
    const good = await refund(mock, m, orderId, 4000)
    expect(good.body.data).toMatchObject({ amount: 4000, currency: 'KHR' })
  })

  it("an unknown order or another merchant's order answers 404", async () => {
    const mock = newMock()
    const a = await newMerchant(mock)
    const b = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, b, 10)
    expect((await refund(mock, a, orderId, 1)).status).toBe(404)
    expect((await refund(mock, a, 424242, 1)).status).toBe(404)
    expect((await balance(mock, b)).usd.freeze).toBe(0)
  })
})

describe('payout', () => {
  it('reserves the amount and settles after 2 business days to a known account, with its holder name', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 100 })
    await mock.accounts.add(m.merchantId, { accountNumber: '012345678', accountName: 'Sok Dara' })
    const reply = await payout(mock, m, { accountNumber: '012345678', amount: 60, currency: 'USD' })
    expect(reply.status).toBe(200)
    expect(reply.body.data).toMatchObject({
      accountName: 'Sok Dara',
      accountNumber: '012345678',
      amount: 60,
      currency: 'USD',
      orderId: 0,
      remark: '',
    })
    expect((await balance(mock, m)).usd).toEqual({ balance: 100, freeze: 60, usable: 40 })
    await mock.clock.advance(days(2) - 1)
    expect(mock.transactions.get(reply.body.data.transactionId)?.status).toBe('pending')
    await mock.clock.advance(1)
    expect(mock.transactions.get(reply.body.data.transactionId)?.status).toBe('completed')
    expect((await balance(mock, m)).usd).toEqual({ balance: 40, freeze: 0, usable: 40 })
  })

  it('a payout is never above the usable balance: the whole usable passes, a cent more is 422', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 50 })
    const over = await payout(mock, m, { accountNumber: '1', amount: 50.01, currency: 'USD' })
    expect(over.status).toBe(422)
    expect(over.body.error).toMatchObject({ code: 'insufficient_funds', message: expect.stringContaining('50.00 USD') })
    expect((await balance(mock, m)).usd).toEqual({ balance: 50, freeze: 0, usable: 50 })
    expect((await payout(mock, m, { accountNumber: '1', amount: 50, currency: 'USD' })).status).toBe(200)
  })

  it('frozen incoming payments are not usable for a payout', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const orderId = await createOrder(mock, m, 30)
    await mock.payments.create({ orderId, status: 'PENDING' })
    expect((await payout(mock, m, { accountNumber: '1', amount: 1, currency: 'USD' })).body.error.code).toBe(
      'insufficient_funds',
    )
  })

  it('an account marked to fail fails at settlement and the payout is reversed automatically', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { khr: 100_000 })
    await mock.accounts.add(m.merchantId, {
      accountNumber: 'BAD-1',
      accountName: 'Closed Account',
      failAtSettlement: true,
    })
    const reply = await payout(mock, m, { accountNumber: 'BAD-1', amount: 40_000, currency: 'KHR' })
    expect((await balance(mock, m)).khr).toEqual({ balance: 100_000, freeze: 40_000, usable: 60_000 })
    await mock.clock.advance(days(4))
    expect(mock.transactions.get(reply.body.data.transactionId)).toMatchObject({
      status: 'failed',
      failureReason: 'account rejected the transfer',
    })
    expect((await balance(mock, m)).khr).toEqual({ balance: 100_000, freeze: 0, usable: 100_000 })
  })

  it(
    'an unknown account is accepted and fails at settlement by default, or ' + 'refused with 404 when configured',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock, { usd: 10 })
      const reply = await payout(mock, m, { accountNumber: 'nobody', amount: 5, currency: 'USD' })
      expect(reply.body.data.accountName).toBe('')
      await mock.clock.advance(days(4))
      expect(mock.transactions.get(reply.body.data.transactionId)).toMatchObject({
        status: 'failed',
        failureReason: 'invalid account',
      })
      expect((await balance(mock, m)).usd.usable).toBe(10)

      const strict = newMock({ unknownPayoutAccount: 'reject' })
      const s = await newMerchant(strict, { usd: 10 })
      const refused = await payout(strict, s, { accountNumber: 'nobody', amount: 5, currency: 'USD' })
      expect(refused.status).toBe(404)
      expect((await balance(strict, s)).usd.freeze).toBe(0)
    },
  )

  it("payouts in each currency use that currency's balance only", async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 1, khr: 4000 })
    expect((await payout(mock, m, { accountNumber: '1', amount: 4000, currency: 'KHR' })).status).toBe(200)
    expect((await payout(mock, m, { accountNumber: '1', amount: 2, currency: 'USD' })).status).toBe(422)
    expect(await balance(mock, m)).toEqual({
      usd: { balance: 1, freeze: 0, usable: 1 },
      khr: { balance: 4000, freeze: 4000, usable: 0 },
    })
  })
})

describe('stores and balance', () => {
  it('list stores answers the envelope; store changes in the app show at once', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const second = await mock.stores.add(m.merchantId, { storeName: 'Airport', address: 'Terminal 2' })
    await mock.stores.update(m.merchantId, m.storeId, { storeName: 'Riverside Cafe' })
    const reply = await call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      statusCode: 200,
      message: 'Success',
      traceId: expect.any(String),
      data: [
        { storeId: m.storeId, storeName: 'Riverside Cafe', address: '1 Main St, Phnom Penh' },
        { storeId: second.storeId, storeName: 'Airport', address: 'Terminal 2' },
      ],
    })
    await mock.stores.remove(m.merchantId, second.storeId)
    expect((await call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey })).body.data).toHaveLength(1)
  })

  it('a merchant without stores gets 404 status-style, or [] with emptyStoreList: "empty-list"', async () => {
    const mock = newMock()
    const m = await mock.merchants.create()
    const reply = await call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey })
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ statusCode: 404, message: 'No stores found for this merchant', error: 'Not Found' })
    const lenient = newMock({ emptyStoreList: 'empty-list' })
    const l = await lenient.merchants.create()
    expect((await call(lenient, GATEWAY_PATHS.listStores, { apiKey: l.apiKey })).body.data).toEqual([])
  })

  it('balance inquiry answers both currencies with balance = usable + freeze, empty object body allowed', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 12.34, khr: 5000 })
    const reply = await call(mock, GATEWAY_PATHS.balanceInquiry, { apiKey: m.apiKey, body: {} })
    expect(reply.body).toMatchObject({
      statusCode: 200,
      data: { usd: { balance: 12.34, freeze: 0, usable: 12.34 }, khr: { balance: 5000, freeze: 0, usable: 5000 } },
    })
  })
})
