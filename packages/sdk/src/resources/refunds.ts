/**
 * @module refunds
 * `gateway.refunds`: refunds of completed orders, signed and idempotent.
 */
import type { RefundResult } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { PublicCall } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { checkMoneyAnyCurrency, idParam } from '../client/params.js'
import { APIResource } from './resource.js'

/**
 * Parameters of {@link Refunds.create}.
 *
 * @example
 * ```ts
 * const params: RefundCreateParams = { orderId: order.order_id, amount: 5.5 }
 * ```
 */
export interface RefundCreateParams {
  /** The order: as create order answered it (`order.order_id`, a decimal string) or as a number. */
  orderId: number | string
  /** Amount to refund in the order's currency; partial refunds allowed, never above what remains. */
  amount: number
}

const CREATE: PublicCall = { method: 'refunds.create', params: { refundAmount: 'amount' } }

/**
 * Refunds.
 *
 * @example
 * ```ts
 * const refund = await gateway.refunds.create({ orderId: order.order_id, amount: 5.5 })
 * saveKey(refund.meta.idempotencyKey) // retry later with { idempotencyKey } and it refunds once
 * ```
 */
export class Refunds extends APIResource {
  /**
   * Refunds part or all of a completed order. Signed over the exact body bytes; one idempotency key
   * (given, or a UUID v4 made once) for every attempt, so a retried refund happens once.
   */
  async create(params: RefundCreateParams, options?: RequestOptions): Promise<WithMeta<RefundResult>> {
    const orderId = idParam(params?.orderId, 'orderId', true)
    // The order's currency decides the decimals, and the client does not know it: the amount must fit some currency.
    const refundAmount = checkMoneyAnyCurrency(params.amount, 'amount')
    return this.transport.call('refundOrder', { orderId, refundAmount }, options, CREATE)
  }
}
