/**
 * @module error-classes
 * The subclasses of {@link GatewayError}, one per way a call can fail. Each has a literal `name`, so
 * the guards in `guards.ts` recognise errors from another realm (an iframe, a worker, a second copy
 * of the SDK) where `instanceof` fails.
 */
import type { RefusalCodeAt } from '@merchant-gateway/contract/constants'
import { GatewayError } from './gateway-error.js'

/** The codes an idempotency refusal carries, each with its own class. */
type IdempotencyCode = 'idempotency_key_in_use' | 'idempotency_key_mismatch' | 'missing_idempotent_key'

/** The PIN module's codes that have a class of their own (`pin-errors.ts`). */
type PinClassCode =
  | 'wrong_pin'
  | 'pin_locked'
  | 'pin_already_set'
  | 'pin_not_set'
  | 'otp_invalid'
  | 'otp_session_invalid'
  | 'reset_session_invalid'

/**
 * The request was refused as invalid (400, 405, 409, 413, 422 without an idempotency code): a field,
 * an amount, or a state rule such as `order_not_cancellable`, `refund_exceeds_remaining`,
 * `insufficient_funds`. Branch on `code`.
 *
 * @example
 * ```ts
 * if (error instanceof InvalidRequestError && error.code === 'insufficient_funds') showTopUp()
 * ```
 */
export class InvalidRequestError extends GatewayError {
  override readonly name: string = 'InvalidRequestError'
  /** The refusal's code (the contract's codes of a 400, 405, 409, 413, 414, 415 or 422); undefined without one. */
  declare readonly code:
    | Exclude<RefusalCodeAt<400 | 405 | 409 | 413 | 414 | 415 | 422>, IdempotencyCode | PinClassCode>
    | undefined
}

/**
 * The SDK refused the call before sending it; `message` says what to fix. Nothing reached the gateway.
 *
 * @example
 * ```ts
 * // ClientValidationError: amount must have at most 2 decimal places for USD
 * await gateway.orders.create({ storeId: 101, amount: 1.005, currency: 'USD' })
 * ```
 */
export class ClientValidationError extends InvalidRequestError {
  override readonly name = 'ClientValidationError'
}

/**
 * 401: the API key is unknown, the signature or timestamp is wrong (`invalid_signature`,
 * `invalid_timestamp`), or obsolete headers were sent (`invalid_authentication`).
 *
 * @example
 * ```ts
 * if (error instanceof AuthenticationError && error.code === 'invalid_timestamp') checkServerClock()
 * ```
 */
export class AuthenticationError extends GatewayError {
  override readonly name = 'AuthenticationError'
  /** The refusal's code (the contract's codes of a 401), `access_token_unavailable` for the PIN client's own. */
  declare readonly code: RefusalCodeAt<401 | 403> | 'access_token_unavailable' | undefined
}

/**
 * 404: the store, order or transaction does not exist or belongs to another merchant.
 *
 * @example
 * ```ts
 * if (error instanceof NotFoundError) return null
 * ```
 */
export class NotFoundError extends GatewayError {
  override readonly name = 'NotFoundError'
  /** The refusal's code (the PIN module's `contact_not_found`, `not_found`); the gateway's 404s have none. */
  declare readonly code: RefusalCodeAt<404> | undefined
}

/**
 * A problem with the idempotency key of a refund or payout. See the three subclasses.
 *
 * @example
 * ```ts
 * if (error instanceof IdempotencyError) console.log('key', error.idempotencyKey)
 * ```
 */
export class IdempotencyError extends GatewayError {
  override readonly name: string = 'IdempotencyError'
  /** Which problem of the key: each has its subclass. */
  declare readonly code: IdempotencyCode | undefined
}

/**
 * 409 `idempotency_key_in_use`: the first request with this key is still running. The SDK retries it
 * by itself; this error means the retries ran out. Retry later with the same key.
 *
 * @example
 * ```ts
 * if (error instanceof IdempotencyKeyInUseError) await retryLater(error.idempotencyKey)
 * ```
 */
