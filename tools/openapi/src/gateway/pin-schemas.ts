/**
 * @module openapi-tools/gateway/pin-schemas
 * zod/mini schemas of the PIN module's bodies, for the document only. The contract keeps the PIN
 * module zod-free (`contract/src/pin.ts`: messages, codes and rules as constants, so that a browser
 * bundle of a PIN client stays small); these schemas are built from those constants, so a changed
 * message, code or rule changes the document.
 */
import { PIN_ERROR_CODES, PIN_MESSAGES, PIN_RULES } from '@merchant-gateway/contract'
import * as z from 'zod/mini'

const register = <T extends z.core.$ZodType>(schema: T, id: string, description: string): T => {
  z.globalRegistry.add(schema, { id, description })
  return schema
}

const pin = register(
  z.string().check(z.regex(PIN_RULES.pinPattern)),
  'Pin',
  'A PIN: exactly 6 digits, as a string. Any other form is 400 ' +
    '`invalid_pin_format` and never counts as a wrong attempt.',
)
const sessionId = z.string().check(z.minLength(1), z.maxLength(255))
const emailContact = register(
  z.object({ email: z.string().check(z.minLength(3), z.maxLength(254)) }),
  'EmailContact',
  'The contact by e-mail: an address of the signed-in user.',
)
const phoneContact = register(
  z.object({
    phone_code: z.string().check(z.regex(/^\d{1,4}$/)),
    country_code: z.string().check(z.regex(/^[A-Z]{2}$/)),
    phone_number: z.string().check(z.regex(/^\d{4,15}$/)),
  }),
  'PhoneContact',
  'The contact by phone: calling code (digits), ISO 3166-1 alpha-2 country code, and the number (digits).',
)
const otpCode = z.string().check(z.regex(PIN_RULES.otpPattern))

/** POST set-pin. */
export const setPinRequestSchema = register(
  z.object({ pin }),
  'SetPinRequest',
  'Set PIN: only when the user has none (otherwise 409 `pin_already_set`; use change-pin).',
)

/** POST verify-pin. */
export const verifyPinRequestSchema = register(
  z.object({ pin }),
  'VerifyPinRequest',
  `Verify PIN. A wrong PIN is 422 \`wrong_pin\`; the ` +
    `${PIN_RULES.wrongAttemptsPerBlock}th wrong PIN in a row (and every ` +
    `${PIN_RULES.wrongAttemptsPerBlock}th after it) blocks the user for ${PIN_RULES.blockSeconds} ` +
    `s: 429 \`pin_locked\`. A right PIN clears the counter.`,
)

/** POST change-pin. */
export const changePinRequestSchema = register(
  z.object({ current_pin: pin, new_pin: pin }),
  'ChangePinRequest',
  'Change PIN: `current_pin` must match (a wrong one counts like a wrong ' +
    'verify-pin), `new_pin` must differ (422 `pin_unchanged`).',
)

/** POST forgot-pin: exactly one contact. */
export const forgotPinRequestSchema = register(
  z.union([emailContact, phoneContact]),
  'ForgotPinRequest',
  `Request a reset code: exactly one contact, e-mail or phone, that ` +
    `belongs to the signed-in user and is verified. Opens a reset session ` +
    `of ${PIN_RULES.otpSessionSeconds} s and sends a one-time code.`,
)

/** POST verify-otp: the contact again, the code and the session. */
export const verifyOtpRequestSchema = register(
  z.union([
    z.extend(emailContact, { otp_code: otpCode, session_id: sessionId }),
    z.extend(phoneContact, { otp_code: otpCode, session_id: sessionId }),
  ]),
  'VerifyOtpRequest',
  `Verify the reset code: the same contact as forgot-pin, \`otp_code\` (6 ` +
    `digits) and its \`session_id\`. A wrong code is 422 \`otp_invalid\`; ` +
    `the ${PIN_RULES.otpMaxWrongCodes}th ends the session.`,
)

/** POST reset-pin. */
export const resetPinRequestSchema = register(
  z.object({ session_id: sessionId, new_pin: pin }),
  'ResetPinRequest',
  'Reset PIN with the verified `session_id` from verify-otp (single use, ' +
    '10 minutes). A missing, used or expired session is 400 ' +
    '`reset_session_invalid`.',
)

function pinEnvelope<T extends z.core.$ZodType>(message: string, data: T) {
  return z.looseObject({ status_code: z.literal(200), message: z.literal(message), data })
}

/** 200 of set-pin, verify-pin, change-pin: `data` is null. */
export const setPinResponseSchema = register(
  pinEnvelope(PIN_MESSAGES.setPin, z.null()),
  'SetPinResponse',
  'The PIN module envelope; `data` is null.',
)
export const verifyPinResponseSchema = register(
  pinEnvelope(PIN_MESSAGES.verifyPin, z.null()),
  'VerifyPinResponse',
  'The PIN module envelope; `data` is null. The message is the one-time-code text, as the service documents it.',
)
export const changePinResponseSchema = register(
  pinEnvelope(PIN_MESSAGES.changePin, z.null()),
  'ChangePinResponse',
  'The PIN module envelope; `data` is null.',
)

/** 200 of forgot-pin. */
export const forgotPinResponseSchema = register(
  pinEnvelope(
    PIN_MESSAGES.forgotPin,
    z.looseObject({ session_id: z.string().check(z.uuid()), expires_at: z.literal(PIN_RULES.otpSessionSeconds) }),
  ),
  'ForgotPinResponse',
  `\`data.session_id\` identifies the reset session; \`data.expires_at\` ` +
    `is its lifetime in seconds (${PIN_RULES.otpSessionSeconds}), not a ` +
    `point in time.`,
)

/** 200 of verify-otp. */
export const verifyOtpResponseSchema = register(
  pinEnvelope(
    PIN_MESSAGES.verifyOtp,
    z.looseObject({ success: z.literal(true), message: z.string(), session_id: z.string().check(z.uuid()) }),
  ),
  'VerifyOtpResponse',
  '`data.session_id` is a new id: the verified session that reset-pin takes.',
)

/** 200 of reset-pin. */
export const resetPinResponseSchema = register(
  pinEnvelope(PIN_MESSAGES.resetPin, z.looseObject({ success: z.boolean(), message: z.string() })),
  'ResetPinResponse',
  'The PIN is replaced and the session deleted.',
)

/** Codes of PIN refusals, and the one of injected faults. */
const PIN_ERROR_CODE_VALUES = [...Object.values(PIN_ERROR_CODES), 'injected_fault'] as const

/** Every PIN refusal: the module envelope plus `code`. */
export const pinErrorBodySchema = register(
  z.looseObject({
    status_code: z.int(),
    message: z.string(),
    code: z.enum(PIN_ERROR_CODE_VALUES),
    data: z.nullable(
      z.looseObject({
        attempts_remaining: z.optional(z.int().check(z.nonnegative())),
        locked_until: z.optional(z.iso.datetime({ offset: true })),
        retry_after_seconds: z.optional(z.int().check(z.positive())),
      }),
    ),
  }),
  'PinErrorBody',
  'A PIN module refusal: the module envelope plus `code`. `data` carries ' +
    '`attempts_remaining` (422 `wrong_pin`, `otp_invalid`) or ' +
    '`locked_until` and `retry_after_seconds` (429 `pin_locked`), otherwise ' +
    'null.',
)
