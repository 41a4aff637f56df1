/**
 * @module schemas/pin
 * zod/mini schemas of the PIN module's requests and answers, built from the zod-free rules of `pin.ts`
 * (`PIN_RULES`): what the mock validates a PIN request with and what the OpenAPI document
 * describes. The PIN client of the SDK does not import them (its browser bundle carries no zod): it checks
 * its parameters with the same `PIN_RULES`.
 *
 * Each field's schema carries, as its error, the rule a caller must meet (`must be exactly 6 digits, as a
 * string`), so a refusal can name the field and the rule.
 */
import * as z from 'zod/mini'
import { PIN_RULES } from '../pin.js'
import { built, documentedObject } from './documented.js'

/**
 * A PIN: exactly 6 digits, as a string.
 *
 * @example
 * ```ts
 * z.safeParse(pinSchema, '012345').success // true
 * ```
 */
export const pinSchema = built(() =>
  z
    .string({ error: 'must be exactly 6 digits, as a string' })
    .check(z.regex(PIN_RULES.pinPattern, { error: 'must be exactly 6 digits, as a string' })),
)

/**
 * A one-time code: exactly 6 digits, as a string.
 *
 * @example
 * ```ts
 * z.safeParse(otpCodeSchema, '482913').success // true
 * ```
 */
export const otpCodeSchema = built(() =>
  z
    .string({ error: 'must be exactly 6 digits, as a string' })
    .check(z.regex(PIN_RULES.otpPattern, { error: 'must be exactly 6 digits, as a string' })),
)

/**
 * A session id of the reset flow, as a step returned it: not blank, at most `PIN_RULES.sessionIdMaxLength`
 * characters. A new schema per field.
 *
 * @example
 * ```ts
 * z.object({ session_id: sessionIdField() })
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function sessionIdField() {
  const rule = `must be a non-blank string of at most ${PIN_RULES.sessionIdMaxLength} characters`
  return z.string({ error: rule }).check(
    z.minLength(1, { error: rule }),
    z.maxLength(PIN_RULES.sessionIdMaxLength, { error: rule }),
    // An empty string is the length rule's to refuse; this one refuses blanks.
    z.regex(/^$|\S/, { error: rule }),
  )
}

/** The e-mail address of a contact. A new schema per field. */
/* @__NO_SIDE_EFFECTS__ */
function emailField() {
  const rule = 'must be an e-mail address'
  return z
    .string({ error: rule })
    .check(z.maxLength(PIN_RULES.emailMaxLength, { error: rule }), z.regex(PIN_RULES.emailPattern, { error: rule }))
}

/** The fields of a phone contact. A new shape per use. */
/* @__NO_SIDE_EFFECTS__ */
function phoneFields() {
  return {
    phone_code: z
      .string({ error: 'must be 1 to 4 digits' })
      .check(z.regex(PIN_RULES.phoneCodePattern, { error: 'must be 1 to 4 digits' })),
    country_code: z.string({ error: 'must be an ISO 3166-1 alpha-2 code (two upper-case letters)' }).check(
      z.regex(PIN_RULES.countryCodePattern, {
        error: 'must be an ISO 3166-1 alpha-2 code (two upper-case letters)',
      }),
    ),
    phone_number: z
      .string({ error: 'must be 4 to 15 digits' })
      .check(z.regex(PIN_RULES.phoneNumberPattern, { error: 'must be 4 to 15 digits' })),
  }
}

/** A field a contact of the other kind has: absent here (one contact, never both). */
/* @__NO_SIDE_EFFECTS__ */
function absent() {
  return z.optional(z.never({ error: 'give either email, or phone_code, country_code and phone_number' }))
}

/**
 * The contact by e-mail (and none of the phone fields).
 *
 * @example
 * ```ts
 * z.safeParse(emailContactSchema, { email: 'dara@example.com' }).success // true
 * ```
 */
export const emailContactSchema = built(() =>
  z.object({
    email: emailField(),
    phone_code: absent(),
    country_code: absent(),
    phone_number: absent(),
  }),
)

/**
 * The contact by phone: calling code, ISO 3166-1 alpha-2 country code and number (and no e-mail).
 *
 * @example
 * ```ts
 * z.safeParse(phoneContactSchema, { phone_code: '855', country_code: 'KH', phone_number: '12345678' }).success
 * ```
 */
