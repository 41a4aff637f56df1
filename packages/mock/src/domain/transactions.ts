/**
 * @module transactions
 * Reading transactions: a merchant sees its own payments, refunds and payouts, and another merchant's
 * transaction answers exactly like a missing one.
 */
import type { TransactionRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import { RuleError } from './rule-error.js'

/** The transaction if it exists and belongs to the merchant, else a 404. */
export function requireOwnTransaction(
  ctx: DomainContext,
  merchantId: number,
  transactionId: number,
): TransactionRecord {
  const tx = ctx.db.transactions.get('byId', transactionId)
  if (!tx || tx.merchantId !== merchantId) throw new RuleError(404, `Transaction ${transactionId} not found`)
  return tx
}
