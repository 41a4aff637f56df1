/**
 * @module validate-params
 * Checks made before anything is sent, with messages that name the field, say what to fix and show the
 * value received (`amount must be greater than 0, got -5`): currency, amount (finite,
 * positive, within the maximum, no more decimals than the currency allows), ids, idempotency key
 * length, and the API secret for signed calls. The money rules are the contract's own `checkAmount`,
 * the same function the mock applies.
 */
import {
  CURRENCIES,
  CURRENCY_DECIMALS,
  checkAmount,
  isCurrency,
  LIMITS,
  type Currency,
} from '@merchant-gateway/contract'
import { ClientValidationError } from '../errors/classes.js'
import { kindOf, show } from '../internal/show.js'

/**
 * The currency, or a {@link ClientValidationError}.
 *
 * @example
 * ```ts
 * checkCurrency('usd') // throws: currency must be one of USD, KHR (upper case), got "usd"
 * ```
 */
export function checkCurrency(currency: unknown, field = 'currency'): Currency {
  if (!isCurrency(currency)) {
    throw new ClientValidationError(
      `${field} must be one of ${CURRENCIES.join(', ')} (upper case), got ${show(currency)}`,
    )
  }
  return currency
}

/**
 * An amount valid for `currency`, or a {@link ClientValidationError} naming `field`.
 *
 * @example
 * ```ts
 * checkMoney(-5, 'USD') // throws: amount must be greater than 0, got -5
 * ```
 */
export function checkMoney(amount: unknown, currency: Currency, field = 'amount'): number {
  const result = checkAmount(amount, currency)
  if (!result.ok) throw new ClientValidationError(`${result.message.replace(/^amount\b/, field)}, got ${show(amount)}`)
  return amount as number
}

/**
 * An amount whose currency the SDK does not know yet (a refund takes its order's currency): finite,
 * positive, within the maximum, and at most the largest number of decimals of any currency.
 */
export function checkMoneyAnyCurrency(amount: unknown, field: string): number {
  // Valid in some currency is enough here (a KHR order may exceed the USD maximum); the gateway applies the order's.
  if (CURRENCIES.some((currency) => checkAmount(amount, currency).ok)) return amount as number
  const widest = CURRENCIES.reduce((a, b) => (CURRENCY_DECIMALS[a] >= CURRENCY_DECIMALS[b] ? a : b))
  const result = checkAmount(amount, widest)
  if (!result.ok) {
    const rule = result.message.replace(/^amount\b/, field)
    const forWidest = ` for ${widest}`
    throw new ClientValidationError(
      rule.endsWith(forWidest)
        ? `${rule.slice(0, -forWidest.length)} (${widest}), got ${show(amount)}; the order's currency may allow fewer`
        : `${rule}, got ${show(amount)}`,
    )
  }
  return amount as number
}

/** A positive safe-integer id, or a {@link ClientValidationError}. */
export function checkId(id: unknown, field: string): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new ClientValidationError(`${field} must be a positive integer, got ${show(id)}`)
  }
  return id
}

/** Optional free text of at most the contract's length. */
export function checkText(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > LIMITS.maxTextLength) {
    throw new ClientValidationError(
      `${field} must be a string of at most ${LIMITS.maxTextLength} characters, got ${show(value)}`,
    )
  }
  return value
}

/** A non-empty string of at most `max` characters. */
export function checkString(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw new ClientValidationError(
      `${field} must be a non-empty string of at most ${max} characters, got ${show(value)}`,
    )
  }
  return value
}

/** An idempotency key of 1 to 255 characters. */
export function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > LIMITS.idempotencyKeyMaxLength) {
    const length = typeof key === 'string' ? key.length : typeof key
    throw new ClientValidationError(
      `idempotencyKey must be a string of 1 to ${LIMITS.idempotencyKeyMaxLength} ` +
        `characters (a UUID is best), got ${length}`,
    )
  }
  return key
}

/** The API secret a signed call needs. */
export function requireSecret(secret: string | undefined, operation: string): string {
  if (typeof secret !== 'string' || secret === '') {
    throw new ClientValidationError(
      `${operation} is signed: pass apiSecret to the GatewayClient (from the ` +
        `API configuration screen of the merchant app), got ${kindOf(secret)}`,
    )
  }
  return secret
}
