/**
 * @module pin-error-from-response
 * The one place where a PIN module refusal becomes an error class. The refusal body is the PIN
 * envelope plus a `code` (`{status_code, message, code, data}`); the code decides the class, and the
 * details in `data` (`attempts_remaining`, `locked_until`, `retry_after_seconds`) become fields.
 *
 * The gateway documents only statuses for the PIN module (422 wrong PIN on verify-pin, 429 blocked, 400
 * reset-pin with a missing or expired session), so a body without a known `code` falls back to those
 * statuses, per operation; anything else gets a class by status, with the raw body kept.
 */
import { PIN_ERROR_CODES, type PinOperation } from '@merchant-gateway/contract/constants'
import { errorForStatus } from '../errors/by-status.js'
import type { GatewayError, GatewayErrorInit } from '../errors/gateway-error.js'
import {
  InvalidOtpError,
  PinAlreadySetError,
  PinLockedError,
  PinNotSetError,
  ResetSessionError,
  WrongPinError,
} from '../errors/pin-errors.js'

/**
 * What the client knows when a PIN call ends with a refusal.
 *
 * @example
 * ```ts
 * const input: PinErrorResponse = {
 *   status: 422,
 *   body: { status_code: 422, message: 'Wrong PIN', code: 'wrong_pin', data: { attempts_remaining: 3 } },
 *   operation: 'verifyPin',
 * }
 * pinErrorFromResponse(input) // WrongPinError, attemptsRemaining 3
 * ```
 */
export interface PinErrorResponse {
  /** HTTP status of the answer (or the envelope's `status_code` when it reports a refusal under HTTP 2xx). */
  status: number
  /** The body as received, parsed when it was JSON. */
  body: unknown
  /** Which call it was; used only when the body has no known `code` (see the module comment). */
  operation?: PinOperation
  /** `X-Trace-Id` of the answer, if any. */
  traceId?: string
  /** The `Retry-After` header, if any. */
  retryAfter?: string | null
  /** What the error was built from (the transport passes ky's HTTPError). */
  cause?: unknown
}

const C = PIN_ERROR_CODES

/**
 * Builds the error for a PIN module refusal.
 *
 * @example
 * ```ts
 * pinErrorFromResponse({
 *   status: 429,
 *   body: { status_code: 429, message: 'PIN locked', code: 'pin_locked', data: {
 *     locked_until: '2026-11-02T09:01:00.000Z', retry_after_seconds: 60 } },
 * })
 * // PinLockedError, lockedUntil 2026-11-02T09:01:00.000Z, retryAfterSeconds 60
 * ```
 */
export function pinErrorFromResponse(response: PinErrorResponse): GatewayError {
  const { status, body, operation } = response
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const rawCode = record.code
  const code = typeof rawCode === 'string' ? rawCode : undefined
  const data = typeof record.data === 'object' && record.data !== null ? (record.data as Record<string, unknown>) : {}
  const message =
    typeof record.message === 'string' && record.message !== '' ? record.message : `The PIN service answered ${status}`
  const init: GatewayErrorInit = {
    status,
    body,
    attempts: 1,
    code,
    traceId: response.traceId,
    cause: response.cause,
  }
  const attemptsRemaining = count(data.attempts_remaining)
  const known = code !== undefined && Object.hasOwn(C, code)
  const pinCheck = operation === 'verifyPin' || operation === 'changePin'

  if (code === C.wrong_pin || (!known && status === 422 && pinCheck))
    return new WrongPinError(message, { ...init, attemptsRemaining })
  if (code === C.pin_locked || (!known && status === 429 && pinCheck)) {
    const until = typeof data.locked_until === 'string' ? new Date(data.locked_until) : undefined
    return new PinLockedError(message, {
      ...init,
      lockedUntil: until && !Number.isNaN(until.getTime()) ? until : undefined,
      retryAfterSeconds: count(data.retry_after_seconds) ?? count(Number(response.retryAfter ?? Number.NaN)),
    })
  }
  if (code === C.pin_already_set) return new PinAlreadySetError(message, init)
  if (code === C.pin_not_set) return new PinNotSetError(message, init)
  if (code === C.otp_invalid) return new InvalidOtpError(message, { ...init, attemptsRemaining })
  if (
    code === C.otp_session_invalid ||
    code === C.reset_session_invalid ||
    (!known && status === 400 && operation === 'resetPin')
  ) {
    return new ResetSessionError(message, init)
  }
  return errorForStatus(status, message, init)
}

/** A whole number >= 0, else undefined. */
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined
}
