/**
 * @module schemas/money-movement
 * The result shared by the current refund and payout responses: both answer with the same fields.
 */
import * as z from 'zod/mini'
import { currencySchema, integerIdSchema, isoTimestampSchema } from './amount.js'

/**
 * Refund or payout result, inside the envelope's `data`. `remark` may be empty.
 * Unknown fields are kept.
 *
 * @example
 * ```ts
 * moneyMovementResultSchema.parse({
 *   accountName: 'Sok Dara', accountNumber: '012345678', amount: 5.5, currency: 'USD',
 *   orderId: 1024, remark: '', transactionDate: '2026-03-02T09:00:00Z', transactionId: 5002,
 * })
 * ```
 */
export const moneyMovementResultSchema = /* @__PURE__ */ z.looseObject({
  accountName: z.string(),
  accountNumber: z.string(),
  amount: z.number(),
  currency: currencySchema,
  orderId: integerIdSchema,
  remark: z.string(),
  transactionDate: isoTimestampSchema,
  transactionId: integerIdSchema,
})

/**
 * A parsed refund or payout result.
 *
 * @example
 * ```ts
 * const result: MoneyMovementResult = moneyMovementResultSchema.parse(json.data)
 * ```
 */
export type MoneyMovementResult = z.infer<typeof moneyMovementResultSchema>
