/**
 * @module payouts
 * Payouts to an account, and the accounts the mock knows. A payout is never above the usable balance:
 * it is reserved in the freeze at once and leaves the balance when it settles. An account marked to
 * fail (or an unknown one, by default) fails at settlement and the payout is reversed automatically.
 */
import { formatAmount, LIMITS, type Currency } from '@merchant-gateway/contract'
import { scoped } from '../store/database.js'
import type { AccountRecord, TransactionRecord } from '../store/records.js'
import { amountToMinor } from './amounts.js'
import type { DomainContext } from './context.js'
import { requireActiveMerchant } from './merchants.js'
import { RuleError } from './rule-error.js'
import { insertTransaction } from './state-moves.js'
import { checkDisplayText } from './text.js'

/**
 * A payout destination the control API registers.
 *
 * @example
 * ```ts
 * const account: AccountInput = { accountNumber: '100200300', accountName: 'Riverside Ltd', failAtSettlement: true }
 * await mock.accounts.add(merchantId, account) // payouts to it fail at settlement and are reversed
 * ```
 */
export interface AccountInput {
  accountNumber: string
  accountName: string
  failAtSettlement?: boolean
}

/** What payout asks for. `amount` is in major units as on the wire. */
export interface PayoutInput {
  accountNumber: string
  amount: number
  currency: Currency
  description?: string
}

/** Registers (or replaces) a payout destination account of a merchant. */
export function addAccount(ctx: DomainContext, merchantId: number, input: AccountInput): AccountRecord {
  requireActiveMerchant(ctx, merchantId)
  checkDisplayText('accountNumber', input.accountNumber, LIMITS.maxAccountNumberLength)
  checkDisplayText('accountName', input.accountName, LIMITS.maxTextLength)
  const values = {
    merchantId,
    accountNumber: input.accountNumber,
    accountName: input.accountName,
    failAtSettlement: input.failAtSettlement ?? false,
  }
  const existing = ctx.db.accounts.get('byMerchantAccount', scoped(merchantId, input.accountNumber))
  return existing ? ctx.db.accounts.patch(existing, values) : ctx.db.accounts.insert(values)
}

/** Starts a payout; it stays processing (pending) until it settles or fails. */
export function createPayout(ctx: DomainContext, merchantId: number, input: PayoutInput): TransactionRecord {
  const amountMinor = amountToMinor(input.amount, input.currency, 'amount')
  const account = ctx.db.accounts.get('byMerchantAccount', scoped(merchantId, input.accountNumber))
  if (!account && ctx.options.unknownPayoutAccount === 'reject') {
    throw new RuleError(404, `Account ${input.accountNumber} not found`)
  }
  const { usableMinor } = ctx.ledger.figures(merchantId, input.currency)
  if (amountMinor > usableMinor) {
    throw new RuleError(
      422,
      `Payout of ${formatAmount(amountMinor, input.currency)} exceeds the ` +
        `usable balance of ${formatAmount(usableMinor, input.currency)}`,
      'insufficient_funds',
    )
  }
  const now = ctx.clock.now()
  ctx.ledger.move(merchantId, input.currency, { freeze: amountMinor })
  const tx = insertTransaction(
    ctx,
    {
      transactionId: ctx.db.nextId('transaction'),
      merchantId,
      kind: 'payout',
      orderId: 0,
      amountMinor,
      currency: input.currency,
      status: 'pending',
      accountName: account?.accountName ?? '',
      accountNumber: input.accountNumber,
      remark: input.description ?? '',
      dueAt: ctx.settlement.dueAt(ctx, 'payout', now),
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    },
    'payout accepted',
  )
  ctx.settlement.schedule(tx)
  return tx
}