export const phoneContactSchema = built(() => z.object({ ...phoneFields(), email: absent() }))

/**
 * set-pin and verify-pin: `{ pin }`.
 *
 * @example
 * ```ts
 * z.parse(setPinRequestSchema, { pin: '012345' })
 * ```
 */
export const setPinRequestSchema = built(() => z.object({ pin: pinSchema }))

/**
 * verify-pin: `{ pin }`.
 *
 * @example
 * ```ts
 * z.parse(verifyPinRequestSchema, { pin: '012345' })
 * ```
 */
export const verifyPinRequestSchema = built(() => z.object({ pin: pinSchema }))

/**
 * change-pin: `{ current_pin, new_pin }` (that they differ is a rule of the service: 422 `pin_unchanged`).
 *
 * @example
 * ```ts
 * z.parse(changePinRequestSchema, { current_pin: '012345', new_pin: '908172' })
 * ```
 */
export const changePinRequestSchema = built(() => z.object({ current_pin: pinSchema, new_pin: pinSchema }))

/**
 * forgot-pin: exactly one contact, e-mail or phone.
 *
 * @example
 * ```ts
 * z.parse(forgotPinRequestSchema, { email: 'dara@example.com' })
 * ```
 */
export const forgotPinRequestSchema = built(() => z.union([emailContactSchema, phoneContactSchema]))

/**
 * verify-otp: the contact again, the one-time code and the session id from forgot-pin.
 *
 * @example
 * ```ts
 * z.parse(verifyOtpRequestSchema, { email: 'dara@example.com', otp_code: '482913', session_id })
 * ```
 */
export const verifyOtpRequestSchema = built(() =>
  z.union([
    z.extend(emailContactSchema, { otp_code: otpCodeSchema, session_id: sessionIdField() }),
    z.extend(phoneContactSchema, { otp_code: otpCodeSchema, session_id: sessionIdField() }),
  ]),
)

/**
 * reset-pin: the verified session id from verify-otp and the new PIN.
 *
 * @example
 * ```ts
 * z.parse(resetPinRequestSchema, { session_id, new_pin: '908172' })
 * ```
 */
export const resetPinRequestSchema = built(() => z.object({ session_id: sessionIdField(), new_pin: pinSchema }))

/**
 * The `data` of forgot-pin's success: the session and its lifetime in seconds (not a point in time).
 *
 * @example
 * ```ts
 * const { session_id, expires_at } = z.parse(forgotPinResultSchema, body.data) // expires_at: 600
 * ```
 */
export const forgotPinResultSchema = built(() =>
  documentedObject({
    session_id: z.string().check(z.uuid()),
    expires_at: z.literal(PIN_RULES.otpSessionSeconds),
  }),
)

/**
 * The `data` of verify-otp's success: the verified session, under a new id.
 *
 * @example
 * ```ts
 * const { session_id } = z.parse(verifyOtpResultSchema, body.data)
 * ```
 */
export const verifyOtpResultSchema = built(() =>
  documentedObject({
    success: z.literal(true),
    message: z.string(),
    session_id: z.string().check(z.uuid()),
  }),
)

/**
 * The `data` of reset-pin's success.
 *
 * @example
 * ```ts
 * z.parse(resetPinResultSchema, { success: true, message: 'PIN reset successfully' })
 * ```
 */
export const resetPinResultSchema = built(() => documentedObject({ success: z.boolean(), message: z.string() }))

/**
 * The PIN module's success envelope around `data`, with the operation's exact message.
 *
 * @example
 * ```ts
 * const setPinResponse = pinEnvelopeSchema(PIN_MESSAGES.setPin, z.null())
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function pinEnvelopeSchema<const M extends string, T extends z.core.$ZodType>(
  message: M,
  data: T,
) {
  return documentedObject({ status_code: z.literal(200), message: z.literal(message), data })
}

/**
 * The `data` of set-pin's, verify-pin's and change-pin's success: null.
 *
 * @example
 * ```ts
 * z.parse(pinNoDataSchema, body.data) // null
 * ```
 */
export const pinNoDataSchema = /* @__PURE__ */ z.null()
