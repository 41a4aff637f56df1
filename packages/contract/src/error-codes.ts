/**
 * @module error-codes
 * The `error.code` values of code-style error bodies: the two SPEC.md documents
 * (`missing_idempotent_key`, `invalid_authentication`) and the ones this project decided
 * for the cases SPEC.md leaves "not shown".
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
  /** SPEC: refund or payout without X-Idempotent-Key (from the 1.3.0 rejection date). */
  missing_idempotent_key: 'missing_idempotent_key',
  /** Ours: X-Idempotent-Key empty or longer than 255 characters. */
  invalid_idempotent_key: 'invalid_idempotent_key',
  /** Ours: a request with the same key is still being processed (409). */
  idempotency_key_in_use: 'idempotency_key_in_use',
  /** Ours: the same key was used with a different request body. */
  idempotency_key_mismatch: 'idempotency_key_mismatch',
  /** SPEC: obsolete authentication headers after the 1.4.0 rejection date. */
  invalid_authentication: 'invalid_authentication',
  /** Ours: X-Signature missing or does not match. */
  invalid_signature: 'invalid_signature',
  /** Ours: X-Timestamp missing, not decimal seconds, or outside the allowed skew. */
  invalid_timestamp: 'invalid_timestamp',
  /** Ours: cancel of an order that is neither pending nor processing. */
  order_not_cancellable: 'order_not_cancellable',
  /** Ours: refund of an order that was never paid or was cancelled. */
  order_not_refundable: 'order_not_refundable',
  /** Ours: refund above the amount not yet refunded. */
  refund_exceeds_remaining: 'refund_exceeds_remaining',
  /** Ours: payout above the usable balance. */
  insufficient_funds: 'insufficient_funds',
  /** Ours: payment against a QR code past its expiry (the mock's control API, acting as the customer). */
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
