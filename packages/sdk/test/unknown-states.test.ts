/**
 * A state or a refusal code the contract does not list (the service adds one later) reaches the merchant's
 * program as it was sent: the answer is not refused as invalid, so a program that branches on the
 * documented values, with a default branch, keeps running. The types list the documented values only
 * (typed-results.test-d.ts), so a misspelt one is a compile error.
 */
import { describe, expect, it } from 'vitest'
import { InvalidRequestError } from '../src/index.js'
import { failure, jsonResponse, paidOrder, setup } from './harness.js'

/** What a merchant's program does with a transaction's state: the documented ones, and a default. */
function nextStep(status: 'pending' | 'completed' | 'failed' | 'cancelled'): string {
  switch (status) {
    case 'completed':
      return 'ship'
    case 'pending':
      return 'wait'
    case 'failed':
    case 'cancelled':
      return 'release the stock'
    default:
      return `ask support about ${status as string}`
  }
}

describe('a value the contract does not list, arriving at run time', () => {
  it(
    'a transaction state the contract does not list arrives as it was sent, and a switch over the documented ' +
      'states reaches its default branch instead of failing',
    async () => {
      const s = await setup({
        client: {
          intercept: async (request, next) => {
            const response = await next(request)
            if (!request.url.includes('transaction-detail')) return response
            return jsonResponse({ ...(await response.json()), status: 'partially_refunded' }, response)
          },
        },
      })
      const { transactionId } = await paidOrder(s.mock, s.merchant, 20)
      const tx = await s.client.transactions.retrieve(transactionId)
      expect(tx.status as string).toBe('partially_refunded')
      expect(nextStep(tx.status)).toBe('ask support about partially_refunded')
    },
  )

  it('an order state the contract does not list is kept, and so is a field it does not document', async () => {
    const s = await setup({
      client: {
        intercept: async (request, next) => {
          const response = await next(request)
          return jsonResponse({ ...(await response.json()), status: 'awaiting_review', channel: 'app' }, response)
        },
      },
    })
    const order = await s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' })
    expect(order.status as string).toBe('awaiting_review')
    expect((order as unknown as Record<string, unknown>).channel).toBe('app')
  })

  it('a refusal code the contract does not list arrives as the error code, on the class its status gives', async () => {
    const s = await setup({
      client: {
        intercept: async (request, next) => {
          const response = await next(request)
          return jsonResponse(
            { error: { code: 'store_suspended', message: 'Store suspended', request_id: 'r1' } },
            response,
            422,
          )
        },
      },
    })
    const error = await failure(() =>
      s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' }),
    )
    expect(error).toBeInstanceOf(InvalidRequestError)
    expect(error.code).toBe('store_suspended')
  })
})
