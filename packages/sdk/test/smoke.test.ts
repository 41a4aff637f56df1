import { createMockGateway } from '@merchant-gateway/mock'
import { describe, expect, it } from 'vitest'
import { GatewayClient, InvalidRequestError } from '../src/index.js'

describe('smoke', () => {
  it('runs the main flow against the mock', async () => {
    const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
    const m = await mock.merchants.create({ balances: { usd: 100 } })
    await mock.stores.add(m.merchantId, { storeName: 'S', address: 'A' })
    const gateway = new GatewayClient({ apiKey: m.apiKey, apiSecret: m.apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, now: () => Date.parse(mock.clock.now()) })
    const stores = await gateway.stores.list()
    expect(stores[0]!.storeId).toBe(101)
    const order = await gateway.orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })
    await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS' })
    const refund = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 2.5 })
    expect(refund.amount).toBe(2.5)
    expect(refund.meta.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    const payout = await gateway.payouts.create({ accountNumber: '1', amount: 200, currency: 'USD' }).catch((e) => e)
    expect(payout).toBeInstanceOf(InvalidRequestError)
    expect(payout.code).toBe('insufficient_funds')
    const tx = await gateway.transactions.retrieve(refund.transactionId)
    expect(tx.status).toBe('pending')
    const bal = await gateway.balance.retrieve()
    expect(bal.usd).toEqual({ balance: 112.5, freeze: 2.5, usable: 110 })
    expect(JSON.stringify(bal)).not.toContain('meta')
  })
})
