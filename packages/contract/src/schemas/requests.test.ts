/**
 * Rules every request schema shares, run as one table: the documented example parses to
 * itself, and a missing field, a wrong type, an empty or 100 000-character string, an
 * unknown currency and an unknown field are handled the same way everywhere.
 */
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { cancelOrderRequestSchema } from './cancel.js'
import { createOrderCurrentRequestSchema, createOrderLegacyRequestSchema, createOrderRequestSchema } from './order.js'
import { legacyPayoutRequestSchema, payoutRequestSchema } from './payout.js'
import { generateQrRequestSchema } from './qr.js'
import { legacyRefundRequestSchema, refundRequestSchema } from './refund.js'
import { transactionDetailBodySchema, transactionDetailRequestSchema } from './transaction.js'

interface RequestCase {
  name: string
  schema: z.ZodMiniType
  /** A request with every field the service documents for it, spelled as documented. */
  example: Record<string, unknown>
  /** Fields that must be present. */
  required: string[]
  /** Fields holding a string on the wire (required or optional). */
  strings: string[]
  /** Fields holding a number on the wire. */
  numbers: string[]
  /** Field holding a currency, if any. */
  currency?: string
}

const LONG = 'x'.repeat(100_000)
const LONG_DIGITS = '1'.repeat(100_000)

const cases: RequestCase[] = [
  {
    name: 'create order (current)',
    schema: createOrderCurrentRequestSchema,
    example: { storeId: 12, amount: 12.5, currency: 'USD' },
    required: ['storeId', 'amount', 'currency'],
    strings: ['currency'],
    numbers: ['storeId', 'amount'],
    currency: 'currency',
  },
  {
    name: 'create order (earlier)',
    schema: createOrderLegacyRequestSchema,
    example: { store_id: '12', amount: 4000, currency: 'KHR' },
    required: ['store_id', 'amount', 'currency'],
    strings: ['store_id', 'currency'],
    numbers: ['amount'],
    currency: 'currency',
  },
  {
    name: 'create order (either shape)',
    schema: createOrderRequestSchema,
    example: { storeId: 12, amount: 12.5, currency: 'USD' },
    required: ['amount', 'currency'],
    strings: ['currency'],
    numbers: ['storeId', 'amount'],
    currency: 'currency',
  },
  {
    name: 'generate QR',
    schema: generateQrRequestSchema,
    example: { store_id: 12, amount: 4000, currency: 'KHR' },
    required: ['store_id', 'amount', 'currency'],
    strings: ['currency'],
    numbers: ['store_id', 'amount'],
    currency: 'currency',
  },
  {
    name: 'transaction detail (GET query)',
    schema: transactionDetailRequestSchema,
    example: { transaction_id: '5001' },
    required: ['transaction_id'],
    strings: ['transaction_id'],
    numbers: [],
  },
  {
    name: 'transaction detail (POST body)',
    schema: transactionDetailBodySchema,
    example: { transaction_id: '5001' },
    required: ['transaction_id'],
    strings: ['transaction_id'],
    numbers: [],
  },
  {
    name: 'cancel order',
    schema: cancelOrderRequestSchema,
    example: { order_id: '1024', reason: 'customer left' },
    required: ['order_id'],
    strings: ['order_id', 'reason'],
    numbers: [],
  },
  {
    name: 'refund (current)',
    schema: refundRequestSchema,
    example: { orderId: 1024, refundAmount: 5.5 },
    required: ['orderId', 'refundAmount'],
    strings: [],
    numbers: ['orderId', 'refundAmount'],
  },
  {
    name: 'refund (earlier)',
    schema: legacyRefundRequestSchema,
    example: { order_id: '1024', amount: 5.5, reason: 'damaged' },
    required: ['order_id', 'amount'],
    strings: ['order_id', 'reason'],
    numbers: ['amount'],
  },
  {
    name: 'payout (current)',
    schema: payoutRequestSchema,
    example: { accountNumber: '012345678', amount: 25, currency: 'USD' },
    required: ['accountNumber', 'amount', 'currency'],
    strings: ['accountNumber', 'currency'],
    numbers: ['amount'],
    currency: 'currency',
  },
  {
    name: 'payout (earlier)',
    schema: legacyPayoutRequestSchema,
    example: { account_id: 'ACC-9', amount: 25, currency: 'USD', description: 'weekly' },
    required: ['account_id', 'amount', 'currency'],
    strings: ['account_id', 'currency', 'description'],
    numbers: ['amount'],
    currency: 'currency',
  },
]

const without = (record: Record<string, unknown>, key: string) => {
  const { [key]: _dropped, ...rest } = record
  return rest
}