export class IdempotencyKeyInUseError extends IdempotencyError {
  override readonly name = 'IdempotencyKeyInUseError'
  declare readonly code: 'idempotency_key_in_use'
}

/**
 * 422 `idempotency_key_mismatch`: the key was used within 24 hours for a different request. Use a new key
 * for a new request.
 *
 * @example
 * ```ts
 * if (error instanceof IdempotencyKeyMismatchError) reportBug(error.idempotencyKey)
 * ```
 */
export class IdempotencyKeyMismatchError extends IdempotencyError {
  override readonly name = 'IdempotencyKeyMismatchError'
  declare readonly code: 'idempotency_key_mismatch'
}

/**
 * 400 `missing_idempotent_key`: the gateway requires X-Idempotent-Key (the SDK always sends one, so
 * this means a proxy dropped it).
 *
 * @example
 * ```ts
 * if (error instanceof IdempotencyKeyMissingError) checkProxyHeaders()
 * ```
 */
export class IdempotencyKeyMissingError extends IdempotencyError {
  override readonly name = 'IdempotencyKeyMissingError'
  declare readonly code: 'missing_idempotent_key'
}

/**
 * 429: too many requests. Retried by the SDK with backoff; this error means the retries ran out.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) await slowDown()
 * ```
 */
export class RateLimitError extends GatewayError {
  override readonly name = 'RateLimitError'
  /** The refusal's code (the PIN module's `too_many_reset_requests`); the gateway's 429s have none. */
  declare readonly code: Exclude<RefusalCodeAt<429>, PinClassCode> | undefined
}

/**
 * 5xx: the gateway failed. Retried for safe calls; for create order, QR and cancel the SDK cannot know
 * whether the request took effect, so it does not retry unless `retryUnsafe` is set.
 *
 * @example
 * ```ts
 * if (error instanceof ServerError) console.log(error.status, error.traceId)
 * ```
 */
export class ServerError extends GatewayError {
  override readonly name = 'ServerError'
  /** The PIN module's `internal_error`, or `injected_fault` for a fault injected into a mock; else undefined. */
  declare readonly code: RefusalCodeAt<500> | undefined
}

/**
 * No answer: the connection failed or was dropped. The request may or may not have reached the gateway.
 *
 * @example
 * ```ts
 * if (error instanceof ConnectionError) queueForRetry(error.idempotencyKey)
 * ```
 */
export class ConnectionError extends GatewayError {
  override readonly name = 'ConnectionError'
  /** No answer carried a code. */
  declare readonly code: undefined
}

/**
 * No answer in time: an attempt exceeded `timeout`, or the whole call exceeded `deadline`.
 *
 * @example
 * ```ts
 * if (error instanceof RequestTimeoutError) console.log(`gave up after ${error.attempts} attempts`)
 * ```
 */
export class RequestTimeoutError extends GatewayError {
  override readonly name = 'RequestTimeoutError'
  /** No answer carried a code. */
  declare readonly code: undefined
}

/**
 * The caller's `signal` aborted the call; `cause` is the signal's reason.
 *
 * @example
 * ```ts
 * if (error instanceof RequestAbortedError) return // the user navigated away
 * ```
 */
export class RequestAbortedError extends GatewayError {
  override readonly name = 'RequestAbortedError'
  /** No answer carried a code. */
  declare readonly code: undefined
}

/**
 * The gateway answered 2xx with a body the contract does not allow. `issues` says what was wrong,
 * `body` holds what arrived. Turn validation off with `validateResponses: false` to accept it anyway.
 *
 * @example
 * ```ts
 * if (error instanceof ResponseValidationError) log(error.issues, error.body)
 * ```
 */
export class ResponseValidationError extends GatewayError {
  override readonly name = 'ResponseValidationError'
  /** No answer carried a code. */
  declare readonly code: undefined
  /** A readable list of what did not match the contract. */
  declare readonly issues: string

  constructor(message: string, issues: string, init: ConstructorParameters<typeof GatewayError>[1] = {}) {
    super(message, init)
    this.issues = issues
  }
}
