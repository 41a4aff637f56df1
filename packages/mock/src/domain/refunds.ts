/**
 * @module refunds
 * Refunds of completed orders. Partial refunds are allowed; the refunds of an order (processing and
 * completed together) never add up to more than its amount. The refund is reserved in the freeze at
 * once, so it must fit in the usable balance, and leaves the balance when it settles.
 */
import { formatAmount } from '@merchant-gateway/contract'
import type { TransactionRecord } from '../store/records.js'
import { amountToMinor } from './amounts.js'
import type { DomainContext } from './context.js'
import { requireOwnOrder } from './orders.js'
import { RuleError } from './rule-error.js'
import { insertTransaction } from './state-moves.js'

/** What refund asks for. `amount` is in major units as on the wire. */
export interface RefundInput {
  orderId: number
  amount: number
  reason?: string
}

/** Sum of the refunds of an order that are processing or completed, in minor units. */
export function refundedMinor(ctx: DomainContext, orderId: number): number {
  let sum = 0
  for (const tx of ctx.db.transactions.group('byOrder', orderId)) {
    if (tx.kind === 'refund' && (tx.status === 'pending' || tx.status === 'completed')) sum += tx.amountMinor
  }
  return sum
}

/** Starts a refund of a completed order; it stays processing (pending) until it settles. */
export function refundOrder(ctx: DomainContext, merchantId: number, input: RefundInput): TransactionRecord {
  const order = requireOwnOrder(ctx, merchantId, input.orderId)
  const amountMinor = amountToMinor(input.amount, order.currency, 'refundAmount')
  if (order.status !== 'completed') {
    throw new RuleError(
      422,
      `Order ${order.orderId} is ${order.status}; only completed orders can be refunded`,
      'order_not_refundable',
    )
  }
  const remaining = order.amountMinor - refundedMinor(ctx, order.orderId)
  if (amountMinor > remaining) {
    throw new RuleError(
      422,
      `Refund of ${formatAmount(amountMinor, order.currency)} exceeds the ${formatAmount(remaining, order.currency)} ` +
        `that remains refundable on order ${order.orderId}`,
      'refund_exceeds_remaining',
    )
  }
  const { usableMinor } = ctx.ledger.figures(merchantId, order.currency)
  if (amountMinor > usableMinor) {
    throw new RuleError(
      422,
      `Refund of ${formatAmount(amountMinor, order.currency)} exceeds the ` +
        `usable balance of ${formatAmount(usableMinor, order.currency)}`,
      'insufficient_funds',
    )
  }
  const now = ctx.clock.now()
  const payer = order.payer ?? { accountName: '', accountNumber: '' }
  // The checks above make this move valid; the whole operation runs alone (one request at a time).
  ctx.ledger.move(merchantId, order.currency, { freeze: amountMinor })
  const tx = insertTransaction(
    ctx,
    {
      transactionId: ctx.db.nextId('transaction'),
      merchantId,
      kind: 'refund',
      orderId: order.orderId,
      amountMinor,
      currency: order.currency,
      status: 'pending',
      accountName: payer.accountName,
      accountNumber: payer.accountNumber,
      remark: input.reason ?? '',
      dueAt: ctx.settlement.dueAt(ctx, 'refund', now),
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    },
    'refund accepted',
  )
  ctx.settlement.schedule(tx)
  return tx
}
