/**
 * @module audit
 * An independent check that money was neither lost nor created. It recomputes every balance and freeze
 * from the transactions, which the ledger never reads, and compares:
 *
 *   balance = opening + payments (pending or completed) - refunds completed - payouts completed
 *   freeze  = payments pending + refunds pending + payouts pending
 *   usable  = balance - freeze >= 0
 *
 * and that no order's refunds (pending or completed) exceed its amount.
 */
import { CURRENCIES } from '@merchant-gateway/contract'
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
      let expectedBalance = opening
      let expectedFreeze = 0
      for (const tx of ctx.db.transactions.group('byMerchant', merchant.merchantId)) {
        if (tx.currency !== currency) continue
        if (tx.kind === 'payment') {
          if (tx.status === 'pending' || tx.status === 'completed') expectedBalance += tx.amountMinor
          if (tx.status === 'pending') expectedFreeze += tx.amountMinor
        } else {
          if (tx.status === 'completed') expectedBalance -= tx.amountMinor
          if (tx.status === 'pending') expectedFreeze += tx.amountMinor
        }
      }
      const where = `merchant ${merchant.merchantId} ${currency}`
      if (balanceMinor !== expectedBalance)
        problems.push(`${where}: balance ${balanceMinor} but transactions say ${expectedBalance}`)
      if (freezeMinor !== expectedFreeze)
        problems.push(`${where}: freeze ${freezeMinor} but transactions say ${expectedFreeze}`)
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
