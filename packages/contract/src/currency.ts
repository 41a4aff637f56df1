/**
 * @module currency
 * The currencies the gateway accepts (USD and KHR, no other) and how many decimal places each one allows on
 * the wire.
 */

/**
 * Every currency the gateway accepts, in a fixed order.
 *
 * @example
 * ```ts
 * CURRENCIES.includes('USD') // true
 * ```
 */
export const CURRENCIES = ['USD', 'KHR'] as const

/**
 * A currency code the gateway accepts.
 *
 * @example
 * ```ts
 * const currency: Currency = 'KHR'
 * ```
 */
export type Currency = (typeof CURRENCIES)[number]

/**
 * Decimal places allowed per currency: USD has cents, KHR is counted in whole riel.
 * The service does not document the precision; this is the project's decision.
 *
 * @example
 * ```ts
 * CURRENCY_DECIMALS.USD // 2
 * CURRENCY_DECIMALS.KHR // 0
 * ```
 */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = /* @__PURE__ */ Object.freeze({
  // (`@__PURE__`: a bundler may drop it from an app that never reads it.)
  USD: 2,
  KHR: 0,
})

/**
 * Whether `value` is one of the accepted currency codes (case-sensitive, as on the wire).
 *
 * @example
 * ```ts
 * isCurrency('USD') // true
 * isCurrency('usd') // false
 * ```
 */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)
}
