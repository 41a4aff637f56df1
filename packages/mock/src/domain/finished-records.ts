/**
 * @module finished-records
 * The opt-in retention of finished money records (`keepRecordsSeconds`, off by default). An order is finished
 * once it is completed or cancelled and every one of its transactions is final (a payment completed, failed or
 * cancelled, a refund completed: a pending refund keeps its order); a payout once completed or failed. A
 * finished record whose last move is at least `keepRecordsSeconds` old on the mock clock is forgotten: the
 * order with its transactions and its stand-alone QR code, or the payout. The money they carried moves into the
 * opening figure first (the ledger's `carry`), so the balances and the audit's equations never change.
 *
 * Each move to a final state schedules a check in the retention's min-heap, the one expiring records use; the
 * check forgets the record only if it is still finished and nothing moved since (a later move scheduled its own).
 */
import type { OrderRecord, TransactionRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import { forgetOrder, forgetTransaction } from './state-moves.js'

/** True for a transaction that no longer moves. */
const isFinal = (tx: TransactionRecord): boolean => tx.status !== 'pending'

/**
 * Schedules the check that forgets an order (and its transactions) or a payout once finished long enough;
 * nothing while `keepRecordsSeconds` is off. Called on each move to a final state, and for a loaded state.
 *
 * @example
 * ```ts
 * forgetWhenFinished(ctx, { orderId: order.orderId }, now) // after a cancel, a payment SUCCESS, a refund settled
 * forgetWhenFinished(ctx, { payoutId: tx.transactionId }, now) // after a payout settled or failed
 * ```
 */
export function forgetWhenFinished(
  ctx: DomainContext,
  record: { orderId: number } | { payoutId: number },
  movedAt: number,
): void {
  const seconds = ctx.options.keepRecordsSeconds
  if (seconds === undefined) return
  const keepMs = seconds * 1000
  ctx.retention.expireAt(movedAt + keepMs, () => {
    const now = ctx.clock.now()
    if ('orderId' in record) forgetOrderIfFinished(ctx, record.orderId, now - keepMs)
    else forgetPayoutIfFinished(ctx, record.payoutId, now - keepMs)
  })
}

/** Schedules the check of every finished record of a loaded state (its times are the saved ones). */
export function forgetLoadedWhenFinished(ctx: DomainContext): void {
  if (ctx.options.keepRecordsSeconds === undefined) return
  for (const order of ctx.db.orders.all()) {
    if (order.status !== 'completed' && order.status !== 'cancelled') continue
    const last = lastMove(order, ctx.db.transactions.group('byOrder', order.orderId))
    if (last !== undefined) forgetWhenFinished(ctx, { orderId: order.orderId }, last)
  }
  for (const tx of ctx.db.transactions.all()) {
    if (tx.kind === 'payout' && isFinal(tx)) forgetWhenFinished(ctx, { payoutId: tx.transactionId }, tx.updatedAt)
  }
}

/** The time of the last move of a finished order and its transactions; `undefined` while one still moves. */
function lastMove(order: OrderRecord, transactions: readonly TransactionRecord[]): number | undefined {
  let last = order.updatedAt
  for (const tx of transactions) {
    if (!isFinal(tx)) return undefined
    last = Math.max(last, tx.updatedAt)
  }
  return last
}

function forgetOrderIfFinished(ctx: DomainContext, orderId: number, movedBy: number): void {
  const order = ctx.db.orders.get('byId', orderId)
  if (!order || (order.status !== 'completed' && order.status !== 'cancelled')) return
  const transactions = [...ctx.db.transactions.group('byOrder', orderId)]
  const last = lastMove(order, transactions)
  if (last === undefined || last > movedBy) return
  for (const tx of transactions) forget(ctx, tx)
  if (order.source === 'qr') {
    // A stand-alone QR code's order is `${qrData}.order`: the paid QR code goes with it.
    const qr = ctx.db.qrCodes.get('byQrData', order.qrData.slice(0, -'.order'.length))
    if (qr?.orderId === orderId) ctx.db.qrCodes.remove(qr)
  }
  forgetOrder(ctx, order)
}

function forgetPayoutIfFinished(ctx: DomainContext, transactionId: number, movedBy: number): void {
  const tx = ctx.db.transactions.get('byId', transactionId)
  if (tx?.kind !== 'payout' || !isFinal(tx) || tx.updatedAt > movedBy) return
  forget(ctx, tx)
}

function forget(ctx: DomainContext, tx: TransactionRecord): void {
  ctx.ledger.carry(tx)
  forgetTransaction(ctx, tx)
}
