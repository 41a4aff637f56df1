/**
 * @module schemas/payout
 * Payout requests and results, current form (signed, camelCase, envelope) and the earlier
 * snake_case form used before release 1.4.0.
 */
import * as z from 'zod/mini'
import {
  accountNumberField,
  amountFitsCurrency,
  amountSchema,
  currencySchema,
  isoTimestampSchema,
  textField,
} from './amount.js'
import { envelopeSchema } from './envelope.js'
import { built, documentedObject, statesSchema } from './documented.js'
import { EARLIER_MONEY_STATUSES, moneyMovementResultSchema } from './money-movement.js'

/**
 * Payout request, current form.
 *
 * @example
 * ```ts
 * payoutRequestSchema.parse({ accountNumber: '012345678', amount: 25, currency: 'USD' })
 * ```
 */
export const payoutRequestSchema = /* @__PURE__ */ z
  .object({
    accountNumber: accountNumberField(),
    amount: amountSchema,
    currency: currencySchema,
  })
  .check(amountFitsCurrency)

/**
 * A parsed payout request.
 *
 * @example
 * ```ts
 * const body: PayoutRequest = { accountNumber: '012345678', amount: 25, currency: 'USD' }
 * ```
 */
export type PayoutRequest = z.infer<typeof payoutRequestSchema>

/**
 * Payout result, current form (the shared refund/payout result). A payout has no order, so its
 * `orderId` is `0` (docs/decisions.md); any other value is a positive integer as on a refund.
 *
 * @example
 * ```ts
 * payoutResultSchema.parse(json.data)
 * ```
 */
export const payoutResultSchema = /* @__PURE__ */ z.extend(moneyMovementResultSchema, {
  orderId: z.int().check(z.nonnegative()),
})

/**
 * A parsed payout result.
 *
 * @example
 * ```ts
 * const payout: PayoutResult = payoutResultSchema.parse(json.data)
 * ```
 */
export type PayoutResult = z.infer<typeof payoutResultSchema>

/**
 * Payout response, current form: the envelope around a {@link PayoutResult}.
 *
 * @example
 * ```ts
 * const { data } = payoutResponseSchema.parse(await res.json())
 * ```
 */
export const payoutResponseSchema = /* @__PURE__ */ envelopeSchema(payoutResultSchema)

/**
 * A parsed payout response.
 *
 * @example
 * ```ts
 * const res: PayoutResponse = payoutResponseSchema.parse(json)
 * ```
 */
export type PayoutResponse = z.infer<typeof payoutResponseSchema>

/**
 * Payout request, earlier form (before release 1.4.0).
 *
 * @example
 * ```ts
 * legacyPayoutRequestSchema.parse({ account_id: 'ACC-9', amount: 25, currency: 'USD', description: 'weekly' })
 * ```
 */
export const legacyPayoutRequestSchema = built(() =>
  z
    .object({
      account_id: accountNumberField(),
      amount: amountSchema,
      currency: currencySchema,
      description: z.optional(textField()),
    })
    .check(amountFitsCurrency),
)

/**
 * A parsed earlier-form payout request.
 *
 * @example
 * ```ts
 * const body: LegacyPayoutRequest = { account_id: 'ACC-9', amount: 25, currency: 'USD' }
 * ```
 */
export type LegacyPayoutRequest = z.infer<typeof legacyPayoutRequestSchema>

/**
 * Payout result, earlier form (not enveloped); `status` one of `EARLIER_MONEY_STATUSES`. Fields the service
 * adds are kept at run time, outside the type.
 *
 * @example
 * ```ts
 * legacyPayoutResultSchema.parse({ payout_id: '88', account_id: 'ACC-9', amount: 25, currency: 'USD',
 *   status: 'processing', created_at: '2026-01-06T10:00:00Z' })
 * ```
 */
export const legacyPayoutResultSchema = built(() =>
  documentedObject({
    payout_id: z.string(),
    account_id: z.string(),
    amount: z.number(),
    currency: currencySchema,
    status: /* @__PURE__ */ statesSchema(EARLIER_MONEY_STATUSES),
    created_at: isoTimestampSchema,
  }),
)

/**
 * A parsed earlier-form payout result.
 *
 * @example
 * ```ts
 * const payout: LegacyPayoutResult = legacyPayoutResultSchema.parse(json)
 * ```
 */
export type LegacyPayoutResult = z.infer<typeof legacyPayoutResultSchema>
