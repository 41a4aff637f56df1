/**
 * @module schemas/order
 * Create-order requests (the current camelCase shape, the earlier snake_case shape, and the
 * combined schema that accepts either) and the documented order response.
 */
import * as z from 'zod/mini'
import {
  amountFitsCurrency,
  amountSchema,
  currencySchema,
  decimalIdSchema,
  integerIdSchema,
  isoTimestampSchema,
} from './amount.js'
import { built, documentedObject, statesSchema } from './documented.js'

/**
 * The order states the service documents.
 *
 * @example
 * ```ts
 * ORDER_STATUSES.includes('processing') // true
 * ```
 */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const

/**
 * An order state.
 *
 * @example
 * ```ts
 * const cancellable = (s: OrderStatus) => s === 'pending' || s === 'processing'
 * ```
 */
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Create order, current shape: `storeId` as a number, as returned by List stores.
 *
 * @example
 * ```ts
 * createOrderCurrentRequestSchema.parse({ storeId: 12, amount: 12.5, currency: 'USD' })
 * ```
 */
export const createOrderCurrentRequestSchema = built(() =>
  z
    .object({
      storeId: integerIdSchema,
      amount: amountSchema,
      currency: currencySchema,
    })
    .check(amountFitsCurrency),
)

/**
 * A parsed current-shape create-order request.
 *
 * @example
 * ```ts
 * const body: CreateOrderCurrentRequest = { storeId: 12, amount: 12.5, currency: 'USD' }
 * ```
 */
export type CreateOrderCurrentRequest = z.infer<typeof createOrderCurrentRequestSchema>

/**
 * Create order, earlier shape: `store_id` as a decimal string.
 *
 * @example
 * ```ts
 * createOrderLegacyRequestSchema.parse({ store_id: '12', amount: 4000, currency: 'KHR' })
 * ```
 */
export const createOrderLegacyRequestSchema = built(() =>
  z
    .object({
      store_id: decimalIdSchema,
      amount: amountSchema,
      currency: currencySchema,
    })
    .check(amountFitsCurrency),
)

/**
 * A parsed earlier-shape create-order request.
 *
 * @example
 * ```ts
 * const body: CreateOrderLegacyRequest = { store_id: '12', amount: 4000, currency: 'KHR' }
 * ```
 */
export type CreateOrderLegacyRequest = z.infer<typeof createOrderLegacyRequestSchema>

/**
 * Create order takes either request shape the service documents: `storeId` (a number) or `store_id` (a decimal
 * string). At least one is required; when both are sent they must name the same store (`storeId: 12` with
 * `store_id: "12"`).
 *
 * @example
 * ```ts
 * createOrderRequestSchema.parse({ storeId: 12, amount: 12.5, currency: 'USD' })
 * createOrderRequestSchema.parse({ store_id: '12', amount: 12.5, currency: 'USD' })
 * ```
 */
export const createOrderRequestSchema = /* @__PURE__ */ z
  .object({
    storeId: z.optional(integerIdSchema),
    store_id: z.optional(decimalIdSchema),
    amount: amountSchema,
    currency: currencySchema,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.storeId === undefined && value.store_id === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'one of storeId (number) or store_id (string) is required',
          path: [],
          input: value,
        })
      } else if (
        value.storeId !== undefined &&
        value.store_id !== undefined &&
        String(value.storeId) !== value.store_id
      ) {
        ctx.addIssue({
          code: 'custom',
          message: 'storeId and store_id name different stores',
          path: ['store_id'],
          input: value.store_id,
        })
      }
    }),
    amountFitsCurrency,
  )

/**
 * A parsed create-order request of either shape. Read the store with
 * `body.storeId ?? Number(body.store_id)`.
 *
 * @example
 * ```ts
 * const storeId = (body: CreateOrderRequest) => body.storeId ?? Number(body.store_id)
 * ```
 */
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>

/**
 * The create-order response as documented: its type lists the documented fields, `status` one of
 * {@link ORDER_STATUSES}; fields and states the service adds are kept at run time (see `documentedObject`).
 *
 * @example
 * ```ts
 * orderSchema.parse({ order_id: '1024', qr_code: 'https://…/qr/1024.png', status: 'pending', created_at: '2026-03-02T09:00:00Z' })
 * ```
 */
export const orderSchema = /* @__PURE__ */ documentedObject({
  order_id: z.string(),
  qr_code: z.string(),
  status: /* @__PURE__ */ statesSchema(ORDER_STATUSES),
  created_at: isoTimestampSchema,
})

/**
 * A parsed order response.
 *
 * @example
 * ```ts
 * const order: Order = orderSchema.parse(json)
 * ```
 */
export type Order = z.infer<typeof orderSchema>
