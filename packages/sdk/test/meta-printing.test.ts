/**
 * What a person sees of a result's `meta` (`console.log(refund.meta)`, a test runner's report): its values,
 * the trace id support asks for among them, not `[Getter]`. The values stay where a program reads them
 * (property, spread, JSON), and `meta` stays out of the result's own data.
 */
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { GatewayClient } from '../src/index.js'
import { newMerchant, newMock, UUID_V4 } from './harness.js'

async function refundOfPaidOrder() {
  const mock = newMock()
  const merchant = await newMerchant(mock)
  const now = () => Date.parse(mock.clock.now())
  const gateway = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    now,
  })
  const order = await gateway.orders.create({ storeId: merchant.storeId, amount: 10, currency: 'USD' })
  await mock.payments.create({ orderId: order.order_id, status: 'SUCCESS' })
  const refund = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 2.5 })
  return { gateway, refund }
}

describe("console.log of a result's meta", () => {
  it('shows every value of a refund, the trace id and idempotency key among them, and no [Getter]', async () => {
    const { refund } = await refundOfPaidOrder()
    const { meta } = refund
    expect(meta.traceId).toMatch(/^trc_/)
    expect(meta.idempotencyKey).toMatch(UUID_V4)
    const printed = inspect(meta)
    expect(printed).not.toContain('Getter')
    expect(printed).toBe(
      inspect({
        status: 200,
        traceId: meta.traceId,
        idempotencyKey: meta.idempotencyKey,
        attempts: 1,
        replayed: false,
      }),
    )
  })

  it('shows the values of a call without an idempotency key too (stores.list)', async () => {
    const { gateway } = await refundOfPaidOrder()
    const stores = await gateway.stores.list()
    const printed = inspect(stores.meta)
    expect(printed).toMatch(/traceId: 'trc_\w+'/)
    expect(printed).toMatch(/replayed: false/)
    expect(printed).not.toContain('Getter')
  })

  it('keeps the values where a program reads them: properties, keys, spread and JSON', async () => {
    const { refund } = await refundOfPaidOrder()
    const { meta } = refund
    expect(Object.keys(meta)).toEqual(['status', 'traceId', 'idempotencyKey', 'attempts', 'replayed'])
    expect({ ...meta }).toEqual({
      status: 200,
      traceId: meta.traceId,
      idempotencyKey: meta.idempotencyKey,
      attempts: 1,
      replayed: false,
    })
    expect(JSON.parse(JSON.stringify(meta))).toEqual({ ...meta })
    expect(Object.keys(refund)).not.toContain('meta')
    expect(JSON.stringify(refund)).not.toContain('traceId')
  })
})
