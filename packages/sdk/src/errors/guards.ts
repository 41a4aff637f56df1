/**
 * @module guards
 * Type guards that work across realms: an error thrown by another copy of the SDK (a second bundle,
 * an iframe, a worker) fails `instanceof`, so the guards also accept an object whose `name` is one
 * of the SDK's error names.
 */
import type {
  AuthenticationError,
  ConnectionError,
  IdempotencyError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
  ResponseValidationError,
  ServerError,
} from './classes.js'
import type { GatewayError } from './gateway-error.js'
import type {
  InvalidOtpError,
  PinAlreadySetError,
  PinLockedError,
  PinNotSetError,
  ResetSessionError,
  WrongPinError,
} from './pin-errors.js'
import type { WebhookSignatureError } from './webhook-signature-error.js'

/** Every error name the SDK uses, with the names of the classes each one extends. */
const FAMILY: Readonly<Record<string, readonly string[]>> = {
  GatewayError: ['GatewayError'],
  InvalidRequestError: ['GatewayError', 'InvalidRequestError'],
  ClientValidationError: ['GatewayError', 'InvalidRequestError', 'ClientValidationError'],
  AuthenticationError: ['GatewayError', 'AuthenticationError'],
  NotFoundError: ['GatewayError', 'NotFoundError'],
  IdempotencyError: ['GatewayError', 'IdempotencyError'],
  IdempotencyKeyInUseError: ['GatewayError', 'IdempotencyError', 'IdempotencyKeyInUseError'],
  IdempotencyKeyMismatchError: ['GatewayError', 'IdempotencyError', 'IdempotencyKeyMismatchError'],
  IdempotencyKeyMissingError: ['GatewayError', 'IdempotencyError', 'IdempotencyKeyMissingError'],
  RateLimitError: ['GatewayError', 'RateLimitError'],
  ServerError: ['GatewayError', 'ServerError'],
  ConnectionError: ['GatewayError', 'ConnectionError'],
  RequestTimeoutError: ['GatewayError', 'RequestTimeoutError'],
  RequestAbortedError: ['GatewayError', 'RequestAbortedError'],
  ResponseValidationError: ['GatewayError', 'ResponseValidationError'],
  WrongPinError: ['GatewayError', 'WrongPinError'],
  PinLockedError: ['GatewayError', 'PinLockedError'],
  PinAlreadySetError: ['GatewayError', 'PinAlreadySetError'],
  PinNotSetError: ['GatewayError', 'PinNotSetError'],
  InvalidOtpError: ['GatewayError', 'InvalidOtpError'],
  ResetSessionError: ['GatewayError', 'ResetSessionError'],
  WebhookSignatureError: ['GatewayError', 'WebhookSignatureError'],
}

// By name alone, for this realm's errors too (an SDK error's class always has its name): so a guard does not
// import the classes, and `isGatewayError` from `/errors` stays a few hundred bytes in a browser bundle.
function is(name: string, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const candidate = (value as { name?: unknown }).name
  return typeof candidate === 'string' && Object.hasOwn(FAMILY, candidate) && FAMILY[candidate]!.includes(name)
}

/**
 * True for any error the SDK throws, from this realm or another.
 *
 * @example
 * ```ts
 * catch (error) { if (isGatewayError(error)) log(error.traceId) else throw error }
 * ```
 */
export const isGatewayError = (value: unknown): value is GatewayError => is('GatewayError', value)

/**
 * True for an invalid request (including client-side validation).
 *
 * @example
 * ```ts
 * if (isInvalidRequestError(error) && error.code === 'refund_exceeds_remaining') ...
 * ```
 */
export const isInvalidRequestError = (value: unknown): value is InvalidRequestError => is('InvalidRequestError', value)

/**
 * True for a 401.
 *
 * @example
 * ```ts
 * if (isAuthenticationError(error)) rotateCredentials()
 * ```
 */
export const isAuthenticationError = (value: unknown): value is AuthenticationError => is('AuthenticationError', value)

/**
 * True for a 404.
 *
 * @example
 * ```ts
 * if (isNotFoundError(error)) return undefined
 * ```
 */
export const isNotFoundError = (value: unknown): value is NotFoundError => is('NotFoundError', value)

