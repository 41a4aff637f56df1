/**
 * @module pin-validate
 * Checks of PIN call parameters before anything is sent, by the contract's PIN rules (`PIN_RULES`: the
 * same rules the contract's PIN request schemas, the mock and the OpenAPI document are built from; the
 * client does not carry those zod schemas, so it reads the rules themselves). A refused call throws a
 * `ClientValidationError` whose message names the field, says what to fix and shows what it got;
 * nothing reaches the service, so a typo does not count as a wrong PIN attempt. Messages never repeat a
 * PIN, a code or a session id (they end up in logs): of those they show only the kind and length.
 */
import { PIN_RULES } from '@merchant-gateway/contract/constants'
import { ClientValidationError } from '../errors/classes.js'
import { kindOf, show } from '../internal/show.js'

/**
 * A phone number of the signed-in user, as the PIN module takes it.
 *
 * @example
 * ```ts
 * const phone: PhoneContact = { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' }
 * ```
 */
export interface PhoneContact {
  /** The country calling code, digits only, without `+` (e.g. `'855'`). */
  phoneCode: string
  /** ISO 3166-1 alpha-2 country code, two upper-case letters (e.g. `'KH'`). */
  countryCode: string
  /** The national number, digits only (e.g. `'12345678'`). */
  phoneNumber: string
}

/**
 * One contact of the signed-in user: an e-mail address or a phone number, never both.
 *
 * @example
 * ```ts
 * const byEmail: PinContact = { email: 'dara@example.com' }
 * const byPhone: PinContact = { phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' } }
 * ```
 */
export type PinContact = { email: string; phone?: never } | { phone: PhoneContact; email?: never }

/** The wire form of a contact. */
export type WireContact = { email: string } | { phone_code: string; country_code: string; phone_number: string }

function fail(message: string): never {
  throw new ClientValidationError(message)
}

/** `params` as a record, or a refusal that shows an example call. */
export function checkParams(params: unknown, example: string): Record<string, unknown> {
  // The parameters may be a bare PIN passed by mistake: show their kind only.
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    fail(`Pass the parameters as an object: ${example}, got ${kindOf(params)}`)
  return params as Record<string, unknown>
}

/** A 6-digit string (a PIN or a one-time code). */
function sixDigits(value: unknown, name: string, what: string, pattern: RegExp): string {
  if (typeof value === 'number') {
    fail(
      `${name} must be a string of exactly 6 digits, not a number: pass it as ` +
        `a string (e.g. '012345'), since a number loses leading zeros`,
    )
  }
  if (value === undefined || value === null || value === '')
    fail(`${name} is required: the ${what}, a string of exactly 6 digits, got ${kindOf(value)}`)
  if (typeof value !== 'string') fail(`${name} must be a string of exactly 6 digits, got ${kindOf(value)}`)
  const text = value as string
  if (!pattern.test(text)) {
    const digitsOnly = /^[0-9]*$/.test(text)
    fail(
      `${name} must be exactly 6 digits (0-9), got ` +
        (digitsOnly ? `${text.length} digit(s)` : `${text.length} character(s) with something other than 0-9`),
    )
  }
  return text
}

/** A PIN: a string of exactly 6 digits. */
export const checkPin = (value: unknown, name: string): string => sixDigits(value, name, 'PIN', PIN_RULES.pinPattern)

/** A one-time code: a string of exactly 6 digits. */
export const checkCode = (value: unknown, name: string): string =>
  sixDigits(value, name, 'one-time code sent to the user', PIN_RULES.otpPattern)

/** A session id as a previous step returned it: not blank, at most `PIN_RULES.sessionIdMaxLength` characters. */
export function checkSessionId(value: unknown, from: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    fail(`sessionId is required: the sessionId that ${from} returned, got ${kindOf(value)}`)
  if ((value as string).length > PIN_RULES.sessionIdMaxLength)
    fail(
      `sessionId must be the sessionId that ${from} returned (at most ${PIN_RULES.sessionIdMaxLength} ` +
        `characters), got ${kindOf(value)}`,
    )
  return value as string
}

/** Exactly one well-formed contact, in its wire form. */
export function checkContact(params: Record<string, unknown>): WireContact {
  const { email, phone } = params
  if (email !== undefined && phone !== undefined) fail('Give one contact, email or phone, not both, got both')
  if (email === undefined && phone === undefined) {
    fail(
      "A contact is required: { email: 'name@example.com' } or { phone: { " +
        "phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' } }, got " +
        'neither',
    )
  }
  if (email !== undefined) {
    if (typeof email !== 'string' || email.length > PIN_RULES.emailMaxLength || !PIN_RULES.emailPattern.test(email)) {
      fail(`email must be an e-mail address such as 'name@example.com' (no spaces), got ${show(email)}`)
    }
    return { email: email as string }
  }
  if (typeof phone !== 'object' || phone === null)
    fail(
      `phone must be an object: { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' }, got ${show(phone)}`,
    )
  const { phoneCode, countryCode, phoneNumber } = phone as Record<string, unknown>
  if (typeof phoneCode !== 'string' || !PIN_RULES.phoneCodePattern.test(phoneCode)) {
    fail(
      `phone.phoneCode must be the country calling code as 1 to 4 digits` +
        (typeof phoneCode === 'string' && phoneCode.startsWith('+') ? ", without the '+'" : '') +
        ` (e.g. '855'), got ${show(phoneCode)}`,
    )
  }
  if (typeof countryCode !== 'string' || !PIN_RULES.countryCodePattern.test(countryCode)) {
    fail(
      `phone.countryCode must be two upper-case letters, ISO 3166-1 alpha-2 ` +
        `(e.g. 'KH')${typeof countryCode === 'string' && /^[a-z]{2}$/i.test(countryCode) ? ', in upper case' : ''}, ` +
        `got ${show(countryCode)}`,
    )
  }
  if (typeof phoneNumber !== 'string' || !PIN_RULES.phoneNumberPattern.test(phoneNumber)) {
    fail(
      `phone.phoneNumber must be the national number as 4 to 15 digits, ` +
        `without spaces, dashes or the calling code (e.g. '12345678'), got ${show(phoneNumber)}`,
    )
  }
  return { phone_code: phoneCode as string, country_code: countryCode as string, phone_number: phoneNumber as string }
}
