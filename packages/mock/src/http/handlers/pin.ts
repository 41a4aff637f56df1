/**
 * @module handlers/pin
 * The PIN module's six routes: parse the body, call the domain, shape the documented envelope data.
 */
import { PIN_MESSAGES } from '@merchant-gateway/contract'
import { changePin, setPin, verifyPin } from '../../domain/pins.js'
import { forgotPin, resetPin, verifyOtp, type Contact } from '../../domain/pin-reset.js'
import { RuleError } from '../../domain/rule-error.js'
import { isEmail, phoneProblem } from '../../domain/users.js'
import { pinRoute } from '../pin-pipeline.js'
import type { GatewayRuntime } from '../runtime.js'

/** POST set-pin, verify-pin, change-pin, forgot-pin, verify-otp, reset-pin. */
export function pinHandlers(runtime: GatewayRuntime) {
  return [
    pinRoute(runtime, {
      operation: 'setPin',
      parse: (body) => pinField(body, 'pin'),
      run: (ctx, user, pin) => setPin(ctx, user!, pin),
    }),
    pinRoute(runtime, {
      operation: 'verifyPin',
      parse: (body) => pinField(body, 'pin'),
      run: (ctx, user, pin) => verifyPin(ctx, user!, pin),
    }),
    pinRoute(runtime, {
      operation: 'changePin',
      parse: (body) => ({ current: pinField(body, 'current_pin'), next: pinField(body, 'new_pin') }),
      run: (ctx, user, input) => changePin(ctx, user!, input.current, input.next),
    }),
    pinRoute(runtime, {
      operation: 'forgotPin',
      parse: contactOf,
      run: async (ctx, user, contact) => {
        const opened = await forgotPin(ctx, user!, contact)
        return { session_id: opened.sessionId, expires_at: opened.expiresInSeconds }
      },
    }),
    pinRoute(runtime, {
      operation: 'verifyOtp',
      parse: (body) => ({
        contact: contactOf(body),
        code: field(body, 'otp_code'),
        sessionId: field(body, 'session_id'),
      }),
      run: async (ctx, user, input) => ({
        success: true,
        message: PIN_MESSAGES.verifyOtp,
        session_id: await verifyOtp(ctx, user!, input),
      }),
    }),
    pinRoute(runtime, {
      operation: 'resetPin',
      parse: (body) => ({ sessionId: field(body, 'session_id'), newPin: pinField(body, 'new_pin') }),
      run: async (ctx, user, input) => {
        await resetPin(ctx, user, input)
        return { success: true, message: PIN_MESSAGES.resetPin }
      },
    }),
  ]
}

/** A required string field (at most 255 characters), or a 400 naming it. */
function field(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  if (typeof value !== 'string' || value.length === 0)
    throw new RuleError(400, `${name} is required (a string)`, 'invalid_request')
  if (value.length > 255) throw new RuleError(400, `${name} must be at most 255 characters`, 'invalid_request')
  return value
}

/**
 * A PIN field: missing is an incomplete request (`invalid_request`); present but not a string (a number,
 * say) is a malformed PIN (`invalid_pin_format`), as a string of the wrong shape is (checked by the domain).
 */
function pinField(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  if (value === undefined || value === null)
    throw new RuleError(400, `${name} is required (a string of 6 digits)`, 'invalid_request')
  if (typeof value !== 'string')
    throw new RuleError(400, `${name} must be exactly 6 digits, as a string`, 'invalid_pin_format')
  return value
}

/** Exactly one contact: `email`, or `phone_code` + `country_code` + `phone_number`. */
function contactOf(body: Record<string, unknown>): Contact {
  const hasEmail = body.email !== undefined
  const phoneFields = ['phone_code', 'country_code', 'phone_number'].filter((k) => body[k] !== undefined)
  if (hasEmail === phoneFields.length > 0) {
    throw new RuleError(400, 'Give either email, or phone_code, country_code and phone_number', 'invalid_contact')
  }
  if (hasEmail) {
    if (!isEmail(body.email)) throw new RuleError(400, 'email must be an e-mail address', 'invalid_contact')
    return { channel: 'email', email: body.email }
  }
  const phone = { phoneCode: body.phone_code, countryCode: body.country_code, phoneNumber: body.phone_number }
  const problem = phoneProblem(phone)
  if (problem) throw new RuleError(400, problem, 'invalid_contact')
  return { channel: 'phone', phone: phone as { phoneCode: string; countryCode: string; phoneNumber: string } }
}