/**
 * True for any idempotency problem (key in use, mismatch, missing).
 *
 * @example
 * ```ts
 * if (isIdempotencyError(error)) console.log(error.idempotencyKey)
 * ```
 */
export const isIdempotencyError = (value: unknown): value is IdempotencyError => is('IdempotencyError', value)

/**
 * True for a 429 after the retries ran out.
 *
 * @example
 * ```ts
 * if (isRateLimitError(error)) await backOff()
 * ```
 */
export const isRateLimitError = (value: unknown): value is RateLimitError => is('RateLimitError', value)

/**
 * True for a 5xx.
 *
 * @example
 * ```ts
 * if (isServerError(error)) alertOnCall(error.traceId)
 * ```
 */
export const isServerError = (value: unknown): value is ServerError => is('ServerError', value)

/**
 * True when no answer arrived (connection failed or dropped).
 *
 * @example
 * ```ts
 * if (isConnectionError(error)) retryLater(error.idempotencyKey)
 * ```
 */
export const isConnectionError = (value: unknown): value is ConnectionError => is('ConnectionError', value)

/**
 * True when an attempt or the whole call ran out of time.
 *
 * @example
 * ```ts
 * if (isRequestTimeoutError(error)) retryLater(error.idempotencyKey)
 * ```
 */
export const isRequestTimeoutError = (value: unknown): value is RequestTimeoutError => is('RequestTimeoutError', value)

/**
 * True when the caller's signal aborted the call.
 *
 * @example
 * ```ts
 * if (isRequestAbortedError(error)) return
 * ```
 */
export const isRequestAbortedError = (value: unknown): value is RequestAbortedError => is('RequestAbortedError', value)

/**
 * True when a 2xx body broke the contract.
 *
 * @example
 * ```ts
 * if (isResponseValidationError(error)) report(error.issues)
 * ```
 */
export const isResponseValidationError = (value: unknown): value is ResponseValidationError =>
  is('ResponseValidationError', value)

/**
 * True for a wrong PIN (verify-pin, or the current PIN of change-pin).
 *
 * @example
 * ```ts
 * if (isWrongPinError(error)) showHint(`${error.attemptsRemaining} attempts left`)
 * ```
 */
export const isWrongPinError = (value: unknown): value is WrongPinError => is('WrongPinError', value)

/**
 * True when the PIN is blocked after too many wrong attempts.
 *
 * @example
 * ```ts
 * if (isPinLockedError(error)) showCountdown(error.lockedUntil)
 * ```
 */
export const isPinLockedError = (value: unknown): value is PinLockedError => is('PinLockedError', value)

/**
 * True for set-pin on a user who already has a PIN.
 *
 * @example
 * ```ts
 * if (isPinAlreadySetError(error)) goTo('/settings/change-pin')
 * ```
 */
export const isPinAlreadySetError = (value: unknown): value is PinAlreadySetError => is('PinAlreadySetError', value)

/**
 * True for verify-pin or change-pin on a user who has no PIN.
 *
 * @example
 * ```ts
 * if (isPinNotSetError(error)) goTo('/settings/set-pin')
 * ```
 */
export const isPinNotSetError = (value: unknown): value is PinNotSetError => is('PinNotSetError', value)

/**
 * True for a wrong one-time code of a PIN reset.
 *
 * @example
 * ```ts
 * if (isInvalidOtpError(error)) showHint(`${error.attemptsRemaining} attempts left`)
 * ```
 */
export const isInvalidOtpError = (value: unknown): value is InvalidOtpError => is('InvalidOtpError', value)

/**
 * True when a PIN reset session is missing, expired or already used.
 *
 * @example
 * ```ts
 * if (isResetSessionError(error)) restartReset()
 * ```
 */
export const isResetSessionError = (value: unknown): value is ResetSessionError => is('ResetSessionError', value)

/**
 * True when a webhook delivery was refused by `verifyWebhook` (missing or wrong signature, stale
 * timestamp, or a body that is not the raw payload); `reason` says which.
 *
 * @example
 * ```ts
 * if (isWebhookSignatureError(error)) return Response.json({ error: error.message }, {
 *   status: error.reason === 'invalid_body' ? 400 : 401 })
 * ```
 */
export const isWebhookSignatureError = (value: unknown): value is WebhookSignatureError =>
  is('WebhookSignatureError', value)
