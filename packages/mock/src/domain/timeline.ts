/**
 * @module timeline
 * Every rule that depends on the date, judged by the mock clock, in one place. The release timelines
 * of SPEC.md (Versioning) decide when the idempotency key becomes mandatory (1.3.0) and when the
 * obsolete authentication headers are refused (1.4.0).
 */
import { RELEASES } from '@merchant-gateway/contract'

/**
 * What the gateway enforces at a point in time.
 *
 * @example
 * ```ts
 * const policy: ReleasePolicy = policyAt(Date.parse('2026-02-01T00:00:00Z'))
 * policy.requireIdempotencyKey // true (from January 20, 2026)
 * policy.rejectObsoleteHeaders // false (until March 16, 2026)
 * ```
 */
export interface ReleasePolicy {
  /** From 1.3.0's rejection date (January 20, 2026): refund and payout without X-Idempotent-Key get 400. */
  requireIdempotencyKey: boolean
  /** From 1.4.0's rejection date (March 16, 2026): X-App-Id anywhere, or X-Timestamp on a standard endpoint, gets 401. */
  rejectObsoleteHeaders: boolean
}

/**
 * The policy in force at `nowMs`.
 *
 * @example
 * ```ts
 * policyAt(Date.parse('2026-03-15T23:59:59Z')).rejectObsoleteHeaders // false
 * policyAt(Date.parse('2026-03-16T00:00:00Z')).rejectObsoleteHeaders // true
 * ```
 */
export function policyAt(nowMs: number): ReleasePolicy {
  return {
    requireIdempotencyKey: nowMs >= RELEASES['1.3.0'].rejection,
    rejectObsoleteHeaders: nowMs >= RELEASES['1.4.0'].rejection,
  }
}
