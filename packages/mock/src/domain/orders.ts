/**
 * @module orders
 * Creating and cancelling orders. An order moves between pending, processing, completed and cancelled only as the
 * order machine allows (`ORDER_MACHINE` in state-machines.ts, drawn in docs/states.md), and only through
 * state-moves.ts. completed and cancelled are final: a completed order is refunded, never cancelled, and a cancelled
 * order is never reinstated. Cancelling a processing order cancels its pending payment and returns
 * the customer's money (it leaves the balance and the freeze).
 */
import { LIMITS, type Currency } from '@merchant-gateway/contract'
import type { OrderRecord } from '../store/records.js'
import { amountToMinor } from './amounts.js'
import type { DomainContext } from './context.js'
import { forgetWhenFinished } from './finished-records.js'
import { newQrData } from './qr-codes.js'
import { RuleError } from './rule-error.js'
import { insertOrder, moveOrder, moveTransaction } from './state-moves.js'
import { requireOwnStore } from './stores.js'

/** What create order asks for. `amount` is in major units as on the wire. */
export interface CreateOrderInput {
  storeId: number
  amount: number
  currency: Currency
}

/** Creates a pending order with its QR code, valid 30 minutes. */
export function createOrder(ctx: DomainContext, merchantId: number, input: CreateOrderInput): OrderRecord {
  requireOwnStore(ctx, merchantId, input.storeId)
  const amountMinor = amountToMinor(input.amount, input.currency, 'amount')
  const now = ctx.clock.now()
  return insertOrder(
    ctx,
    {
      orderId: ctx.db.nextId('order'),
      merchantId,
      storeId: input.storeId,
      amountMinor,
      currency: input.currency,
      status: 'pending',
      source: 'order',
      qrData: newQrData(),
      qrExpiresAt: now + LIMITS.qrValidityMs,
      payer: null,
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      cancelReason: null,
    },
    'create order',
  )
}

/** Cancels a pending or processing order; a completed or cancelled one gets a 409. */
export function cancelOrder(
  ctx: DomainContext,
  merchantId: number,
  orderId: number,
  reason: string | undefined,
): OrderRecord {
  const order = requireOwnOrder(ctx, merchantId, orderId)
  if (order.status === 'completed') {
    throw new RuleError(
      409,
      `Order ${orderId} is completed and cannot be cancelled; refund it instead`,
      'order_not_cancellable',
    )
  }
  if (order.status === 'cancelled') {
    throw new RuleError(409, `Order ${orderId} is already cancelled`, 'order_not_cancellable')
  }
  const now = ctx.clock.now()
  if (order.status === 'processing') {
    for (const tx of ctx.db.transactions.group('byOrder', orderId)) {
      if (tx.kind !== 'payment' || tx.status !== 'pending') continue
      // The customer's unconfirmed payment goes back: it leaves the balance and the freeze together.
      ctx.ledger.move(merchantId, tx.currency, { balance: -tx.amountMinor, freeze: -tx.amountMinor })
      moveTransaction(ctx, tx, 'cancelled', 'order cancelled', { updatedAt: now })
    }
  }
  const cancelled = moveOrder(ctx, order, 'cancelled', 'cancel', {
    cancelledAt: now,
    cancelReason: reason ?? null,
    updatedAt: now,
  })
  forgetWhenFinished(ctx, order, now)
  return cancelled
}

/** The order if it exists and belongs to the merchant; another merchant's order answers like a missing one. */
export function requireOwnOrder(ctx: DomainContext, merchantId: number, orderId: number): OrderRecord {
  const order = ctx.db.orders.get('byId', orderId)
  if (!order || order.merchantId !== merchantId) throw new RuleError(404, `Order ${orderId} not found`)
  return order
}
