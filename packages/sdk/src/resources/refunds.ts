/**
 * @module refunds
 * `gateway.refunds`: refunds of completed orders, signed and idempotent.
 */
import type { RefundResult } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import { specOf } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { checkId, checkMoneyAnyCurrency } from '../client/validate-params.js'
import { APIResource } from './resource.js'

/**
 * Parameters of {@link Refunds.create}.
 *
 * @example
 * ```ts
 * const params: RefundCreateParams = { orderId: 1024, amount: 5.5 }
 * ```
 */
export interface RefundCreateParams {
  orderId: number
  /** Amount to refund in the order's currency; partial refunds allowed, never above what remains. */
  amount: number
}

const REFUND_ORDER = specOf('refundOrder')

/**
 * Refunds.
 *
 * @example
 * ```ts
 * const refund = await gateway.refunds.create({ orderId: 1024, amount: 5.5 })
 * saveKey(refund.meta.idempotencyKey) // retry later with { idempotencyKey } and it refunds once
 * ```
 */
export class Refunds extends APIResource {
  /**
   * Refunds part or all of a completed order. Signed over the exact body bytes; one idempotency key
   * (given, or a UUID v4 made once) for every attempt, so a retried refund happens once.
   */
  async create(params: RefundCreateParams, options?: RequestOptions): Promise<WithMeta<RefundResult>> {
    const orderId = checkId(params?.orderId, 'orderId')
    const refundAmount = checkMoneyAnyCurrency(params.amount, 'amount')
    return this.transport.call(REFUND_ORDER, { body: { orderId, refundAmount } }, options)
  }
}
