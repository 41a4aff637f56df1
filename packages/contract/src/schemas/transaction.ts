/**
 * @module schemas/transaction
 * Transaction-detail requests (GET query and POST body) and the documented transaction response.
 */
import * as z from 'zod/mini'
import { currencySchema, decimalIdSchema, integerIdSchema, isoTimestampSchema } from './amount.js'
import { built, documentedObject, statesSchema } from './documented.js'

/**
 * The transaction states the service documents.
 *
 * @example
 * ```ts
 * TRANSACTION_STATUSES.includes('failed') // true
 * ```
 */
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const

/**
 * A transaction state.
 *
 * @example
 * ```ts
 * const done = (s: TransactionStatus) => s !== 'pending'
 * ```
 */
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

/**
 * Transaction detail, GET form: the query parameters (`?transaction_id=5001`).
 *
 * @example
 * ```ts
 * transactionDetailRequestSchema.parse(Object.fromEntries(url.searchParams))
 * ```
 */
export const transactionDetailRequestSchema = /* @__PURE__ */ z.object({
  transaction_id: decimalIdSchema,
})

/**
 * Parsed transaction-detail query parameters.
 *
 * @example
 * ```ts
 * const query: TransactionDetailRequest = { transaction_id: '5001' }
 * ```
 */
export type TransactionDetailRequest = z.infer<typeof transactionDetailRequestSchema>

/**
 * Transaction detail, POST form. The service does not document this body; our decision: a JSON object
 * with `transaction_id` as a decimal string or a positive integer (both address the same record).
 *
 * @example
 * ```ts
 * transactionDetailBodySchema.parse({ transaction_id: '5001' })
 * transactionDetailBodySchema.parse({ transaction_id: 5001 })
 * ```
 */
export const transactionDetailBodySchema = built(() =>
  z.object({
    transaction_id: z.union([decimalIdSchema, integerIdSchema]),
  }),
)

/**
 * A parsed transaction-detail POST body.
 *
 * @example
 * ```ts
 * const body: TransactionDetailBody = { transaction_id: 5001 }
 * const id = String(body.transaction_id)
 * ```
 */
export type TransactionDetailBody = z.infer<typeof transactionDetailBodySchema>

/**
 * The transaction-detail response as documented. `status` is typed as one of {@link TRANSACTION_STATUSES}
 * and validated as any string, so that a state the service does not name yet does not break clients;
 * fields the service adds are kept at run time (see `documentedObject`).
 *
 * @example
 * ```ts
 * transactionSchema.parse({
 *   transaction_id: '5001', order_id: '1024', amount: 12.5, currency: 'USD', status: 'completed',
 *   created_at: '2026-03-02T09:00:00Z', updated_at: '2026-03-02T09:01:00Z',
 * })
 * ```
 */
export const transactionSchema = /* @__PURE__ */ documentedObject({
  transaction_id: z.string(),
  order_id: z.string(),
  amount: z.number(),
  currency: currencySchema,
  status: /* @__PURE__ */ statesSchema(TRANSACTION_STATUSES),
  created_at: isoTimestampSchema,
  updated_at: isoTimestampSchema,
})

/**
 * A parsed transaction.
 *
 * @example
 * ```ts
 * const tx: Transaction = transactionSchema.parse(json)
 * ```
 */
export type Transaction = z.infer<typeof transactionSchema>
