/**
 * @module ledger
 * Balances per merchant and currency, in integer minor units. Every movement of money goes through
 * {@link Ledger.move}, which checks the invariants before it writes anything: balance and freeze never
 * negative, usable (balance - freeze) never negative. A movement that would break one is a bug in the
 * mock, not a user error, so it throws and leaves the balance untouched.
 */
import { CURRENCIES, type Currency } from '@merchant-gateway/contract'
import { scoped, type Database } from '../store/database.js'
import type { BalanceRecord, TransactionRecord } from '../store/records.js'

/** A change to one balance: `balance` and `freeze` deltas in minor units. */
export interface Movement {
  balance?: number
  freeze?: number
}

/** One currency's figures in minor units, with usable derived. */
export interface LedgerFigures {
  balanceMinor: number
  freezeMinor: number
  usableMinor: number
}

/**
 * The merchant ledger.
 *
 * @example
 * ```ts
 * ledger.move(merchantId, 'USD', { freeze: +550 }) // a refund of 5.50 USD starts
 * ledger.figures(merchantId, 'USD').usableMinor
 * ```
 */
export class Ledger {
  constructor(private readonly db: Database) {}

  /** Opens the balances of a new merchant in every currency. */
  open(merchantId: number, openingMinor: Partial<Record<Currency, number>>): void {
    for (const currency of CURRENCIES) {
      const opening = openingMinor[currency] ?? 0
      this.db.balances.insert({
        merchantId,
        currency,
        openingMinor: opening,
        balanceMinor: opening,
        freezeMinor: 0,
      })
    }
  }

  /** Current figures of one merchant in one currency. */
  figures(merchantId: number, currency: Currency): LedgerFigures {
    const record = this.#record(merchantId, currency)
    return {
      balanceMinor: record.balanceMinor,
      freezeMinor: record.freezeMinor,
      usableMinor: record.balanceMinor - record.freezeMinor,
    }
  }

  /** Applies a movement after checking that every invariant still holds afterwards. */
  move(merchantId: number, currency: Currency, movement: Movement): LedgerFigures {
    const record = this.#record(merchantId, currency)
    const balanceMinor = record.balanceMinor + (movement.balance ?? 0)
    const freezeMinor = record.freezeMinor + (movement.freeze ?? 0)
    if (
      !Number.isSafeInteger(balanceMinor) ||
      !Number.isSafeInteger(freezeMinor) ||
      balanceMinor < 0 ||
      freezeMinor < 0 ||
      balanceMinor - freezeMinor < 0
    ) {
      throw new Error(
        `[mock] ledger invariant broken for merchant ${merchantId} ${currency}: ` +
          `balance ${balanceMinor}, freeze ${freezeMinor}`,
      )
    }
    this.db.balances.patch(record, { balanceMinor, freezeMinor })
    return { balanceMinor, freezeMinor, usableMinor: balanceMinor - freezeMinor }
  }

  /**
   * Carries the money of a final transaction about to be forgotten (`keepRecordsSeconds`) into the opening figure,
   * so that opening + the transactions kept still make the balance and the freeze: a completed payment adds its
   * amount, a completed refund or payout takes it away, a failed or cancelled one carries nothing. The balance,
   * the freeze and usable never change.
   */
  carry(tx: TransactionRecord): void {
    if (tx.status !== 'completed') return
    const record = this.#record(tx.merchantId, tx.currency)
    const delta = tx.kind === 'payment' ? tx.amountMinor : -tx.amountMinor
    this.db.balances.patch(record, { openingMinor: record.openingMinor + delta })
  }

  #record(merchantId: number, currency: Currency): BalanceRecord {
    const record = this.db.balances.get('byMerchantCurrency', scoped(merchantId, currency))
    if (!record) throw new Error(`[mock] no ledger for merchant ${merchantId} ${currency}`)
    return record
  }
}
