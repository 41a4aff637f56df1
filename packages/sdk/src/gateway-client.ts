/**
 * @module gateway-client
 * The merchant backend's client of the payment gateway: one resource per group of operations, all
 * sharing one transport on one ky instance (signing, idempotency, retries, timeouts, validation, typed
 * errors, logging, deprecation warnings).
 */
import { DeprecationNotices } from './http/deprecation.js'
import { Balance } from './resources/balance.js'
import { Orders } from './resources/orders.js'
import { Payouts } from './resources/payouts.js'
import { QrCodes } from './resources/qr-codes.js'
import { Refunds } from './resources/refunds.js'
import { Stores } from './resources/stores.js'
import { Transactions } from './resources/transactions.js'
import { resolveClientOptions, type GatewayClientOptions } from './client/options.js'
import { Transport } from './client/transport.js'

/**
 * The deprecation texts already reported, shared by a client and the clients made from it with
 * `withOptions` (a merchant who derives a client per request still sees each warning once). Keyed by
 * the options object `withOptions` hands the constructor, so the public constructor takes options only.
 */
const families = new WeakMap<GatewayClientOptions, DeprecationNotices>()

/**
 * A typed client of the merchant payment gateway.
 *
 * @example
 * ```ts
 * import { GatewayClient } from '@merchant-gateway/sdk'
 *
 * const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: 'https://sandbox.pay.example.com' })
 * const [store] = await gateway.stores.list()
 * const order = await gateway.orders.create({ storeId: store!.storeId, amount: 12.5, currency: 'USD' })
 * const refund = await gateway.refunds.create({ orderId: order.order_id, amount: 2.5 })
 * console.log(refund.meta.idempotencyKey, refund.meta.traceId)
 * ```
 */
export class GatewayClient {
  /** List the merchant's stores. */
  readonly stores: Stores
  /** USD and KHR balances. */
  readonly balance: Balance
  /** Create and cancel orders. */
  readonly orders: Orders
  /** Generate a QR code without an order. */
  readonly qrCodes: QrCodes
  /** Read a transaction. */
  readonly transactions: Transactions
  /** Refund completed orders (signed, idempotent). */
  readonly refunds: Refunds
  /** Pay out to an account (signed, idempotent). */
  readonly payouts: Payouts

  readonly #options: GatewayClientOptions

  readonly #notices: DeprecationNotices

  constructor(options: GatewayClientOptions) {
    this.#notices = families.get(options) ?? new DeprecationNotices()
    const transport = new Transport(resolveClientOptions(options), this.#notices)
    this.#options = { ...options }
    this.stores = new Stores(transport)
    this.balance = new Balance(transport)
    this.orders = new Orders(transport)
    this.qrCodes = new QrCodes(transport)
    this.transactions = new Transactions(transport)
    this.refunds = new Refunds(transport)
    this.payouts = new Payouts(transport)
  }

  /**
   * A client with other defaults; this one is unchanged.
   *
   * @example
   * ```ts
   * const patient = gateway.withOptions({ timeout: 60_000, maxRetries: 5 })
   * ```
   */
  withOptions(options: Partial<GatewayClientOptions>): GatewayClient {
    const merged: GatewayClientOptions = { ...this.#options, ...options }
    // A new environment replaces the base URL (and the other way round) rather than clashing with it.
    if (options.environment !== undefined && options.baseUrl === undefined) delete merged.baseUrl
    if (options.baseUrl !== undefined && options.environment === undefined) delete merged.environment
    families.set(merged, this.#notices)
    // Through `this.constructor`, not the class's own name: a subclass gets its own kind back, and a
    // class body that names itself is renamed by bundlers (`_GatewayClient`), which stack traces then show.
    const Client = this.constructor as new (options: GatewayClientOptions) => GatewayClient
    return new Client(merged)
  }
}
