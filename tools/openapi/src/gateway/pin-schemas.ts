/**
 * @module openapi-tools/gateway/pin-schemas
 * The component names and descriptions the document gives the contract's PIN module schemas (its requests
 * and answers are the contract's `PIN_REQUESTS` and `PIN_RESPONSES`, built from the zod-free `PIN_RULES`
 * and `PIN_MESSAGES`), and the schema of a PIN refusal's body, which the document describes. The texts are
 * built from the same constants, so a changed rule changes the document.
 */
import {
  changePinRequestSchema,
  emailContactSchema,
  forgotPinRequestSchema,
  PIN_ERROR_CODES,
  PIN_RESPONSES,
  duration,
  ordinal,
  PIN_RULES,
  phoneContactSchema,
  pinSchema,
  resetPinRequestSchema,
  setPinRequestSchema,
  verifyOtpRequestSchema,
  verifyPinRequestSchema,
} from '@merchant-gateway/contract'
import * as z from 'zod/mini'

const register = <T extends z.core.$ZodType>(schema: T, id: string, description: string): T => {
  z.globalRegistry.add(schema, { id, description })
  return schema
}

register(
  pinSchema,
  'Pin',
  'A PIN: exactly 6 digits, as a string. Any other form is 400 ' +
    '`invalid_pin_format` and never counts as a wrong attempt.',
)
register(emailContactSchema, 'EmailContact', 'The contact by e-mail: an address of the signed-in user.')
register(
  phoneContactSchema,
  'PhoneContact',
  'The contact by phone: calling code (digits), ISO 3166-1 alpha-2 country code, and the number (digits).',
)
register(
  setPinRequestSchema,
  'SetPinRequest',
  'Set PIN: only when the user has none (otherwise 409 `pin_already_set`; use change-pin).',
)
register(
  verifyPinRequestSchema,
  'VerifyPinRequest',
  `Verify PIN. A wrong PIN is 422 \`wrong_pin\`; the ` +
    `${ordinal(PIN_RULES.wrongAttemptsPerBlock)} wrong PIN in a row (and every ` +
    `${ordinal(PIN_RULES.wrongAttemptsPerBlock)} after it) blocks the user for ${PIN_RULES.blockSeconds} ` +
    `s: 429 \`pin_locked\`. A right PIN clears the counter.`,
)
register(
  changePinRequestSchema,
  'ChangePinRequest',
  'Change PIN: `current_pin` must match (a wrong one counts like a wrong ' +
    'verify-pin), `new_pin` must differ (422 `pin_unchanged`).',
)
register(
  forgotPinRequestSchema,
  'ForgotPinRequest',
  `Request a reset code: exactly one contact, e-mail or phone, that ` +
    `belongs to the signed-in user and is verified. Opens a reset session ` +
    `of ${PIN_RULES.otpSessionSeconds} s and sends a one-time code.`,
)
register(
  verifyOtpRequestSchema,
  'VerifyOtpRequest',
  `Verify the reset code: the same contact as forgot-pin, \`otp_code\` (6 ` +
    `digits) and its \`session_id\`. A wrong code is 422 \`otp_invalid\`; ` +
    `the ${ordinal(PIN_RULES.otpMaxWrongCodes)} ends the session.`,
)
register(
  resetPinRequestSchema,
  'ResetPinRequest',
  'Reset PIN with the verified `session_id` from verify-otp (single use, ' +
    `${duration(PIN_RULES.otpSessionSeconds)}). A missing, used or expired session is 400 ` +
    '`reset_session_invalid`.',
)
register(PIN_RESPONSES.setPin, 'SetPinResponse', 'The PIN module envelope; `data` is null.')
register(
  PIN_RESPONSES.verifyPin,
  'VerifyPinResponse',
  'The PIN module envelope; `data` is null. The message is the one-time-code text, as the service documents it.',
)
register(PIN_RESPONSES.changePin, 'ChangePinResponse', 'The PIN module envelope; `data` is null.')
register(
  PIN_RESPONSES.forgotPin,
  'ForgotPinResponse',
  `\`data.session_id\` identifies the reset session; \`data.expires_at\` ` +
    `is its lifetime in seconds (${PIN_RULES.otpSessionSeconds}), not a ` +
    `point in time.`,
)
register(
  PIN_RESPONSES.verifyOtp,
  'VerifyOtpResponse',
  '`data.session_id` is a new id: the verified session that reset-pin takes.',
)
register(PIN_RESPONSES.resetPin, 'ResetPinResponse', 'The PIN is replaced and the session deleted.')

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
