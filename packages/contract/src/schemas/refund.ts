/**
 * @module schemas/refund
 * Refund requests and results, current form (signed, camelCase, envelope) and the earlier
 * snake_case form used before release 1.4.0.
 */
import * as z from 'zod/mini'
import { amountSchema, decimalIdSchema, integerIdSchema, isoTimestampSchema, textField } from './amount.js'
import { envelopeSchema } from './envelope.js'
import { built, documentedObject, statesSchema } from './documented.js'
import { EARLIER_MONEY_STATUSES, moneyMovementResultSchema } from './money-movement.js'

/**
 * Refund request, current form. The amount's decimals depend on the order's currency, so
 * they are checked against the order (see `checkAmount`), not here.
 *
 * @example
 * ```ts
 * refundRequestSchema.parse({ orderId: 1024, refundAmount: 5.5 })
 * ```
 */
export const refundRequestSchema = /* @__PURE__ */ z.object({
  orderId: integerIdSchema,
  refundAmount: amountSchema,
})

/**
 * A parsed refund request.
 *
 * @example
 * ```ts
 * const body: RefundRequest = { orderId: 1024, refundAmount: 5.5 }
 * ```
 */
export type RefundRequest = z.infer<typeof refundRequestSchema>

/**
 * Refund result, current form (the shared refund/payout result).
 *
 * @example
 * ```ts
 * refundResultSchema.parse(json.data)
 * ```
 */
export const refundResultSchema = moneyMovementResultSchema

/**
 * A parsed refund result.
 *
 * @example
 * ```ts
 * const refund: RefundResult = refundResultSchema.parse(json.data)
 * ```
 */
export type RefundResult = z.infer<typeof refundResultSchema>

/**
 * Refund response, current form: the envelope around a {@link RefundResult}.
 *
 * @example
 * ```ts
 * const { data, traceId } = refundResponseSchema.parse(await res.json())
 * ```
 */
export const refundResponseSchema = /* @__PURE__ */ envelopeSchema(refundResultSchema)

/**
 * A parsed refund response.
 *
 * @example
 * ```ts
 * const res: RefundResponse = refundResponseSchema.parse(json)
 * ```
 */
export type RefundResponse = z.infer<typeof refundResponseSchema>

/**
 * Refund request, earlier form (before release 1.4.0).
 *
 * @example
 * ```ts
 * legacyRefundRequestSchema.parse({ order_id: '1024', amount: 5.5, reason: 'damaged' })
 * ```
 */
export const legacyRefundRequestSchema = built(() =>
  z.object({
    order_id: decimalIdSchema,
    amount: amountSchema,
    reason: z.optional(textField()),
  }),
)

/**
 * A parsed earlier-form refund request.
 *
 * @example
 * ```ts
 * const body: LegacyRefundRequest = { order_id: '1024', amount: 5.5 }
 * ```
 */
export type LegacyRefundRequest = z.infer<typeof legacyRefundRequestSchema>

/**
 * Refund result, earlier form (not enveloped); `status` one of `EARLIER_MONEY_STATUSES`. Fields the service
 * adds are kept at run time, outside the type.
 *
 * @example
 * ```ts
 * legacyRefundResultSchema.parse({ refund_id: '77', order_id: '1024', amount: 5.5, status: 'processing',
 *   created_at: '2026-01-06T10:00:00Z' })
 * ```
 */
export const legacyRefundResultSchema = built(() =>
  documentedObject({
    refund_id: z.string(),
    order_id: z.string(),
    amount: z.number(),
    status: /* @__PURE__ */ statesSchema(EARLIER_MONEY_STATUSES),
    created_at: isoTimestampSchema,
  }),
)

/**
 * A parsed earlier-form refund result.
 *
 * @example
 * ```ts
 * const refund: LegacyRefundResult = legacyRefundResultSchema.parse(json)
 * ```
 */
export type LegacyRefundResult = z.infer<typeof legacyRefundResultSchema>
