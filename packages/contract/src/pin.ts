/**
 * @module pin
 * The PIN module's wire contract (set, verify, change, forgot and reset PIN, and verify-otp), without zod so that a
 * browser bundle of a PIN client stays small: the error codes of our decisions and the rules of its fields (the
 * success messages are in the operation table, `operations.ts`). Every answer is the PIN module envelope
 * `{status_code, message, data}`; a refusal adds `code` (our decision, docs/decisions.md) so a client can branch
 * on it.
 */

/**
 * Codes of PIN module refusals (the service documents statuses only; the codes are ours).
 *
 * @example
 * ```ts
 * if (body.code === PIN_ERROR_CODES.pin_locked) showCountdown(body.data.locked_until)
 * ```
 */
export const PIN_ERROR_CODES = {
  /** 401: no `Authorization: Bearer` header. */
  unauthenticated: 'unauthenticated',
  /** 401: the access token is unknown. */
  invalid_token: 'invalid_token',
  /** 400: the body is not a JSON object, or a field is missing or of the wrong type. */
  invalid_request: 'invalid_request',
  /** 400: a PIN is not exactly 6 digits. */
  invalid_pin_format: 'invalid_pin_format',
  /** 409: set-pin when the user already has a PIN (change-pin is expected). */
  pin_already_set: 'pin_already_set',
  /** 409: verify-pin or change-pin when the user has no PIN (set-pin is expected). */
  pin_not_set: 'pin_not_set',
  /** 422: wrong PIN (verify-pin, or current_pin of change-pin); `data.attempts_remaining` before a block. */
  wrong_pin: 'wrong_pin',
  /** 429: blocked for 1 minute after every 5th wrong PIN in a row; `data.locked_until`, `data.retry_after_seconds`. */
  pin_locked: 'pin_locked',
  /** 422: change-pin with new_pin equal to current_pin. */
  pin_unchanged: 'pin_unchanged',
  /** 400: forgot-pin or verify-otp without exactly one well-formed contact (e-mail, or phone fields). */
  invalid_contact: 'invalid_contact',
  /** 404: forgot-pin for a contact that is not the signed-in user's. */
  contact_not_found: 'contact_not_found',
  /** 422: forgot-pin for the user's contact that is not verified. */
  contact_not_verified: 'contact_not_verified',
  /**
   * 400: verify-otp with a session that is unknown, expired, ended, already verified, or not this user's and contact's.
   */
  otp_session_invalid: 'otp_session_invalid',
  /** 422: verify-otp with a wrong code; `data.attempts_remaining` before the session ends. */
  otp_invalid: 'otp_invalid',
  /** 400: reset-pin with a verified session that is missing or expired (as the gateway documents it). */
  reset_session_invalid: 'reset_session_invalid',
  /** 429: forgot-pin after the user was sent the most codes the window allows; `data.retry_after_seconds`. */
  too_many_reset_requests: 'too_many_reset_requests',
  /** 404: a path under the PIN module's prefix that is not one of its operations. */
  not_found: 'not_found',
  /** 405: a PIN path with a method other than POST (the `Allow` header names POST). */
  method_not_allowed: 'method_not_allowed',
  /** 413: a body larger than the module accepts. */
  payload_too_large: 'payload_too_large',
  /** 414: a request URL longer than the service takes. */
  uri_too_long: 'uri_too_long',
  /** 415: a body whose Content-Type is not JSON. */
  unsupported_media_type: 'unsupported_media_type',
  /** 5xx (or the status injected): the answer of a fault injected on purpose (the mock's fault injection). */
  injected_fault: 'injected_fault',
  /** 500: an unexpected failure of the service. */
  internal_error: 'internal_error',
} as const

/**
 * A PIN module refusal code.
 *
 * @example
 * ```ts
 * const code: PinErrorCode = 'wrong_pin'
 * ```
 */
export type PinErrorCode = keyof typeof PIN_ERROR_CODES

/**
 * The PIN module's rules, once: the forms of a PIN, a one-time code, a session id, an e-mail address and a
 * phone number, and the fixed figures (the documented limits, and our decisions on wrong one-time codes and
 * on the forms the service leaves open). The SDK checks a call's parameters with these before sending, the
 * contract's zod schemas of the PIN requests (`PIN_REQUESTS`) are built from them for the mock and the
 * OpenAPI document, and one test gives each rule's edge values to all three.
 *
 * @example
 * ```ts
 * PIN_RULES.pinPattern.test('123456') // true
 * ```
 */
export const PIN_RULES = {
  /** Exactly 6 digits (set, verify, change, reset). */
  pinPattern: /^\d{6}$/,
  /** One-time codes are 6 digits too (our decision). */
  otpPattern: /^\d{6}$/,
  /** A session id (forgot-pin's, verify-otp's): not empty and not only blanks, at most this many characters. */
  sessionIdMaxLength: 255,
  /**
   * An e-mail address (our decision: a plausible shape, as a careful service checks it): 1 to 64
   * characters, `@`, a domain of 1 to 189 characters, a dot and a top-level domain of 2 to 63; no blanks.
   */
  emailPattern: /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,63}$/,
  /** At most this many characters in an e-mail address. */
  emailMaxLength: 254,
  /** A country calling code: 1 to 4 digits, without `+`. */
  phoneCodePattern: /^\d{1,4}$/,
  /** ISO 3166-1 alpha-2: two upper-case letters. */
  countryCodePattern: /^[A-Z]{2}$/,
  /** A national number: 4 to 15 digits, without spaces or the calling code. */
  phoneNumberPattern: /^\d{4,15}$/,
  /** Every 5th wrong PIN in a row blocks the user. */
  wrongAttemptsPerBlock: 5,
  /** For 1 minute. */
  blockSeconds: 60,
  /** An OTP session lasts 10 minutes (expires_at = 600). */
  otpSessionSeconds: 600,
  /** Our decision: the 5th wrong one-time code ends the session. */
  otpMaxWrongCodes: 5,
} as const

/**
 * `n` as an English ordinal (`5th`, `1st`, `22nd`), for texts built from the rules' figures.
 *
 * @example
 * ```ts
 * `the ${ordinal(PIN_RULES.wrongAttemptsPerBlock)} wrong PIN` // 'the 5th wrong PIN'
 * ```
 */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/**
 * A span of seconds in words (`1 minute`, `10 minutes`, `90 seconds`), for texts built from the rules' figures.
 *
 * @example
 * ```ts
 * `blocked for ${duration(PIN_RULES.blockSeconds)}` // 'blocked for 1 minute'
 * ```
 */
export function duration(seconds: number): string {
  const [value, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second']
  return `${value} ${unit}${value === 1 ? '' : 's'}`
}
