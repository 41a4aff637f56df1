import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayClient } from '../src/index.js'
import { newMerchant, newMock } from './harness.js'

const mock = newMock({ baseUrl: 'https://sandbox.gateway.test' })
const server = setupServer(...mock.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

describe('the SDK on the global fetch, intercepted by msw setupServer(...mock.handlers)', () => {
  it('creates an order, sees it paid through the control API, and refunds it once, with no fetch option', async () => {
    const merchant = await newMerchant(mock, { usd: 0 })
    const gateway = new GatewayClient({
      apiKey: merchant.apiKey,
      apiSecret: merchant.apiSecret,
      baseUrl: 'https://sandbox.gateway.test',
      now: () => Date.parse(mock.clock.now()),
    })
    const order = await gateway.orders.create({ storeId: merchant.storeId, amount: 12.5, currency: 'USD' })
    const orderId = Number(order.order_id)
    expect(mock.orders.get(orderId)?.status).toBe('pending')

    const payment = await mock.payments.create({ orderId, status: 'SUCCESS' })
    expect((await gateway.transactions.retrieve(payment.transactionId)).status).toBe('completed')

    const refund = await gateway.refunds.create({ orderId, amount: 2.5 })
    expect(refund).toMatchObject({ orderId, amount: 2.5, currency: 'USD' })
    expect(refund.meta).toMatchObject({ status: 200, attempts: 1, replayed: false })
    expect(await gateway.balance.retrieve()).toMatchObject({ usd: { balance: 12.5, freeze: 2.5, usable: 10 } })
    expect(mock.audit()).toEqual([])
  })
})
