/**
 * The in-process control API is as strict as the HTTP one: the same schemas check both, unknown keys are
 * refused naming them, values out of what a date or a timer can hold are refused before anything changes,
 * and a refused command leaves no trace.
 */
import { describe, expect, it } from 'vitest'
import { createMockGateway, isRuleError, type MockGateway } from '../src/index.js'
import { createOrder, newMerchant, newMock, paidOrder } from './harness.js'

/** The RuleError a call ends with (status and message), or a failure when it succeeds or throws otherwise. */
async function refused(call: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await call()
  } catch (error) {
    if (isRuleError(error)) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected a RuleError, the call succeeded')
}

async function snapshot(mock: MockGateway) {
  return JSON.stringify({
    clock: mock.clock.now(),
    faults: mock.faults.list(),
    webhooks: mock.webhooks.list(),
    order: mock.orders.get(1001) ?? null,
    merchant: await mock.merchants.get(1),
    balances: await mock.balances(1),
    audit: mock.audit(),
  })
}

describe('the in-process control API checks its input as the HTTP one does', () => {
  it.each<[string, (mock: MockGateway) => unknown, RegExp]>([
    [
      'payments.create with status "paid"',
      (mock: MockGateway) => mock.payments.create({ orderId: 1001, status: 'paid' as never }),
      /status/,
    ],
    [
      'payments.create with an unknown key',
      (mock: MockGateway) => mock.payments.create({ orderId: 1001, status: 'SUCCESS', amount: 5 } as never),
      /amount/,
    ],
    [
      'merchants.create with webhookURL (misspelt)',
      (mock: MockGateway) => mock.merchants.create({ webhookURL: 'http://127.0.0.1:9/hooks' } as never),
      /webhookURL/,
    ],
    [
      'merchants.get with "1" (a string)',
      (mock: MockGateway) => mock.merchants.get('1' as never),
      /merchantId must be a positive integer/,
    ],
    [
      'stores.add with an unknown key',
      (mock: MockGateway) => mock.stores.add(1, { storeName: 'A', address: 'B', phone: '1' } as never),
      /phone/,
    ],
    [
      'stores.add with merchantId 0',
      (mock: MockGateway) => mock.stores.add(0, { storeName: 'A', address: 'B' }),
      /merchantId/,
    ],
    [
      'faults.add on a route that does not exist',
      (mock: MockGateway) => mock.faults.add({ route: 'POST /api/v1/payment-gateway/nothing', kind: 'error' }),
      /no path/,
    ],
    [
      'faults.add with times 1e308',
      (mock: MockGateway) => mock.faults.add({ route: '*', kind: 'error', times: 1e308 }),
      /times/,
    ],
    ['webhooks.staleNext(1e20)', (mock: MockGateway) => mock.webhooks.staleNext(1e20), /seconds/],
    ['clock.advance(1e308)', (mock: MockGateway) => mock.clock.advance(1e308), /past 9999-12-31/],
    [
      'clock.set(8.64e15), the last instant a Date holds',
      (mock: MockGateway) => mock.clock.set(8.64e15),
      /from 1970-01-01T00:00:00Z to 9999-12-31/,
    ],
    ['clock.set(-1)', (mock: MockGateway) => mock.clock.set(-1), /from 1970/],
    [
      'users.create with an unknown key',
      (mock: MockGateway) => mock.users.create({ email: 'a@b.co', verified: true } as never),
      /verified/,
    ],
    [
      'requests.list with an unknown filter',
      (mock: MockGateway) => mock.requests.list({ stats: 400 } as never),
      /stats/,
    ],
    ...['abc', '0', '1.5', ' 1001', '', '1234567890123456'].map(
      (orderId) =>
        [
          `payments.create with orderId ${JSON.stringify(orderId)}`,
          (mock: MockGateway) => mock.payments.create({ orderId, status: 'SUCCESS' }),
          /orderId: must be a positive whole number, or one written in decimal \("1001"\)/,
        ] as [string, (mock: MockGateway) => unknown, RegExp],
    ),
    [
      'orders.get with "1001"',
      (mock: MockGateway) => mock.orders.get('1001' as never),
      /orderId must be a positive integer/,
    ],
  ])('%s is a 400 naming the problem, and changes nothing', async (_label, call, message) => {
    const mock = newMock()
    const m = await newMerchant(mock)
    await createOrder(mock, m, 10)
    const before = await snapshot(mock)
    const refusal = await refused(() => call(mock))
    expect(refusal.status).toBe(400)
    expect(refusal.message).toMatch(message)
    expect(await snapshot(mock)).toBe(before)
  })

  it('payments.create takes the order id as create order answers it ("1001") or as a number, alike', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const asAnswered = String(await createOrder(mock, m, 10))
    expect(await mock.payments.create({ orderId: asAnswered, status: 'SUCCESS' })).toMatchObject({
      orderId: Number(asAnswered),
      status: 'completed',
    })
    const asNumber = await createOrder(mock, m, 10)
    expect(await mock.payments.create({ orderId: asNumber, status: 'FAILED' })).toMatchObject({
      orderId: asNumber,
      status: 'failed',
    })
    expect(mock.audit()).toEqual([])
  })

  it('an unknown option of createMockGateway is a TypeError naming it (a misspelt option is not ignored)', () => {
    expect(() => createMockGateway({ webhookURL: 'http://x' } as never)).toThrow(/unknown option "webhookURL"/)
  })

  it(
    'after a refused staleNext(1e20) and clock.advance(1e308), payments, ' + 'webhooks and the clock work as before',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock)
      await refused(() => mock.webhooks.staleNext(1e20))
      await refused(() => mock.clock.advance(1e308))
      const { orderId } = await paidOrder(mock, m, 20)
      expect(mock.orders.get(orderId)?.status).toBe('completed')
      expect(mock.webhooks.list()).toHaveLength(1)
      expect(mock.webhooks.list()[0]!.payload.createTimeMilli).toBe(Date.parse(mock.clock.now()))
      expect((await mock.merchants.create({ name: 'After' })).merchantId).toBe(2)
      expect(mock.audit()).toEqual([])
    },
  )

  it('staleNext of a year is the longest accepted, and its webhook is stamped a year back and delivered', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    mock.webhooks.staleNext(365 * 86_400)
    await paidOrder(mock, m, 20)
    expect(mock.webhooks.list()[0]!.payload.createTimeMilli).toBe(Date.parse(mock.clock.now()) - 365 * 86_400_000)
    expect((await refused(() => mock.webhooks.staleNext(365 * 86_400 + 1))).message).toMatch(/at most 31536000/)
  })
})
