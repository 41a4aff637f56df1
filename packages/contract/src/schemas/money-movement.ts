/**
 * @module schemas/money-movement
 * The result shared by the current refund and payout responses: both answer with the same fields.
 */
import * as z from 'zod/mini'
import { currencySchema, integerIdSchema, isoTimestampSchema } from './amount.js'
import { documentedObject } from './documented.js'

/**
 * The states of a refund or payout in the earlier results (before release 1.4.0): `processing` until it
 * settles, then `completed`, or `failed` (a failed payout is reversed).
 *
 * @example
 * ```ts
 * EARLIER_MONEY_STATUSES.includes('processing') // true
 * ```
 */
export const EARLIER_MONEY_STATUSES = ['processing', 'completed', 'failed'] as const

/**
 * A state of an earlier refund or payout result.
 *
 * @example
 * ```ts
 * const settled = (s: EarlierMoneyStatus) => s !== 'processing'
 * ```
 */
export type EarlierMoneyStatus = (typeof EARLIER_MONEY_STATUSES)[number]

/**
 * Refund or payout result, inside the envelope's `data`. `remark` may be empty. Fields the service adds
 * are kept at run time, outside the type.
 *
 * @example
 * ```ts
 * moneyMovementResultSchema.parse({
 *   accountName: 'Sok Dara', accountNumber: '012345678', amount: 5.5, currency: 'USD',
 *   orderId: 1024, remark: '', transactionDate: '2026-03-02T09:00:00Z', transactionId: 5002,
 * })
 * ```
 */
export const moneyMovementResultSchema = /* @__PURE__ */ documentedObject({
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
