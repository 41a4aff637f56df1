/**
 * Rules every response, error-body and webhook schema shares, run as one table: the
 * documented example parses, unknown fields are KEPT (clients must never silently drop what
 * the server added), and each documented field is required and typed.
 */
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { balanceResponseSchema, balanceSchema, currencyBalanceSchema } from './balance.js'
import { cancelResultSchema } from './cancel.js'
import { codeErrorBodySchema, errorBodySchema, statusErrorBodySchema } from './errors.js'
import { moneyMovementResultSchema } from './money-movement.js'
import { orderSchema } from './order.js'
import { legacyPayoutResultSchema, payoutResponseSchema, payoutResultSchema } from './payout.js'
import { qrCodeSchema } from './qr.js'
import { legacyRefundResultSchema, refundResponseSchema, refundResultSchema } from './refund.js'
import { listStoresResponseSchema, storeSchema } from './store.js'
import { transactionSchema } from './transaction.js'
import { webhookPayloadSchema } from './webhook.js'

const store = { storeId: 12, storeName: 'Riverside', address: '1 Sisowath Quay, Phnom Penh' }
const usd = { balance: 100.5, freeze: 20, usable: 80.5 }
const balance = { usd, khr: { balance: 40000, freeze: 0, usable: 40000 } }
const movement = {
  accountName: 'Sok Dara',
  accountNumber: '012345678',
  amount: 5.5,
  currency: 'USD',
  orderId: 1024,
  remark: '',
  transactionDate: '2026-03-02T09:00:00.000Z',
  transactionId: 5002,
}
const envelope = <T>(data: T) => ({ statusCode: 200, message: 'Success', data, traceId: 'trace-1' })

const cases: { name: string; schema: z.ZodMiniType; example: Record<string, unknown> }[] = [
  { name: 'store', schema: storeSchema, example: store },
  { name: 'list stores response', schema: listStoresResponseSchema, example: envelope([store]) },
  { name: 'currency balance', schema: currencyBalanceSchema, example: usd },
  { name: 'balance', schema: balanceSchema, example: balance },
  { name: 'balance response', schema: balanceResponseSchema, example: envelope(balance) },
  {
    name: 'order',
    schema: orderSchema,
    example: {
      order_id: '1024',
      qr_code: 'https://sandbox.example/qr/1024.png',
      status: 'pending',
      created_at: '2026-03-02T09:00:00Z',
    },
  },
  {
    name: 'QR code',
    schema: qrCodeSchema,
    example: {
      qr_code: 'https://sandbox.example/qr/7.png',
      qr_data: '00020101021229',
      expires_at: '2026-03-02T09:30:00Z',
    },
  },
  {
    name: 'transaction',
    schema: transactionSchema,
    example: {
      transaction_id: '5001',
      order_id: '1024',
      amount: 12.5,
      currency: 'USD',
      status: 'completed',
      created_at: '2026-03-02T09:00:00Z',
      updated_at: '2026-03-02T09:01:00Z',
    },
  },
  {
    name: 'cancel result',
    schema: cancelResultSchema,
    example: { order_id: '1024', status: 'cancelled', cancelled_at: '2026-03-02T09:05:00Z' },
  },
  { name: 'refund/payout result', schema: moneyMovementResultSchema, example: movement },
  { name: 'refund result', schema: refundResultSchema, example: movement },
  { name: 'refund response', schema: refundResponseSchema, example: envelope(movement) },
  { name: 'payout result', schema: payoutResultSchema, example: { ...movement, orderId: 1025, remark: 'weekly' } },
  { name: 'payout response', schema: payoutResponseSchema, example: envelope(movement) },
  {
    name: 'earlier refund result',
    schema: legacyRefundResultSchema,
    example: {
      refund_id: '77',
      order_id: '1024',
      amount: 5.5,
      status: 'processing',
      created_at: '2026-01-06T10:00:00Z',
    },
  },
  {
    name: 'earlier payout result',
    schema: legacyPayoutResultSchema,
    example: {
      payout_id: '88',
      account_id: 'ACC-9',
      amount: 25,
      currency: 'USD',
      status: 'processing',
      created_at: '2026-01-06T10:00:00Z',
    },
  },
  {
    name: 'status-style error',
    schema: statusErrorBodySchema,
    example: { statusCode: 404, message: 'No stores found', error: 'Not Found' },
  },
  {
    name: 'code-style error',
    schema: codeErrorBodySchema,
    example: {
      error: {
        code: 'missing_idempotent_key',
        message: 'X-Idempotent-Key header is required',
        request_id: 'req_1',
        details: {
          endpoint: '/api/v1/payment-gateway/order/refund',
          required_header: 'X-Idempotent-Key',
          documentation: 'https://docs.example/idempotency',
        },
        timestamp: 1768867200,
      },
    },
  },
  {
    name: 'webhook payload',
    schema: webhookPayloadSchema,
    example: {
      accountName: 'Sok Dara',
      accountNumber: '012345678',
      amount: 12.5,
      appId: 1001,
      createTimeMilli: 1767225600999,
      currency: 'USD',
      orderId: 1024,
      status: 'SUCCESS',
      transactionId: 5001,
    },
  },
]

