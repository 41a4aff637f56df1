/**
 * @module limits
 * Every numeric limit of the contract in one place: the values the service documents and the values the
 * project decided where the service leaves them open (marked below).
 */

// Durations are written out in milliseconds rather than computed (`24 * HOUR_MS`): an object of
// literals is one a bundler can drop from an app that does not use it, one with arithmetic it keeps.

/**
 * Limits of the gateway and PIN module.
 *
 * @example
 * ```ts
 * if (key.length > LIMITS.idempotencyKeyMaxLength) throw new Error('idempotency key too long')
 * const expiresAt = now + LIMITS.qrValidityMs
 * ```
 */
export const LIMITS = {
  /** Documented: any non-empty string up to 255 characters. */
  idempotencyKeyMaxLength: 255,
  /** Documented: the same key within 24 hours returns the cached original result. */
  idempotencyWindowMs: 86_400_000, // 24 h
  /** Documented: QR codes are typically valid for 30 minutes. */
  qrValidityMs: 1_800_000, // 30 min
  /** Decision (undocumented): allowed skew between X-Timestamp and the server clock, either direction. */
  signatureToleranceSeconds: 300,
  /**
   * Decision (undocumented): the largest single amount, in minor units
   * (10 000 000 000.00 USD or 1 000 000 000 000 KHR). Keeps every sum of amounts far below
   * `Number.MAX_SAFE_INTEGER`, so integer arithmetic on minor units stays exact.
   */
  maxAmountMinor: 1_000_000_000_000,
  /** Documented: refunds take 3-5 business days. */
  refundBusinessDays: { min: 3, max: 5 },
  /** Documented: payouts take 1-2 business days. */
  payoutBusinessDays: { min: 1, max: 2 },
  /** Decision: largest accepted request body, in bytes (64 KiB). */
  maxBodyBytes: 65_536,
  /**
   * Decision: longest decimal id string (`"1024"`): 16 digits, and the value must be a safe integer,
   * so `order_id: "1024"` and `orderId: 1024` always name the same record exactly.
   */
  maxIdLength: 16,
  /** Decision: longest payout account number / account id. */
  maxAccountNumberLength: 64,
  /** Decision: longest free text (reason, description, remark, names). */
  maxTextLength: 500,
  /** Decision: longest store name. */
  maxStoreNameLength: 200,
  /** Decision: longest request URL (path and query), in characters: 414 over it, as common servers answer (8 KiB). */
  maxUrlLength: 8192,
} as const
