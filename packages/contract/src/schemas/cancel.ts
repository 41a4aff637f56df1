/**
 * @module schemas/cancel
 * Cancel-order request and the documented cancel result.
 */
import * as z from 'zod/mini'
import { LIMITS } from '../limits.js'
import { decimalIdSchema, isoTimestampSchema } from './amount.js'

/**
 * Cancel order request: the order as a decimal string and an optional free-text reason
 * (at most {@link LIMITS}.maxTextLength characters).
 *
 * @example
 * ```ts
 * cancelOrderRequestSchema.parse({ order_id: '1024', reason: 'customer left' })
 * ```
 */
export const cancelOrderRequestSchema = /* @__PURE__ */ z.object({
  order_id: decimalIdSchema,
  reason: z.optional(z.string().check(z.maxLength(LIMITS.maxTextLength))),
})

/**
 * A parsed cancel-order request.
 *
 * @example
 * ```ts
 * const body: CancelOrderRequest = { order_id: '1024' }
 * ```
 */
export type CancelOrderRequest = z.infer<typeof cancelOrderRequestSchema>

/**
 * The cancel-order response as documented. Unknown fields are kept.
 *
 * @example
 * ```ts
 * cancelResultSchema.parse({ order_id: '1024', status: 'cancelled', cancelled_at: '2026-03-02T09:05:00Z' })
 * ```
 */
export const cancelResultSchema = /* @__PURE__ */ z.looseObject({
  order_id: z.string(),
  status: z.string(),
  cancelled_at: isoTimestampSchema,
})

/**
 * A parsed cancel result.
 *
 * @example
 * ```ts
 * const result: CancelResult = cancelResultSchema.parse(json)
 * ```
 */
export type CancelResult = z.infer<typeof cancelResultSchema>
