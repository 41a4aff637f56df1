/**
 * @module money
 * Conversion between wire amounts (JSON numbers in major units, e.g. `12.5` USD) and exact
 * integer minor units (USD cents, whole KHR riel), the validation of a wire amount with
 * messages a caller can act on, and display formatting.
 */
import type { Currency } from './currency.js'
import { CURRENCY_DECIMALS } from './currency.js'
import { LIMITS } from './limits.js'

/**
 * The result of {@link checkAmount}: the amount in minor units, or why it was rejected.
 *
 * @example
 * ```ts
 * const result: AmountCheck = checkAmount(12.5, 'USD') // { ok: true, minor: 1250 }
 * ```
 */
export type AmountCheck = { ok: true; minor: number } | { ok: false; message: string }

/**
 * Converts a wire amount to integer minor units.
 *
 * Returns `undefined` when the amount is not finite, has more decimal places than the
 * currency allows, or is too large to be represented exactly (beyond
 * `Number.MAX_SAFE_INTEGER` minor units). Sign is preserved; range rules live in
 * {@link checkAmount}.
 *
 * The test is robust against binary floating point: `0.29 * 100` is
 * `28.999999999999996`, which rounds to `29`, and `29 / 100` is again the double `0.29`.
 * An amount such as `1.005` does not survive that round trip, so it is rejected.
 *
 * @example
 * ```ts
 * toMinorUnits(19.99, 'USD') // 1999
 * toMinorUnits(1.005, 'USD') // undefined
 * toMinorUnits(4000, 'KHR')  // 4000
 * toMinorUnits(1.5, 'KHR')   // undefined
 * ```
 */
export function toMinorUnits(amount: number, currency: Currency): number | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined
  const scale = 10 ** CURRENCY_DECIMALS[currency]
  const minor = Math.round(amount * scale)
  if (!Number.isSafeInteger(minor)) return undefined
  // The round trip is the definition of "has at most d decimals": the wire number must be
  // exactly the double nearest to minor / 10^d.
  if (minor / scale !== amount) return undefined
  // Math.round(-0.4) is -0; normalise so callers never see -0 minor units.
  return minor === 0 ? 0 : minor
}

/**
 * Converts integer minor units back to a wire amount in major units.
 *
 * @example
 * ```ts
 * fromMinorUnits(1999, 'USD') // 19.99
 * fromMinorUnits(4000, 'KHR') // 4000
 * ```
 */
export function fromMinorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** CURRENCY_DECIMALS[currency]
}

/**
 * Formats integer minor units for people: fixed decimals for the currency, then the code.
 * Uses integer arithmetic only, so no floating-point artefacts can appear.
 *
 * @throws {RangeError} when `minor` is not a safe integer.
 * @example
 * ```ts
 * formatAmount(1250, 'USD') // "12.50 USD"
 * formatAmount(4000, 'KHR') // "4000 KHR"
 * ```
 */
export function formatAmount(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`minor units must be a safe integer, received ${String(minor)}`)
  }
  const decimals = CURRENCY_DECIMALS[currency]
  const sign = minor < 0 ? '-' : ''
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''
  return `${sign}${whole}${fraction} ${currency}`
}

/**
 * Validates a wire amount for a currency and converts it to minor units.
 *
 * Rules, checked in this order, each with its own message:
 * 1. a finite number (`amount must be a finite number`);
 * 2. greater than zero (`amount must be greater than 0`);
 * 3. at most {@link LIMITS}.maxAmountMinor minor units (`amount must be at most 10000000000.00 USD`);
 * 4. no more decimals than the currency allows (`amount must have at most 2 decimal places for USD`,
 *    `amount must be a whole number for KHR`).
 *
 * The size rule comes before the decimals rule because an amount too large to scale
 * exactly would otherwise be reported as having too many decimals.
 *
 * @example
 * ```ts
 * checkAmount(12.5, 'USD')  // { ok: true, minor: 1250 }
 * checkAmount(12.345, 'USD') // { ok: false, message: 'amount must have at most 2 decimal places for USD' }
 * checkAmount('12', 'USD')  // { ok: false, message: 'amount must be a finite number' }
 * ```
 */
export function checkAmount(amount: unknown, currency: Currency): AmountCheck {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    return { ok: false, message: 'amount must be a finite number' }
  }
  if (!(amount > 0)) {
    return { ok: false, message: 'amount must be greater than 0' }
  }
  const decimals = CURRENCY_DECIMALS[currency]
  const maxMajor = fromMinorUnits(LIMITS.maxAmountMinor, currency)
  if (amount > maxMajor) {
    return { ok: false, message: `amount must be at most ${formatAmount(LIMITS.maxAmountMinor, currency)}` }
  }
  const minor = toMinorUnits(amount, currency)
  if (minor === undefined) {
    const message =
      decimals === 0
        ? `amount must be a whole number for ${currency}`
        : `amount must have at most ${decimals} decimal places for ${currency}`
    return { ok: false, message }
  }
  return { ok: true, minor }
}
