/**
 * @module schemas/amount
 * Field schemas shared by the resource schemas: amounts, currencies, identifiers, texts, account
 * numbers and timestamps, plus the object-level check that an amount fits its currency.
 *
 * Each request field's schema carries, as its error, the rule a caller must meet (`must be greater
 * than 0`): the SDK puts it in its refusal after the name of the parameter (`amount must be greater
 * than 0, got -5`); the mock's 400 messages describe the issue itself (see `describeIssues`).
 */
import * as z from 'zod/mini'
import { _isoDateTime } from 'zod/v4/core'
import type { Currency } from '../currency.js'
import { CURRENCIES, isCurrency } from '../currency.js'
import { LIMITS } from '../limits.js'
import { checkAmount } from '../money.js'

/**
 * A wire amount: a finite number greater than 0. zod's `number()` already rejects
 * `NaN` and `±Infinity`. Decimal places depend on the currency, so objects that carry both
 * add {@link amountFitsCurrency}.
 *
 * @example
 * ```ts
 * amountSchema.safeParse(12.5).success // true
 * amountSchema.safeParse(0).success    // false
 * ```
 */
export const amountSchema = /* @__PURE__ */ z
  .number({ error: 'must be a finite number' })
  .check(z.positive({ error: 'must be greater than 0' }))

/**
 * A currency code, exactly `USD` or `KHR`.
 *
 * @example
 * ```ts
 * currencySchema.safeParse('KHR').success // true
 * currencySchema.safeParse('usd').success // false
 * ```
 */
export const currencySchema = /* @__PURE__ */ z.enum(CURRENCIES, {
  error: () => `must be one of ${CURRENCIES.join(', ')} (upper case)`,
})

/** The rule an id spelled as a decimal string breaks when it fails `/^[1-9][0-9]*$/`. */
function decimalIdRule(input: unknown): string {
  if (typeof input !== 'string' || !/^[0-9]+$/.test(input)) return 'must be a string of digits'
  return /^0+$/.test(input) ? 'must be greater than 0' : 'must be written without leading zeros'
}

/** The largest id, `Number.MAX_SAFE_INTEGER`, written out: a string literal is one a bundler can drop unused. */
const MAX_ID_RULE = 'must be at most 9007199254740991'

/**
 * An identifier spelled as a decimal string, as in the documented snake_case bodies
 * (`order_id: "1024"`): 1 to {@link LIMITS}.maxIdLength digits, no leading zero, and at most
 * `Number.MAX_SAFE_INTEGER`, so that it names exactly the record its numeric spelling names.
 *
 * An id that breaks a rule gets one issue, naming that rule: `must be a string of digits`, `must be
 * written without leading zeros`, `must be greater than 0` (`"0"`) or `must be at most 9007199254740991`.
 *
 * @example
 * ```ts
 * decimalIdSchema.safeParse('1024').success // true
 * decimalIdSchema.safeParse('0124').error?.issues[0]?.message // 'must be written without leading zeros'
 * ```
 */
export const decimalIdSchema = /* @__PURE__ */ z.string().check(
  // One pattern (as the JSON Schema of the id shows it), whose message names the part of it the id breaks.
  z.regex(/^[1-9][0-9]*$/, { error: (issue) => decimalIdRule(issue.input), abort: true }),
  z.refine((id) => Number.isSafeInteger(Number(id)), { error: MAX_ID_RULE, abort: true }),
  // Any longer string of digits is above the maximum already; the length is stated for the JSON Schema.
  z.maxLength(LIMITS.maxIdLength, { error: MAX_ID_RULE }),
)

/**
 * An identifier spelled as a JSON number, as in the current camelCase bodies
 * (`orderId: 1024`): a positive safe integer. One issue per id: `must be a positive integer`, or
 * `must be at most 9007199254740991` for an integer above `Number.MAX_SAFE_INTEGER`.
 *
 * @example
 * ```ts
 * integerIdSchema.safeParse(1024).success // true
 * integerIdSchema.safeParse(1.5).success  // false
 * ```
 */
export const integerIdSchema = /* @__PURE__ */ z
  .int({ error: (issue) => (issue.code === 'too_big' ? MAX_ID_RULE : 'must be a positive integer'), abort: true })
  .check(z.positive({ error: 'must be a positive integer' }))

/**
 * Optional free text of a request (a cancel reason, a payout description): a string of at most
 * {@link LIMITS}.maxTextLength characters. A new schema per field.
 *
 * @example
 * ```ts
 * const body = z.object({ reason: z.optional(textField()) })
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function textField() {
  const rule = `must be a string of at most ${LIMITS.maxTextLength} characters`
  return z.string({ error: rule }).check(z.maxLength(LIMITS.maxTextLength, { error: rule }))
}

/**
 * An account number of a payout: 1 to {@link LIMITS}.maxAccountNumberLength characters, not all blanks. A new
 * schema per field.
 *
 * @example
 * ```ts
 * const body = z.object({ accountNumber: accountNumberField() })
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function accountNumberField() {
  const rule = `must be a non-empty string of at most ${LIMITS.maxAccountNumberLength} characters`
  return z.string({ error: rule }).check(
    z.minLength(1, { error: rule }),
    z.maxLength(LIMITS.maxAccountNumberLength, { error: rule }),
    // An empty string is the length rule's to refuse; this one refuses blanks.
    z.regex(/^$|\S/, { error: rule }),
  )
}

/**
 * An ISO 8601 date-time with a time zone designator (`Z` or an offset), as every
 * documented `*_at` / `transactionDate` field.
 *
 * @example
 * ```ts
 * isoTimestampSchema.safeParse('2026-01-06T00:00:00.000Z').success // true
 * isoTimestampSchema.safeParse('2026-01-06').success               // false
 * ```
 */
// What `z.iso.datetime` makes, without reading it through the `z.iso` namespace: a bundler keeps a namespace it
// reads whole, and the ISO date, time and duration schemas with it (0.37 kB of the browser GatewayClient).
export const isoTimestampSchema = /* @__PURE__ */ _isoDateTime(z.ZodMiniISODateTime, { offset: true })

/**
 * Object-level check for request bodies carrying `amount` and `currency`: the amount must
 * have no more decimals than the currency allows and stay within
 * {@link LIMITS}.maxAmountMinor. Reports on the `amount` path with the message of
 * {@link checkAmount}. Problems the field schemas report themselves are not repeated.
 *
 * @example
 * ```ts
 * const body = z.object({ amount: amountSchema, currency: currencySchema }).check(amountFitsCurrency)
 * body.safeParse({ amount: 1.5, currency: 'KHR' }).success // false: amount must be a whole number for KHR
 * ```
 */
export const amountFitsCurrency = /* @__PURE__ */ z.superRefine<{ amount: number; currency: Currency }>(
  (value, ctx) => {
    // Failed field checks do not stop object checks in zod; whatever amountSchema and
    // currencySchema already reported (not positive, unknown currency) is not repeated here.
    if (!(value.amount > 0) || !isCurrency(value.currency)) return
    const result = checkAmount(value.amount, value.currency)
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message, path: ['amount'], input: value.amount })
    }
  },
)
