/**
 * A refund settles when a week passes on the session's clock: this file moves its clock 7 days while the
 * other files run beside it on the same server, on their own clocks.
 */
import { describe, expect, it } from 'vitest'
import { useSession } from './session.js'

const session = useSession()
const DAY_MS = 86_400_000

describe('a refund, on a session of its own', () => {
  it('is pending when made and completed a week later on the session clock', async () => {
    const { gateway, control } = session()
    const order = await gateway.orders.create({ storeId: 101, amount: 24.5, currency: 'USD' })
    // The session's ids start as a fresh mock's, whatever the other files made.
    expect(order.order_id).toBe('1001')
    await control('POST', '/__mock/payments', { orderId: Number(order.order_id), status: 'SUCCESS' })
    const refund = await gateway.refunds.create({ orderId: Number(order.order_id), amount: 4.5 })
    expect((await gateway.transactions.retrieve(refund.transactionId)).status).toBe('pending')
    await control('POST', '/__mock/clock', { advanceMs: 7 * DAY_MS })
    expect((await gateway.transactions.retrieve(refund.transactionId)).status).toBe('completed')
  })
})
