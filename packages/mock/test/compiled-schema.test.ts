/**
 * The tables and the request parse validate through zod's compiled parser (`store/compiled-schema.ts`)
 * rather than the contract's zod/mini schema itself; the mock's answers depend on the two agreeing. Pinned here:
 * the same value for every record a day of the mock keeps, and the same value or the same issues (paths, codes,
 * messages) for records with one field changed to anything and for arbitrary request bodies.
 */
import {
  accountRecordSchema,
  balanceRecordSchema,
  idempotencyRecordSchema,
  merchantRecordSchema,
  OPERATION_REQUESTS,
  orderRecordSchema,
  otpSessionRecordSchema,
  outboxRecordSchema,
  qrRecordSchema,
  storeRecordSchema,
  transactionRecordSchema,
  userRecordSchema,
  webhookRecordSchema,
} from '@merchant-gateway/contract'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compiled } from '../src/store/compiled-schema.js'
import { newMerchant, newMock, paidOrder, refund } from './harness.js'

/** Each kind of record a saved state holds, by its key in the state, with its schema. */
const KINDS: Record<string, StandardSchemaV1> = {
  merchants: merchantRecordSchema,
  stores: storeRecordSchema,
  accounts: accountRecordSchema,
  balances: balanceRecordSchema,
  orders: orderRecordSchema,
  qrCodes: qrRecordSchema,
  transactions: transactionRecordSchema,
  idempotency: idempotencyRecordSchema,
  webhooks: webhookRecordSchema,
  users: userRecordSchema,
  otpSessions: otpSessionRecordSchema,
  outbox: outboxRecordSchema,
}

const validate = (schema: StandardSchemaV1, value: unknown) => schema['~standard'].validate(value)

/** The records of a small day: a merchant with a webhook URL, a paid order, a refund, a user asking for a code. */
async function recordsOfADay(): Promise<Array<{ kind: string; record: Record<string, unknown> }>> {
  const mock = newMock()
  const merchant = await newMerchant(mock)
  await mock.merchants.update(merchant.merchantId, { webhookUrl: 'https://merchant.example/webhooks' })
  const { orderId } = await paidOrder(mock, merchant, 25)
  expect((await refund(mock, merchant, orderId, 5)).status).toBe(200)
  await mock.users.create({ email: 'dara@example.com', emailVerified: true })
  const state = (await mock.snapshot()).state as unknown as Record<string, Array<Record<string, unknown>>>
  return Object.keys(KINDS).flatMap((kind) => state[kind]!.map((record) => ({ kind, record })))
}

describe("zod's compiled parser in the mock", () => {
  it('takes every record a day of the mock keeps to the same value, with no issue', async () => {
    const records = await recordsOfADay()
    const kinds = new Set(records.map((r) => r.kind))
    // A day touches most kinds; the ones it does not are covered by the changed records below.
    expect(kinds.size).toBeGreaterThanOrEqual(8)
    for (const { kind, record } of records) {
      const schema = KINDS[kind]!
      const twin = validate(compiled(schema), record)
      expect(twin, kind).toEqual(validate(schema, record))
      expect(twin, kind).not.toHaveProperty('issues')
    }
  })

  it('gives the same value or the same issues for a record with one field changed to anything', async () => {
    const records = await recordsOfADay()
    const changed = fc
      .record({ at: fc.nat(), field: fc.nat(), value: fc.option(fc.anything(), { nil: undefined }) })
      .map(({ at, field, value }) => {
        const { kind, record } = records[at % records.length]!
        const names = Object.keys(record)
        return { kind, record: { ...record, [names[field % names.length]!]: value } }
      })
    fc.assert(
      fc.property(changed, ({ kind, record }) => {
        const schema = KINDS[kind]!
        expect(validate(compiled(schema), record)).toEqual(validate(schema, record))
      }),
      { seed: 20261128, numRuns: 2000 },
    )
  })

  it('gives the same value or the same issues for any request body of any operation', () => {
    const schemas = (Object.values(OPERATION_REQUESTS) as Array<StandardSchemaV1 | null>).filter((s) => s !== null)
    // Bodies of the operations' own field names with values near the valid ones, so that the object-level checks
    // (an order's one store id, an amount's places for its currency) run, beside anything at all.
    const near = fc.record(
      {
        storeId: fc.constantFrom(101, 0, -1, 1.5, '101'),
        store_id: fc.constantFrom(101, '101', null),
        orderId: fc.constantFrom(1001, '1001', 0),
        amount: fc.constantFrom(5, 12.5, 12.345, 0, -1, 1e12, '5'),
        currency: fc.constantFrom('USD', 'KHR', 'usd', 'EUR'),
        refundAmount: fc.constantFrom(1, 2.5, 0.001),
        accountNumber: fc.constantFrom('000123456', '   ', ''),
      },
      { requiredKeys: [] },
    )
    const body = fc.oneof(near, fc.anything(), fc.dictionary(fc.string(), fc.anything()))
    fc.assert(
      fc.property(fc.nat(), body, (at, value) => {
        const schema = schemas[at % schemas.length]!
        expect(validate(compiled(schema), value)).toEqual(validate(schema, value))
      }),
      { seed: 20261128, numRuns: 2000 },
    )
  })
})
