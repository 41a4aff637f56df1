/**
 * @module orders
 * `gateway.orders`: create an order with its payment QR code, and cancel one.
 */
import type { CancelResult, Currency, Order } from '@merchant-gateway/contract'
import type { WithMeta } from '../client/metadata.js'
import type { PublicCall } from '../client/operation.js'
import type { RequestOptions } from '../client/options.js'
import { idParam } from '../client/params.js'
import { APIResource } from './resource.js'

/**
 * Parameters of {@link Orders.create}.
 *
 * @example
 * ```ts
 * const params: OrderCreateParams = { storeId: 101, amount: 12.5, currency: 'USD' }
 * ```
 */
export interface OrderCreateParams {
  /** A store of the merchant (from `gateway.stores.list()`). */
  storeId: number
  /** Amount in major units: USD with up to 2 decimals, KHR whole riel. */
  amount: number
  currency: Currency
}

/**
 * Parameters of {@link Orders.cancel}.
 *
 * @example
 * ```ts
 * const params: OrderCancelParams = { orderId: order.order_id, reason: 'customer left' }
 * ```
 */
export interface OrderCancelParams {
  /** The order: as create order answered it (`order.order_id`, a decimal string) or as a number. */
  orderId: number | string
  reason?: string
}

const CREATE: PublicCall = { method: 'orders.create', params: { store_id: 'storeId' } }
const CANCEL: PublicCall = { method: 'orders.cancel', params: { order_id: 'orderId' } }

/**
 * Payment orders.
 *
 * @example
 * ```ts
 * const order = await gateway.orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })
 * showQr(order.qr_code)
 * await gateway.orders.cancel({ orderId: order.order_id, reason: 'timeout' })
 * ```
 */
export class Orders extends APIResource {
  /**
   * Creates a pending order with a payment QR code (valid 30 minutes). Not retried after the request
   * may have reached the gateway (a retry could create a second order) unless `retryUnsafe` is set.
   */
  async create(params: OrderCreateParams, options?: RequestOptions): Promise<WithMeta<Order>> {
    const storeId = idParam(params?.storeId, 'storeId', false)
    const { amount, currency } = params
    const body =
      this.transport.options.createOrderShape === 'store_id'
        ? { store_id: String(storeId), amount, currency }
        : { storeId, amount, currency }
    return this.transport.call('createOrder', body, options, CREATE)
  }

  /**
   * Cancels a pending or processing order. A completed order is refunded instead (409 `order_not_cancellable`).
   * The order id may be given as create order answered it (`order.order_id`) or as a number.
   */
  async cancel(params: OrderCancelParams, options?: RequestOptions): Promise<WithMeta<CancelResult>> {
    const orderId = idParam(params?.orderId, 'orderId', true)
    const { reason } = params
    return this.transport.call(
      'cancelOrder',
      { order_id: String(orderId), ...(reason === undefined ? {} : { reason }) },
      options,
      CANCEL,
    )
  }
}
