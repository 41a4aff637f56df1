/**
 * @module control-payments
 * The control API's customer side and its reads of what was paid: `mock.payments` reports a payment as the
 * customer's bank would, `mock.orders` and `mock.transactions` show single records in major units.
 */
import { reportPayment, type PaymentResult, type ReportPaymentInput } from '../domain/payments.js'
import { validate } from '../http/validate.js'
import { checkedId, type ControlContext } from './control-context.js'
import { reportPaymentBody } from './control-schemas.js'
import { orderView, transactionView, type OrderView, type TransactionView } from './control-views.js'

/**
 * `mock.payments`: pays as the customer.
 *
 * @inline
 * @example
 * ```ts
 * const payments: PaymentsControl = mock.payments
 * ```
 */
export interface PaymentsControl {
  /** Acts as the customer: pays an order or QR code with SUCCESS, FAILED or PENDING (started, unconfirmed). */
  create: (input: ReportPaymentInput) => Promise<PaymentResult>
}

/**
 * Builds `mock.payments`. What fell due runs before the payment, as before a gateway request.
 *
 * @example
 * ```ts
 * const { transactionId } = await paymentsControl(control).create({ orderId, status: 'SUCCESS' })
 * ```
 */
export function paymentsControl({ ctx, withDeliveries, runDueIfAuto }: ControlContext): PaymentsControl {
  return {
    create: (input) => {
      const { orderId, ...rest } = validate(reportPaymentBody, input)
      const checked = orderId === undefined ? rest : { ...rest, orderId: Number(orderId) }
      return withDeliveries(() => {
        runDueIfAuto()
        return reportPayment(ctx, checked)
      })
    },
  }
}

/**
 * `mock.orders`: one order as it stands.
 *
 * @inline
 * @example
 * ```ts
 * const orders: OrdersControl = mock.orders
 * ```
 */
export interface OrdersControl {
  /** A snapshot of an order, or undefined. */
  get: (orderId: number) => OrderView | undefined
}

/**
 * Builds `mock.orders`.
 *
 * @example
 * ```ts
 * ordersControl(control).get(orderId)?.status // 'completed' once paid
 * ```
 */
export function ordersControl({ ctx }: ControlContext): OrdersControl {
  return {
    get: (orderId) => {
      const order = ctx.db.orders.get('byId', checkedId('orderId', orderId))
      return order && orderView(order)
    },
  }
}

/**
 * `mock.transactions`: one payment, refund or payout as it stands.
 *
 * @inline
 * @example
 * ```ts
 * const transactions: TransactionsControl = mock.transactions
 * ```
 */
export interface TransactionsControl {
  /** A snapshot of a transaction (payment, refund or payout), or undefined. */
  get: (transactionId: number) => TransactionView | undefined
}

/**
 * Builds `mock.transactions`.
 *
 * @example
 * ```ts
 * transactionsControl(control).get(refundId)?.status // 'pending' until it settles
 * ```
 */
export function transactionsControl({ ctx }: ControlContext): TransactionsControl {
  return {
    get: (transactionId) => {
      const tx = ctx.db.transactions.get('byId', checkedId('transactionId', transactionId))
      return tx && transactionView(tx)
    },
  }
}
