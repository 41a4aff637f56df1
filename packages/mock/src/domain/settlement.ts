/**
 * @module settlement
 * Refunds and payouts are processing until they settle, a number of business days after they were
 * requested (the service documents 3-5 for a refund and 1-2 for a payout; the mock uses a configurable number, by
 * default the slow end). Settling a refund takes the money out of the balance and the freeze; settling a payout
 * either does the same or, for an account marked to fail (or unknown), fails it and releases the
 * freeze: the service documents that a payout to an invalid account is reversed by itself.
 */
import { addBusinessDays } from '../clock/business-days.js'
import { MinHeap } from '../store/min-heap.js'
import type { TransactionRecord } from '../store/records.js'
import { scoped } from '../store/database.js'
import type { DomainContext, Settlement } from './context.js'
import { forgetWhenFinished } from './finished-records.js'
import { moveTransaction } from './state-moves.js'

/** A refund or payout waiting for its settlement time. */
interface DueItem {
  dueAt: number
  transactionId: number
}

/**
 * Pending refunds and payouts ordered by due time, so settling looks only at what is due.
 *
 * @example
 * ```ts
 * queue.schedule(tx)
 * queue.settleDue(ctx) // number settled
 * ```
 */
export class SettlementQueue implements Settlement {
  /** By due time, then transaction id: ids grow with time, so equal due times settle in the order requested. */
  #items = new MinHeap<DueItem>((a, b) => a.dueAt - b.dueAt || a.transactionId - b.transactionId)

  /** The due time of a refund or payout requested now. */
  dueAt(ctx: DomainContext, kind: 'refund' | 'payout', fromMs: number): number {
    return addBusinessDays(fromMs, ctx.options.settlementBusinessDays[kind])
  }

  /** Adds a pending refund or payout: O(log n). */
  schedule(tx: TransactionRecord): void {
    if (tx.dueAt === null) throw new Error('[mock] only transactions with a due time can be scheduled')
    this.#items.push({ dueAt: tx.dueAt, transactionId: tx.transactionId })
  }

  /** Number of refunds and payouts still waiting. */
  get size(): number {
    return this.#items.size
  }

  /** Settles everything due at the clock's current time; returns how many settled. Looks only at what is due. */
  settleDue(ctx: DomainContext): number {
    const now = ctx.clock.now()
    let count = 0
    for (let top = this.#items.peek(); top !== undefined && top.dueAt <= now; top = this.#items.peek()) {
      this.#items.pop()
      const tx = ctx.db.transactions.get('byId', top.transactionId)
      if (tx?.status !== 'pending') continue
      settle(ctx, tx, now)
      count++
    }
    return count
  }

  /** Forgets every scheduled item (used by reset). */
  clear(): void {
    this.#items.clear()
  }
}

/**
 * Runs what is due at the mock clock's current time: settles the refunds and payouts due, then starts the webhook
 * attempts due. The one place due work runs from; it is called where the mock can see that its clock moved on:
 * before each gateway request and each payment reported through the control API, after each clock move of the
 * control API (`'auto'`: nothing while `autoSettle` is off), and by `settle()`, which the HTTP server's tick
 * calls (`'asked'`: always).
 *
 * @example
 * ```ts
 * const { settled, attempted } = runDue(ctx, 'auto') // both 0 while autoSettle is off
 * ```
 */
export function runDue(ctx: DomainContext, trigger: 'auto' | 'asked'): { settled: number; attempted: number } {
  if (trigger === 'auto' && !ctx.options.autoSettle) return { settled: 0, attempted: 0 }
  const settled = ctx.settlement.settleDue(ctx)
  const attempted = ctx.webhooks.startDue(ctx)
  return { settled, attempted }
}

function settle(ctx: DomainContext, tx: TransactionRecord, now: number): void {
  if (tx.kind === 'payout') {
    const account = ctx.db.accounts.get('byMerchantAccount', scoped(tx.merchantId, tx.accountNumber))
    if (!account || account.failAtSettlement) {
      // Reversal: the reserved amount is released, the balance never moved.
      ctx.ledger.move(tx.merchantId, tx.currency, { freeze: -tx.amountMinor })
      moveTransaction(ctx, tx, 'failed', 'settlement, account refused (reversed)', {
        failureReason: account ? 'account rejected the transfer' : 'invalid account',
        updatedAt: now,
      })
      forgetWhenFinished(ctx, { payoutId: tx.transactionId }, now)
      return
    }
  }
  ctx.ledger.move(tx.merchantId, tx.currency, { balance: -tx.amountMinor, freeze: -tx.amountMinor })
  moveTransaction(ctx, tx, 'completed', 'settlement', { updatedAt: now })
  forgetWhenFinished(ctx, tx.kind === 'payout' ? { payoutId: tx.transactionId } : { orderId: tx.orderId }, now)
}
