/**
 * @module amounts
 * The money rules on incoming amounts: finite, positive, within the maximum, and no more decimals
 * than the currency allows (USD 2, KHR 0). A refused amount is a 400 that changes nothing.
 */
import { checkAmount, type Currency } from '@merchant-gateway/contract'
import { RuleError } from './rule-error.js'

/**
 * Converts a wire amount to minor units or throws a 400 naming the field and what to fix.
 *
 * @example
 * ```ts
 * amountToMinor(12.5, 'USD', 'amount') // 1250
 * amountToMinor(1.005, 'USD', 'amount') // throws 400 "amount must have at most 2 decimal places for USD"
 * ```
 */
export function amountToMinor(amount: number, currency: Currency, field: string): number {
  const checked = checkAmount(amount, currency)
  if (!checked.ok) throw new RuleError(400, checked.message.replace(/^amount\b/, field))
  return checked.minor
}
