/**
 * @module error-codes
 * The `error.code` values of code-style error bodies: the two the service documents
 * (`missing_idempotent_key`, `invalid_authentication`) and the ones this project decided for the
 * cases the service leaves open (docs/decisions.md). Each comment starts with the status the code
 * comes with; docs/errors.md lists the same, and a test holds the two and the mock to one truth.
 */

/**
 * Code-style error codes, each key mapped to itself so both `ERROR_CODES.qr_expired` and
 * `Object.values(ERROR_CODES)` work.
 *
 * @example
 * ```ts
 * const body = { error: { code: ERROR_CODES.insufficient_funds, message, request_id } }
 * ```
 */
export const ERROR_CODES = {
  /** 400: refund or payout without X-Idempotent-Key (from 2026-01-20, release 1.3.0). */
  missing_idempotent_key: 'missing_idempotent_key',
  /** 400: X-Idempotent-Key empty or longer than 255 characters (from 2026-01-27, release 1.3.0). */
  invalid_idempotent_key: 'invalid_idempotent_key',
  /** 409: a request with the same key is still being processed. */
  idempotency_key_in_use: 'idempotency_key_in_use',
  /** 422: the same key was used within 24 hours for another request (another body or operation). */
  idempotency_key_mismatch: 'idempotency_key_mismatch',
  /**
   * 401: obsolete authentication headers (X-App-Id, X-Timestamp on a standard endpoint) from 2026-03-16 (release
   * 1.4.0).
   */
  invalid_authentication: 'invalid_authentication',
  /** 401: X-Signature does not match the body and X-Timestamp. */
  invalid_signature: 'invalid_signature',
  /** 401: the mock's strict mode only: an X-Signature sent again with another X-Idempotent-Key (or none). */
  replayed_signature: 'replayed_signature',
  /** 401: X-Timestamp outside the allowed skew. */
  invalid_timestamp: 'invalid_timestamp',
  /** 409: cancel of an order that is neither pending nor processing. */
  order_not_cancellable: 'order_not_cancellable',
  /** 422: refund of an order that was never paid or was cancelled. */
  order_not_refundable: 'order_not_refundable',
  /** 422: refund above the amount not yet refunded. */
  refund_exceeds_remaining: 'refund_exceeds_remaining',
  /** 422: refund or payout above the usable balance. */
  insufficient_funds: 'insufficient_funds',
  /** 422: payment against a QR code past its expiry (the mock's control API, acting as the customer). */
  qr_expired: 'qr_expired',
} as const

/**
 * A code-style error code.
 *
 * @example
 * ```ts
 * const code: ErrorCode = 'invalid_signature'
 * ```
 */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/**
 * Whether `value` is one of {@link ERROR_CODES}.
 *
 * @example
 * ```ts
 * isErrorCode(body.error.code) // true for 'qr_expired'
 * ```
 */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value)
}