const pathsOf = (result: { success: boolean; error?: { issues: readonly { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'))

describe.each(cases)('$name request', ({ schema, example, required, strings, numbers }) => {
  it('accepts the documented example unchanged', () => {
    expect(schema.safeParse(example)).toEqual({ success: true, data: example })
  })

  it('drops unknown fields instead of passing them on', () => {
    const result = schema.safeParse({ ...example, extra: 'ignored' })
    expect(result.success).toBe(true)
    expect(result.data).toEqual(example)
  })

  it('rejects a body that is not an object', () => {
    for (const body of [null, [], 'text', 42, undefined]) expect(schema.safeParse(body).success).toBe(false)
  })

  it.each(required)('rejects a body missing the required field %s', (field) => {
    const result = schema.safeParse(without(example, field))
    expect(result.success).toBe(false)
  })

  it.each(strings)('rejects a number where the string field %s goes', (field) => {
    const result = schema.safeParse({ ...example, [field]: 12.5 })
    expect(result.success).toBe(false)
    expect(pathsOf(result)).toContain(field)
  })

  it.each(numbers)('rejects a numeric string where the number field %s goes', (field) => {
    const result = schema.safeParse({ ...example, [field]: String(example[field] ?? 12) })
    expect(result.success).toBe(false)
    expect(pathsOf(result)).toContain(field)
  })

  it.each(strings)('rejects a 100 000-character string in %s', (field) => {
    for (const value of [LONG, LONG_DIGITS]) {
      const result = schema.safeParse({ ...example, [field]: value })
      expect(result.success).toBe(false)
      expect(pathsOf(result)).toContain(field)
    }
  })

  it.each(strings.filter((f) => required.includes(f)))('rejects an empty string in the required field %s', (field) => {
    const result = schema.safeParse({ ...example, [field]: '' })
    expect(result.success).toBe(false)
    expect(pathsOf(result)).toContain(field)
  })

  it.each(numbers)('rejects zero, negative, NaN and Infinity in %s', (field) => {
    for (const value of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(schema.safeParse({ ...example, [field]: value }).success).toBe(false)
    }
  })
})

describe.each(cases.filter((c) => c.currency !== undefined))('$name request', ({ schema, example, currency }) => {
  it('rejects an unknown or lowercase currency', () => {
    for (const value of ['EUR', 'usd', 'US', '']) {
      const result = schema.safeParse({ ...example, [currency!]: value })
      expect(result.success).toBe(false)
      expect(pathsOf(result)).toContain(currency)
    }
  })

  it('accepts both currencies for a whole amount', () => {
    for (const value of ['USD', 'KHR']) {
      expect(schema.safeParse({ ...example, amount: 100, [currency!]: value }).success).toBe(true)
    }
  })
})

describe('request field rules', () => {
  it('decimal ids must be digits without a leading zero and a safe integer', () => {
    const parse = (order_id: unknown) => cancelOrderRequestSchema.safeParse({ order_id }).success
    expect(parse('1')).toBe(true)
    expect(parse(String(Number.MAX_SAFE_INTEGER))).toBe(true)
    expect(parse('9007199254740992')).toBe(false)
    expect(parse('18446744073709551615')).toBe(false)
    expect(parse('0')).toBe(false)
    expect(parse('0124')).toBe(false)
    expect(parse('12a')).toBe(false)
    expect(parse(' 12')).toBe(false)
    expect(parse('-12')).toBe(false)
    expect(parse('1'.repeat(21))).toBe(false)
    expect(parse(1024)).toBe(false)
  })

  it('integer ids must be positive safe integers', () => {
    const parse = (orderId: unknown) => refundRequestSchema.safeParse({ orderId, refundAmount: 1 }).success
    expect(parse(1)).toBe(true)
    expect(parse(Number.MAX_SAFE_INTEGER)).toBe(true)
    expect(parse(1.5)).toBe(false)
    expect(parse(0)).toBe(false)
    expect(parse(-3)).toBe(false)
    expect(parse(2 ** 53)).toBe(false)
  })

  const decimalIdIssues = (order_id: unknown) =>
    (cancelOrderRequestSchema.safeParse({ order_id }).error?.issues ?? []).map((issue) => issue.message)
  const integerIdIssues = (orderId: unknown) =>
    (refundRequestSchema.safeParse({ orderId, refundAmount: 1 }).error?.issues ?? []).map((issue) => issue.message)

  it.each(['12a', 'abc', ' 12', '-12', '1e3', '', 'x'.repeat(21)])(
    'a decimal id %j that is not all digits breaks one rule: it must be a string of digits',
    (id) => {
      expect(decimalIdIssues(id)).toEqual(['must be a string of digits'])
    },
  )

  it.each(['0124', '01001', '0'.repeat(20) + '1'])(
    'a decimal id %j with a leading zero breaks one rule: it must be written without leading zeros',
    (id) => {
      expect(decimalIdIssues(id)).toEqual(['must be written without leading zeros'])
    },
  )

  it.each(['0', '00'])('a decimal id %j of zeros breaks one rule: it must be greater than 0', (id) => {
    expect(decimalIdIssues(id)).toEqual(['must be greater than 0'])
  })

  it.each(['9007199254740992', '99999999999999999', '1'.repeat(21)])(
    'a decimal id %j above 2^53 - 1 breaks one rule: it must be at most 9007199254740991',
    (id) => {
      expect(decimalIdIssues(id)).toEqual(['must be at most 9007199254740991'])
    },
  )

  it.each([2 ** 53, 2 ** 60, Number.MAX_VALUE])(
    'an integer id %d above 2^53 - 1 breaks one rule: it must be at most 9007199254740991',
    (id) => {
      expect(integerIdIssues(id)).toEqual(['must be at most 9007199254740991'])
    },
  )

  it.each([1.5, 0, -3, -(2 ** 60), Number.NaN, '12', null])(
    'an integer id %j that is not a positive integer is told it must be a positive integer',
    (id) => {
      expect(integerIdIssues(id)).toEqual(['must be a positive integer'])
    },
  )

  it('the transaction-detail POST body takes the id as a decimal string or a positive integer', () => {
    expect(transactionDetailBodySchema.safeParse({ transaction_id: 5001 }).success).toBe(true)
    expect(transactionDetailBodySchema.safeParse({ transaction_id: '5001' }).success).toBe(true)
    expect(transactionDetailBodySchema.safeParse({ transaction_id: 50.5 }).success).toBe(false)
    expect(transactionDetailBodySchema.safeParse({ transaction_id: '05001' }).success).toBe(false)
  })

  it('the transaction-detail GET query takes the id only as a string, as query values are', () => {
    expect(transactionDetailRequestSchema.safeParse({ transaction_id: 5001 }).success).toBe(false)
  })

  it('optional free text may be absent or empty but not longer than 500 characters', () => {
    expect(cancelOrderRequestSchema.safeParse({ order_id: '1' }).success).toBe(true)
    expect(cancelOrderRequestSchema.safeParse({ order_id: '1', reason: '' }).success).toBe(true)
    expect(cancelOrderRequestSchema.safeParse({ order_id: '1', reason: 'x'.repeat(500) }).success).toBe(true)
    expect(cancelOrderRequestSchema.safeParse({ order_id: '1', reason: 'x'.repeat(501) }).success).toBe(false)
    expect(
      legacyPayoutRequestSchema.safeParse({ account_id: 'A', amount: 1, currency: 'USD', description: 'x'.repeat(501) })
        .success,
    ).toBe(false)
  })

  it('payout account numbers are 1 to 64 characters', () => {
    const parse = (accountNumber: string) =>
      payoutRequestSchema.safeParse({ accountNumber, amount: 1, currency: 'USD' }).success
    expect(parse('1'.repeat(64))).toBe(true)
    expect(parse('1'.repeat(65))).toBe(false)
  })

  it('amount with more decimals than the currency allows is rejected on the amount field', () => {
    const cents = payoutRequestSchema.safeParse({ accountNumber: '1', amount: 1.005, currency: 'USD' })
    expect(cents.success).toBe(false)
    expect(cents.error?.issues).toMatchObject([
      { path: ['amount'], message: 'amount must have at most 2 decimal places for USD' },
    ])
    const riel = generateQrRequestSchema.safeParse({ store_id: 1, amount: 1.5, currency: 'KHR' })
    expect(riel.error?.issues).toMatchObject([{ path: ['amount'], message: 'amount must be a whole number for KHR' }])
    expect(generateQrRequestSchema.safeParse({ store_id: 1, amount: 0.29, currency: 'USD' }).success).toBe(true)
  })

  it('amount above the maximum is rejected on the amount field', () => {
    const result = createOrderCurrentRequestSchema.safeParse({ storeId: 1, amount: 1e13, currency: 'KHR' })
    expect(result.error?.issues).toMatchObject([
      { path: ['amount'], message: 'amount must be at most 1000000000000 KHR' },
    ])
  })

  it('1e999 in a JSON body parses to Infinity and is rejected', () => {
    const body: unknown = JSON.parse('{"orderId":1,"refundAmount":1e999}')
    expect(refundRequestSchema.safeParse(body).success).toBe(false)
  })

  it("refund amounts are not checked for decimals here, because the currency is the order's", () => {
    expect(refundRequestSchema.safeParse({ orderId: 1, refundAmount: 1.005 }).success).toBe(true)
  })
})
