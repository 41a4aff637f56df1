/**
 * @module audit
 * An independent check that money was neither lost nor created. It recomputes every balance and freeze
 * from the transactions, which the ledger never reads, and compares:
 *
 *   balance = opening + payments (pending or completed) - refunds completed - payouts completed
 *   freeze  = payments pending + refunds pending + payouts pending
 *   usable  = balance - freeze >= 0
 *
 * and that no order's refunds (pending or completed) exceed its amount. With `keepRecordsSeconds` the opening is the
 * balance record's `openingMinor`, which carries the money of the transactions forgotten (the ledger's `carry`), so the
 * same equations hold over the transactions kept.
 */
import { CURRENCIES, type Currency } from '@merchant-gateway/contract'
import type { TransactionRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import { refundedMinor } from './refunds.js'

/**
 * Returns every broken invariant as a sentence; an empty list means the books balance.
 *
 * @example
 * ```ts
 * expect(auditLedger(ctx)).toEqual([])
 * ```
 */
export function auditLedger(ctx: DomainContext): string[] {
  const problems: string[] = []
  for (const merchant of ctx.db.merchants.all()) {
    for (const currency of CURRENCIES) {
      const { balanceMinor, freezeMinor, usableMinor } = ctx.ledger.figures(merchant.merchantId, currency)
      const opening = ctx.db.balances.get('byMerchantCurrency', `${merchant.merchantId}:${currency}`)!.openingMinor
      const expected = expectedFigures(opening, currency, ctx.db.transactions.group('byMerchant', merchant.merchantId))
      const where = `merchant ${merchant.merchantId} ${currency}`
      if (balanceMinor !== expected.balanceMinor)
        problems.push(`${where}: balance ${balanceMinor} but transactions say ${expected.balanceMinor}`)
      if (freezeMinor !== expected.freezeMinor)
        problems.push(`${where}: freeze ${freezeMinor} but transactions say ${expected.freezeMinor}`)
      if (usableMinor < 0) problems.push(`${where}: usable ${usableMinor} is negative`)
    }
  }
  for (const order of ctx.db.orders.all()) {
    const refunded = refundedMinor(ctx, order.orderId)
    if (refunded > order.amountMinor)
      problems.push(`order ${order.orderId}: refunds ${refunded} exceed amount ${order.amountMinor}`)
  }
  return problems
}

/**
 * The balance and freeze of one merchant in one currency as its transactions make them, from the opening
 * balance: balance = opening + payments (pending or completed) - refunds and payouts completed; freeze =
 * payments, refunds and payouts pending. The one statement of these invariants: the audit compares the ledger
 * with it, and a loaded state is refused when its balances differ from it.
 *
 * @example
 * ```ts
 * expectedFigures(100_000, 'USD', ctx.db.transactions.group('byMerchant', merchantId))
 * // { balanceMinor: 101_250, freezeMinor: 0 } after a completed payment of USD 12.50
 * ```
 */
export function expectedFigures(
  openingMinor: number,
  currency: Currency,
  transactions: Iterable<TransactionRecord>,
): { balanceMinor: number; freezeMinor: number } {
  let balanceMinor = openingMinor
  let freezeMinor = 0
  for (const tx of transactions) {
    if (tx.currency !== currency) continue
    if (tx.kind === 'payment') {
      if (tx.status === 'pending' || tx.status === 'completed') balanceMinor += tx.amountMinor
      if (tx.status === 'pending') freezeMinor += tx.amountMinor
    } else {
      if (tx.status === 'completed') balanceMinor -= tx.amountMinor
      if (tx.status === 'pending') freezeMinor += tx.amountMinor
    }
  }
  return { balanceMinor, freezeMinor }
}