describe.each(cases)('$name schema', ({ schema, example }) => {
  it('accepts the documented example unchanged', () => {
    expect(schema.safeParse(example)).toEqual({ success: true, data: example })
  })

  it('keeps fields it does not know', () => {
    const withExtra = { ...example, addedLater: { nested: [1, 2] }, flag: true }
    expect(schema.parse(withExtra)).toEqual(withExtra)
  })

  it.each(Object.keys(example))('requires the documented field %s', (field) => {
    const { [field]: _dropped, ...rest } = example
    expect(schema.safeParse(rest).success).toBe(false)
  })

  it.each(Object.keys(example))('rejects a value of the wrong type in %s', (field) => {
    const value = example[field]
    const wrong = typeof value === 'string' ? 12 : typeof value === 'number' ? '12' : 'text'
    expect(schema.safeParse({ ...example, [field]: wrong }).success).toBe(false)
  })
})

describe('response field rules', () => {
  it('unknown fields are kept inside nested objects too', () => {
    const body = envelope({ ...balance, usd: { ...usd, pending: 3 } })
    expect(balanceResponseSchema.parse(body).data.usd).toEqual({ ...usd, pending: 3 })
    const list = envelope([{ ...store, phone: '012' }])
    expect(listStoresResponseSchema.parse(list).data[0]).toEqual({ ...store, phone: '012' })
    const error = { error: { code: 'x', message: 'y', request_id: 'z', retry_after: 3, details: { field: 'amount' } } }
    expect(codeErrorBodySchema.parse(error)).toEqual(error)
  })

  it('an empty store list is a valid list-stores response', () => {
    expect(listStoresResponseSchema.safeParse(envelope([])).success).toBe(true)
  })

  it('statuses are open strings so states the gateway documentation does not name yet do not break clients', () => {
    expect(webhookPayloadSchema.safeParse({ ...cases.at(-1)!.example, status: 'REFUNDED' }).success).toBe(true)
    expect(transactionSchema.safeParse({ ...cases[7]!.example, status: 'reversed' }).success).toBe(true)
  })

  it('currencies in responses are limited to USD and KHR', () => {
    expect(moneyMovementResultSchema.safeParse({ ...movement, currency: 'EUR' }).success).toBe(false)
  })

  it('timestamps must be ISO 8601 with a time zone', () => {
    const parse = (transactionDate: string) =>
      moneyMovementResultSchema.safeParse({ ...movement, transactionDate }).success
    expect(parse('2026-03-02T09:00:00Z')).toBe(true)
    expect(parse('2026-03-02T16:00:00+07:00')).toBe(true)
    expect(parse('2026-03-02')).toBe(false)
    expect(parse('2026-03-02T09:00:00')).toBe(false)
    expect(parse('yesterday')).toBe(false)
  })

  it('the optional parts of a code-style error may be absent', () => {
    expect(
      codeErrorBodySchema.safeParse({ error: { code: 'invalid_signature', message: 'no', request_id: 'r' } }).success,
    ).toBe(true)
  })

  it('errorBodySchema accepts both error shapes and nothing else', () => {
    expect(
      errorBodySchema.safeParse({ statusCode: 401, message: 'Invalid API key', error: 'Unauthorized' }).success,
    ).toBe(true)
    expect(
      errorBodySchema.safeParse({ error: { code: 'invalid_authentication', message: 'm', request_id: 'r' } }).success,
    ).toBe(true)
    expect(errorBodySchema.safeParse({ error: 'Unauthorized' }).success).toBe(false)
    expect(errorBodySchema.safeParse({ message: 'oops' }).success).toBe(false)
  })

  it('a webhook createTimeMilli must be a non-negative integer', () => {
    const base = cases.at(-1)!.example
    expect(webhookPayloadSchema.safeParse({ ...base, createTimeMilli: 1.5 }).success).toBe(false)
    expect(webhookPayloadSchema.safeParse({ ...base, createTimeMilli: -1 }).success).toBe(false)
  })
})
