/**
 * @module payments
 * A customer paying an order or a QR code, as the control API reports it. The outcomes:
 *
 * - `PENDING`: the payment started but is not confirmed. The order moves to processing; the amount
 *   enters the balance and the freeze together, so usable is unchanged until confirmation.
 * - `SUCCESS`: the order completes; the amount becomes usable. Confirms a pending payment if there is one.
 * - `FAILED`: the payment is recorded as failed; a processing order goes back to pending and its
 *   frozen amount leaves the balance.
 *
 * Starting a payment needs an unexpired QR code (30 minutes); confirming one already started does not.
 * SUCCESS and FAILED send a webhook (the statuses are configurable).
 */
import { LIMITS } from '@merchant-gateway/contract'
import type { OrderRecord, TransactionRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import { forgetWhenFinished } from './finished-records.js'
import { requireActiveMerchant } from './merchants.js'
import { isExpired, orderForQr } from './qr-codes.js'
import { RuleError } from './rule-error.js'
import { insertTransaction, moveOrder, moveTransaction } from './state-moves.js'
import { checkDisplayText } from './text.js'

/**
 * Payment outcomes the control API can report.
 *
 * @example
 * ```ts
 * const status: PaymentStatus = 'PENDING' // started, not confirmed
 * await mock.payments.create({ orderId, status })
 * await mock.payments.create({ orderId, status: 'SUCCESS' }) // confirms it
 * ```
 */
export type PaymentStatus = 'SUCCESS' | 'FAILED' | 'PENDING'

/**
 * The customer's account, echoed in the webhook and used as the refund destination.
 *
 * @example
 * ```ts
 * const payer: Payer = { accountName: 'Dara Sok', accountNumber: '012345678' }
 * await mock.payments.create({ orderId, status: 'SUCCESS', payer })
 * ```
 */
export interface Payer {
  accountName: string
  accountNumber: string
}

/**
 * What the control API reports: which order (or QR code) was paid, and how it went.
 *
 * @example
 * ```ts
 * const input: ReportPaymentInput = { qrData, status: 'SUCCESS' } // or { orderId, status }
 * await mock.payments.create(input)
 * await mock.payments.create({ orderId: order.order_id, status: 'SUCCESS' }) // '1001', as create order answers
 * ```
 */
export interface ReportPaymentInput {
  /** The order: its `order_id` as create order answers it (a decimal string such as `'1001'`), or as a number. */
  orderId?: number | string
  qrData?: string
  status: PaymentStatus
  payer?: Payer
}

/** A reported payment once checked: the order id as a number. */
type CheckedPayment = Omit<ReportPaymentInput, 'orderId'> & { orderId?: number }

/**
 * Answer of a reported payment.
 *
 * @example
 * ```ts
 * const result: PaymentResult = await mock.payments.create({ orderId, status: 'PENDING' })
 * result.status // 'pending'
 * ```
 */
export interface PaymentResult {
  transactionId: number
  orderId: number
  status: TransactionRecord['status']
}

/** Default payer when a test does not name one. */
const DEFAULT_PAYER: Payer = { accountName: 'Mock Customer', accountNumber: '000000001' }

/** Applies a customer's payment to an order, moving the order, the transaction and the ledger together. */
export async function reportPayment(ctx: DomainContext, input: CheckedPayment): Promise<PaymentResult> {
  if (input.payer !== undefined) {
    checkDisplayText('payer.accountName', input.payer.accountName, LIMITS.maxTextLength)
    checkDisplayText('payer.accountNumber', input.payer.accountNumber, LIMITS.maxAccountNumberLength)
  }
  const order = resolveOrder(ctx, input)
  const payer = input.payer ?? DEFAULT_PAYER
  const now = ctx.clock.now()
  if (order.status === 'completed' || order.status === 'cancelled') {
    throw new RuleError(409, `Order ${order.orderId} is ${order.status} and cannot be paid`)
  }

  const pending = ctx.db.transactions
    .group('byOrder', order.orderId)
    .find((tx) => tx.kind === 'payment' && tx.status === 'pending')
  if (pending) {
    if (input.status === 'PENDING') throw new RuleError(409, `Order ${order.orderId} already has a payment in progress`)
    return settlePending(ctx, order, pending, input.status, now)
  }

  if (isExpired(ctx, order.qrExpiresAt)) {
    throw new RuleError(
      422,
      `The QR code of order ${order.orderId} expired at ${new Date(order.qrExpiresAt).toISOString()}`,
      'qr_expired',
    )
  }
  const status = input.status === 'SUCCESS' ? 'completed' : input.status === 'FAILED' ? 'failed' : 'pending'
  const tx = insertTransaction(
    ctx,
    {
      transactionId: ctx.db.nextId('transaction'),
      merchantId: order.merchantId,
      kind: 'payment',
      orderId: order.orderId,
      amountMinor: order.amountMinor,
      currency: order.currency,
      status,
      accountName: payer.accountName,
      accountNumber: payer.accountNumber,
      remark: '',
      dueAt: null,
      failureReason: input.status === 'FAILED' ? 'payment failed' : null,
      createdAt: now,
      updatedAt: now,
    },
    `payment ${input.status}`,
  )
  if (status === 'completed') {
    ctx.ledger.move(order.merchantId, order.currency, { balance: order.amountMinor })
    moveOrder(ctx, order, 'completed', 'payment SUCCESS', { payer, updatedAt: now })
    forgetWhenFinished(ctx, order, now)
  } else if (status === 'pending') {
    ctx.ledger.move(order.merchantId, order.currency, { balance: order.amountMinor, freeze: order.amountMinor })
    moveOrder(ctx, order, 'processing', 'payment PENDING', { payer, updatedAt: now })
  }
  await ctx.webhooks.paymentReported(ctx, tx, input.status)
  return { transactionId: tx.transactionId, orderId: order.orderId, status: tx.status }
}

async function settlePending(
  ctx: DomainContext,
  order: OrderRecord,
  tx: TransactionRecord,
  outcome: 'SUCCESS' | 'FAILED',
  now: number,
): Promise<PaymentResult> {
  if (outcome === 'SUCCESS') {
    ctx.ledger.move(order.merchantId, order.currency, { freeze: -tx.amountMinor })
    moveTransaction(ctx, tx, 'completed', 'payment SUCCESS', { updatedAt: now })
    moveOrder(ctx, order, 'completed', 'payment SUCCESS', { updatedAt: now })
    forgetWhenFinished(ctx, order, now)
  } else {
    ctx.ledger.move(order.merchantId, order.currency, { balance: -tx.amountMinor, freeze: -tx.amountMinor })
    moveTransaction(ctx, tx, 'failed', 'payment FAILED', { failureReason: 'payment failed', updatedAt: now })
    moveOrder(ctx, order, 'pending', 'payment FAILED', { updatedAt: now })
  }
  await ctx.webhooks.paymentReported(ctx, tx, outcome)
  return { transactionId: tx.transactionId, orderId: order.orderId, status: tx.status }
}

function resolveOrder(ctx: DomainContext, input: CheckedPayment): OrderRecord {
  if ((input.orderId === undefined) === (input.qrData === undefined)) {
    throw new RuleError(400, 'Give exactly one of orderId or qrData')
  }
  if (input.orderId !== undefined) {
    const order = ctx.db.orders.get('byId', input.orderId)
    if (!order) throw new RuleError(404, `Order ${input.orderId} not found`)
    requireActiveMerchant(ctx, order.merchantId)
    return order
  }
  const qrData = input.qrData!
  const order = ctx.db.orders.get('byQrData', qrData)
  if (order) {
    requireActiveMerchant(ctx, order.merchantId)
    return order
  }
  const qr = ctx.db.qrCodes.get('byQrData', qrData)
  if (!qr) throw new RuleError(404, 'No QR code with this qrData')
  requireActiveMerchant(ctx, qr.merchantId)
  if (qr.orderId === null && isExpired(ctx, qr.expiresAt)) {
    throw new RuleError(422, `The QR code expired at ${new Date(qr.expiresAt).toISOString()}`, 'qr_expired')
  }
  return orderForQr(ctx, qr)
}
