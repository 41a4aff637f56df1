/**
 * The SDK checks a call's parameters with the contract's request schema of the operation (the one the mock
 * parses with and the OpenAPI document describes), so the client refuses exactly what the table refuses;
 * an order or transaction id is taken as the service answers it (the decimal string) or as a number; and
 * every message names the method the merchant called, not the operation's id.
 */
import { OPERATION_REQUESTS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { ClientValidationError, ResponseValidationError } from '../src/index.js'
import { failure, jsonResponse, paidOrder, setup } from './harness.js'

describe("the client refuses exactly what the operation's request schema refuses", () => {
  const PAYOUTS: Array<{ accountNumber: unknown; amount: unknown; currency: unknown }> = [
    { accountNumber: '001', amount: 1, currency: 'USD' },
    { accountNumber: ' 1', amount: 1, currency: 'USD' },
    { accountNumber: '   ', amount: 1, currency: 'USD' },
    { accountNumber: '', amount: 1, currency: 'USD' },
    { accountNumber: '9'.repeat(64), amount: 0.01, currency: 'USD' },
    { accountNumber: '9'.repeat(65), amount: 1, currency: 'USD' },
    { accountNumber: 1234, amount: 1, currency: 'USD' },
    { accountNumber: '001', amount: 1.005, currency: 'USD' },
    { accountNumber: '001', amount: 1.5, currency: 'KHR' },
    { accountNumber: '001', amount: 0, currency: 'KHR' },
    { accountNumber: '001', amount: 1, currency: 'EUR' },
    { accountNumber: '001', amount: '1', currency: 'USD' },
  ]

  it.each(PAYOUTS)('payouts.create(%j): sent exactly when the payout schema accepts it', async (params) => {
    const s = await setup({ balances: { usd: 10, khr: 10 } })
    const verdict = OPERATION_REQUESTS.payout['~standard'].validate(params)
    const accepted = !(verdict instanceof Promise) && verdict.issues === undefined
    const outcome = await s.client.payouts.create(params as never).then(
      () => 'sent',
      (error: unknown) => (error instanceof ClientValidationError ? 'refused' : 'sent'),
    )
    expect(outcome).toBe(accepted ? 'sent' : 'refused')
    expect(s.spy.calls.length).toBe(accepted ? 1 : 0)
  })
})

describe('ids as the service answers them', () => {
  it('refunds.create takes the order id create order answered (a decimal string), sent as the number', async () => {
    const s = await setup({ balances: { usd: 100 } })
    const { orderId } = await paidOrder(s.mock, s.merchant, 20)
    const refund = await s.client.refunds.create({ orderId: String(orderId), amount: 1 })
    expect(refund.orderId).toBe(orderId)
    expect(JSON.parse(await s.spy.bodyText(0))).toEqual({ orderId, refundAmount: 1 })
  })

  it('orders.cancel takes order.order_id as it came, and a number', async () => {
    const s = await setup()
    const first = await s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' })
    const second = await s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' })
    expect((await s.client.orders.cancel({ orderId: first.order_id })).status).toBe('cancelled')
    expect((await s.client.orders.cancel({ orderId: Number(second.order_id) })).status).toBe('cancelled')
  })

  it('transactions.retrieve takes tx.transaction_id (a string) and a number alike', async () => {
    const s = await setup()
    const { transactionId } = await paidOrder(s.mock, s.merchant, 20)
    const byNumber = await s.client.transactions.retrieve(transactionId)
    const byString = await s.client.transactions.retrieve(byNumber.transaction_id)
    expect(byString).toEqual(byNumber)
  })

  it.each([
    ['12a', 'orderId must be a string of digits, got "12a"'],
    ['0124', 'orderId must be written without leading zeros, got "0124"'],
    ['0', 'orderId must be greater than 0, got "0"'],
    ['', 'orderId must be a string of digits, got ""'],
    [' 1024', 'orderId must be a string of digits, got " 1024"'],
    ['9007199254740993', 'orderId must be at most 9007199254740991, got "9007199254740993"'],
    ['12345678901234567890', 'orderId must be at most 9007199254740991, got "12345678901234567890"'],
    [null, 'orderId must be a positive integer, got null'],
  ])('an order id %j that names no order is refused before anything is sent: %s', async (orderId, message) => {
    const s = await setup()
    const error = await failure(() => s.client.refunds.create({ orderId: orderId as never, amount: 1 }))
    expect(error).toBeInstanceOf(ClientValidationError)
    expect(error.message).toBe(message)
    expect(s.spy.calls).toHaveLength(0)
  })
})

describe('messages name what the merchant called', () => {
  it('an answer the contract does not allow names the method (orders.create), not the operation id', async () => {
    const s = await setup({
      client: {
        intercept: async (request, next) => {
          const response = await next(request)
          return jsonResponse({ ...(await response.json()), qr_code: 42 }, response)
        },
      },
    })
    const error = await failure(() =>
      s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' }),
    )
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error.message).toMatch(/^orders\.create: the answer does not match the contract: qr_code/)
  })

  it('a refusal of a parameter names the parameter as the method takes it (amount, not refundAmount)', async () => {
    const s = await setup()
    const error = await failure(() => s.client.refunds.create({ orderId: 1001, amount: -1 }))
    expect(error.message).toBe('amount must be greater than 0, got -1')
  })
})
