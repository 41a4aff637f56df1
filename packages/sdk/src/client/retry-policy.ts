/**
 * @module retry-policy
 * Which failures are retried: the SDK's own policy, which ky's `shouldRetry` asks (ky does the waiting,
 * the backoff with jitter and `Retry-After`). Repeating is safe for GET (and the reading POSTs),
 * and for refund and payout, which carry one idempotency key across attempts. Create order, QR and
 * cancel are retried only when the gateway refused them before doing anything (429), unless the caller
 * opts in with `retryUnsafe`: after a network error, a timeout or a 5xx the request may have taken effect.
 */
import { ERROR_CODES } from '@merchant-gateway/contract'

/** What ended an attempt without a usable answer. */
export type AttemptFailure =
  | { kind: 'status'; status: number; code: string | undefined; retryAfter: string | null }
  | { kind: 'network' }
  | { kind: 'timeout' }

/**
 * True when the failure may be retried. `retryable` says whether the operation is safe to repeat
 * (or the caller opted in).
 *
 * @example
 * ```ts
 * shouldRetry({ kind: 'status', status: 503, code: undefined, retryAfter: null }, false) // false: create order
 * // true: refused, not processed
 * shouldRetry({ kind: 'status', status: 429, code: undefined, retryAfter: '1' }, false)
 * ```
 */
export function shouldRetry(failure: AttemptFailure, retryable: boolean): boolean {
  if (failure.kind !== 'status') return retryable
  if (failure.status === 429) return true
  if (failure.status === 409) return retryable && failure.code === ERROR_CODES.idempotency_key_in_use
  return retryable && failure.status >= 500
}

/**
 * The backoff before retry number `retry` (1 for the first): `baseMs` doubled for each further retry,
 * capped at `maxMs`. ky draws the actual wait between 0 and this (full jitter), and waits as
 * `Retry-After` says instead when a 429 or 503 carries one.
 *
 * @example
 * ```ts
 * [1, 2, 3, 4, 5, 6].map((n) => backoff(n, { baseMs: 500, maxMs: 8000 })) // [500, 1000, 2000, 4000, 8000, 8000]
 * ```
 */
export function backoff(retry: number, { baseMs, maxMs }: { baseMs: number; maxMs: number }): number {
  return Math.min(baseMs * 2 ** (retry - 1), maxMs)
}

/**
 * True when the gateway asked for a wait (`Retry-After` on a 429 or 503) that does not fit in what is
 * left of the deadline: the call then ends at once with the gateway's own answer, rather than waiting
 * out the deadline to report a timeout. Under 1 ms left counts as none (timers have ms resolution).
 *
 * @example
 * ```ts
 * waitPassesDeadline({ kind: 'status', status: 429, code: undefined, retryAfter: '600' }, 60, Date.now()) // true
 * ```
 */
export function waitPassesDeadline(failure: AttemptFailure, leftMs: number, nowMs: number): boolean {
  if (failure.kind !== 'status' || (failure.status !== 429 && failure.status !== 503) || failure.retryAfter === null)
    return false
  const told = parseRetryAfter(failure.retryAfter, nowMs)
  return told !== undefined && told + 1 > leftMs
}

/**
 * The failure in a few words, for logs: why the next attempt is made.
 *
 * @example
 * ```ts
 * // 'status 409 idempotency_key_in_use'
 * describeFailure({ kind: 'status', status: 409, code: 'idempotency_key_in_use', retryAfter: null })
 * ```
 */
export function describeFailure(failure: AttemptFailure): string {
  if (failure.kind !== 'status') return failure.kind === 'network' ? 'network error' : 'timeout'
  const code = failure.code === undefined ? '' : ` ${failure.code}`
  const retryAfter = failure.retryAfter === null ? '' : ` (Retry-After ${failure.retryAfter})`
  return `status ${failure.status}${code}${retryAfter}`
}

/**
 * `Retry-After` as milliseconds to wait: delay-seconds or an HTTP-date; undefined when unreadable.
 *
 * @example
 * ```ts
 * parseRetryAfter('2', Date.now()) // 2000
 * ```
 */
export function parseRetryAfter(value: string, nowMs: number): number | undefined {
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  // An HTTP-date names its day and month; Date.parse alone would also take '-1' as a year.
  if (!/[A-Za-z]/.test(trimmed)) return undefined
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}
