/**
 * @module schemas/cancel
 * Cancel-order request and the documented cancel result.
 */
import * as z from 'zod/mini'
import { LIMITS } from '../limits.js'
import { decimalIdSchema, isoTimestampSchema, textField } from './amount.js'
import { documentedObject, statesSchema } from './documented.js'

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
  reason: z.optional(textField()),
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
 * The cancel-order response as documented: `status` is `cancelled` (typed so; validated as any string,
 * as every status field is). Fields the service adds are kept at run time, outside the type.
 *
 * @example
 * ```ts
 * cancelResultSchema.parse({ order_id: '1024', status: 'cancelled', cancelled_at: '2026-03-02T09:05:00Z' })
 * ```
 */
export const cancelResultSchema = /* @__PURE__ */ documentedObject({
  order_id: z.string(),
  status: /* @__PURE__ */ statesSchema(['cancelled']),
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
