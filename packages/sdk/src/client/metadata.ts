/**
 * @module metadata
 * What a call's result carries besides its data: the trace id, the idempotency key used, how many
 * attempts it took, and whether the gateway replayed a stored answer. Attached as a non-enumerable
 * `meta` property, so the data serialises and compares exactly as the gateway sent it.
 */

/**
 * Facts about the exchange that produced a result.
 *
 * @example
 * ```ts
 * const refund = await gateway.refunds.create({ orderId: 1024, amount: 5 })
 * if (refund.meta.replayed) log('answered from the stored result of key', refund.meta.idempotencyKey)
 * ```
 */
export interface ResponseMeta {
  /** HTTP status of the answer. */
  readonly status: number
  /** The answer's trace id (envelope `traceId` or the `X-Trace-Id` header). */
  readonly traceId: string | undefined
  /** The X-Idempotent-Key sent (refund and payout); store it to retry the same call later. */
  readonly idempotencyKey: string | undefined
  /** Attempts made, 1 when the first one succeeded. */
  readonly attempts: number
  /** True when the gateway answered with the stored result of an earlier request with the same key. */
  readonly replayed: boolean
}

/**
 * A result with its {@link ResponseMeta}.
 *
 * @example
 * ```ts
 * const stores: WithMeta<Store[]> = await gateway.stores.list()
 * stores.meta.traceId
 * ```
 */
export type WithMeta<T> = T & { readonly meta: ResponseMeta }

/**
 * Attaches `meta` to a result without making it part of the data.
 *
 * @example
 * ```ts
 * const order = await gateway.orders.create(params)
 * order.meta.traceId
 * JSON.stringify(order) // no "meta"
 * ```
 */
export function withMeta<T extends object>(data: T, meta: ResponseMeta): WithMeta<T> {
  Object.defineProperty(data, 'meta', { value: meta, enumerable: false, configurable: true })
  return data as WithMeta<T>
}
