/**
 * @module operation
 * What the SDK adds to the contract's description of each gateway operation: the method a merchant calls
 * for it (`refunds.create` for `refundOrder`), named in every message about the call, and the names its
 * parameters have where they differ from the wire's fields (`amount` for `refundAmount`). Everything else
 * (method, path, authentication, retry safety, envelope, the schemas of the request and the answer) the
 * transport reads off the contract's tables, where each operation is described once.
 */
import type { GatewayOperation } from '@merchant-gateway/contract'

/** The public side of one operation: the SDK method, and its parameters' names by wire field. */
export interface PublicCall {
  /** What a merchant calls, as messages name it: `refunds.create`. */
  readonly method: string
  /** The SDK's name of a wire field, where they differ (`refundAmount` is `amount`). */
  readonly params?: Readonly<Record<string, string>>
}

/**
 * The SDK method of each gateway operation; the compiler demands one per operation of the contract's table.
 *
 * @example
 * ```ts
 * PUBLIC_CALLS.refundOrder.method // 'refunds.create'
 * ```
 */
export const PUBLIC_CALLS: Readonly<Record<GatewayOperation, PublicCall>> = {
  listStores: { method: 'stores.list' },
  balanceInquiry: { method: 'balance.retrieve' },
  createOrder: { method: 'orders.create', params: { store_id: 'storeId' } },
  generateQr: { method: 'qrCodes.create', params: { store_id: 'storeId' } },
  transactionDetail: { method: 'transactions.retrieve', params: { transaction_id: 'transactionId' } },
  cancelOrder: { method: 'orders.cancel', params: { order_id: 'orderId' } },
  refundOrder: { method: 'refunds.create', params: { refundAmount: 'amount' } },
  payout: { method: 'payouts.create' },
}
