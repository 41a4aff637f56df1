import { describe, expect, it } from 'vitest'
import { en } from 'zod/locales'
import * as z from 'zod/mini'
import { describeIssues } from './issues.js'
import { createOrderRequestSchema } from './schemas/order.js'
import { cancelOrderRequestSchema } from './schemas/cancel.js'
import { payoutRequestSchema } from './schemas/payout.js'
import { refundRequestSchema } from './schemas/refund.js'
import { listStoresResponseSchema } from './schemas/store.js'
import { transactionDetailBodySchema, transactionDetailRequestSchema } from './schemas/transaction.js'
import { orderSchema } from './schemas/order.js'

function describeFailure(schema: z.ZodMiniType, input: unknown, withInput = true): string {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('expected the input to be rejected')
  return withInput ? describeIssues(result.error, input) : describeIssues(result.error)
}

describe('describeIssues', () => {
  it('names each field with what was expected and what was received', () => {
    expect(describeFailure(createOrderRequestSchema, { storeId: 1, amount: '12', currency: 'EUR' })).toBe(
      'amount: expected number, received string; currency: expected one of USD|KHR, received "EUR"',
    )
  })

  it('without the input it still names the field and what was expected', () => {
    expect(describeFailure(createOrderRequestSchema, { storeId: 1, amount: '12', currency: 'EUR' }, false)).toBe(
      'amount: expected number; currency: expected one of USD|KHR',
    )
  })

  it('a missing field is reported as required', () => {
    expect(describeFailure(refundRequestSchema, { orderId: 1 })).toBe('refundAmount: is required (expected number)')
  })

  it('a body that is not an object is reported without a field name', () => {
    expect(describeFailure(refundRequestSchema, null)).toBe('expected object, received null')
    expect(describeFailure(refundRequestSchema, [])).toBe('expected object, received array')
  })

  it('size and range rules state the limit', () => {
    expect(describeFailure(payoutRequestSchema, { accountNumber: '', amount: -1, currency: 'USD' })).toBe(
      'accountNumber: must not be empty; amount: must be greater than 0',
    )
    expect(describeFailure(cancelOrderRequestSchema, { order_id: '1', reason: 'x'.repeat(501) })).toBe(
      'reason: must be at most 500 characters (received 501)',
    )
  })

  it('a wrong kind of number shows the number', () => {
    expect(describeFailure(refundRequestSchema, { orderId: 1.5, refundAmount: 1 })).toBe(
      'orderId: expected integer, received 1.5',
    )
  })

  it('Infinity from a JSON 1e999 is named as such', () => {
    expect(describeFailure(refundRequestSchema, JSON.parse('{"orderId":1,"refundAmount":1e999}'))).toBe(
      'refundAmount: expected number, received Infinity',
    )
  })

  it('messages written by the schema are kept, without repeating the field name', () => {
    expect(describeFailure(cancelOrderRequestSchema, { order_id: '0123' })).toBe(
      'order_id: must be written without leading zeros',
    )
    expect(describeFailure(payoutRequestSchema, { accountNumber: '1', amount: 1.005, currency: 'USD' })).toBe(
      'amount must have at most 2 decimal places for USD',
    )
    expect(describeFailure(createOrderRequestSchema, { amount: 1, currency: 'USD' })).toBe(
      'one of storeId (number) or store_id (string) is required',
    )
  })

  it('nested paths use dots and indexes', () => {
    const body = { statusCode: 200, message: 'OK', traceId: 't', data: [{ storeId: 1, storeName: 'A', address: 7 }] }
    expect(describeFailure(listStoresResponseSchema, body)).toBe('data[0].address: expected string, received number')
  })

  it('a union lists the accepted types when no branch came close', () => {
    expect(describeFailure(transactionDetailBodySchema, { transaction_id: true })).toBe(
      'transaction_id: expected string or number, received boolean',
    )
  })

  it('a union reports the closest branch when one got past the type check', () => {
    expect(describeFailure(transactionDetailBodySchema, { transaction_id: '05001' })).toBe(
      'transaction_id: must be written without leading zeros',
    )
  })

  it.each([
    ['abc', 'transaction_id: must be a string of digits'],
    ['05001', 'transaction_id: must be written without leading zeros'],
    ['99999999999999999', 'transaction_id: must be at most 9007199254740991'],
  ])('an id %j that breaks one rule is told that one rule, once: %s', (id, message) => {
    expect(describeFailure(transactionDetailRequestSchema, { transaction_id: id })).toBe(message)
  })

  it('format rules say what the format is', () => {
    const body = { order_id: '1', qr_code: 'q', status: 'pending', created_at: '2026-03-02' }
    expect(describeFailure(orderSchema, body)).toBe(
      'created_at: must be an ISO 8601 date-time with time zone, e.g. 2026-03-02T09:00:00Z',
    )
  })

  it("says what a format is when the app's zod has English messages loaded (as importing classic zod does)", () => {
    const before = z.config().localeError
    z.config(en())
    try {
      const body = { order_id: '1', qr_code: 'q', status: 'pending', created_at: '2026-03-02' }
      expect(describeFailure(orderSchema, body)).toBe(
        'created_at: must be an ISO 8601 date-time with time zone, e.g. 2026-03-02T09:00:00Z',
      )
      expect(describeFailure(z.object({ n: z.number().check(z.refine(() => false)) }), { n: 1 })).toBe('n: is invalid')
      // A message a schema gives is still shown as it is.
      const digits = z.string().check(z.regex(/^\d+$/, 'must be digits'))
      expect(describeFailure(z.object({ id: digits }), { id: 'x' })).toBe('id: must be digits')
    } finally {
      z.config({ localeError: before })
    }
  })

  it('issues from a Standard Schema validate() are accepted, including { key } path segments', () => {
    const result = refundRequestSchema['~standard'].validate({ orderId: 0, refundAmount: 1 })
    if (result instanceof Promise || result.issues === undefined) throw new Error('expected issues')
    expect(describeIssues({ issues: result.issues })).toBe('orderId: must be greater than 0')
    expect(describeIssues({ issues: [{ message: 'is odd', path: [{ key: 'items' }, { key: 2 }] }] })).toBe(
      'items[2]: is odd',
    )
  })

  it('unusual keys are quoted', () => {
    expect(describeIssues({ issues: [{ message: 'is odd', path: ['a b'] }] })).toBe('["a b"]: is odd')
  })

  it('repeated issues are listed once and long lists are cut after ten', () => {
    const issue = (n: number) => ({ message: 'is invalid', path: [`f${n}`] })
    expect(describeIssues({ issues: [issue(1), issue(1)] })).toBe('f1: is invalid')
    const many = describeIssues({ issues: Array.from({ length: 13 }, (_, n) => issue(n)) })
    expect(many.endsWith('f9: is invalid; and 3 more')).toBe(true)
  })

  it('an empty issue list still yields a sentence', () => {
    expect(describeIssues({ issues: [] })).toBe('invalid input')
  })

  it('unrecognized keys of a strict object are listed', () => {
    const strict = z.strictObject({ a: z.number() })
    expect(describeFailure(strict, { a: 1, b: 2, c: 3 })).toBe('has unknown fields b, c')
  })
})
