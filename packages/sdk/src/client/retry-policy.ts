/**
 * @module retry-policy
 * Which failures are retried, and how long to wait. Repeating is safe for GET (and the reading POSTs),
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
 * shouldRetry({ kind: 'status', status: 429, code: undefined, retryAfter: '1' }, false)  // true: refused, not processed
 * ```
 */
export function shouldRetry(failure: AttemptFailure, retryable: boolean): boolean {
  if (failure.kind !== 'status') return retryable
  if (failure.status === 429) return true
  if (failure.status === 409) return retryable && failure.code === ERROR_CODES.idempotency_key_in_use
  return retryable && failure.status >= 500
}

/**
 * The wait before retry number `retry` (1 for the first): `Retry-After` when the gateway sent one on a
 * 429 or 503, otherwise exponential backoff from `baseMs` capped at `maxMs`, with full jitter.
 *
 * @example
 * ```ts
 * retryDelay(3, { baseMs: 500, maxMs: 8000 }, null, Date.now(), () => 1) // 2000
 * ```
 */
export function retryDelay(
  retry: number,
  backoff: { baseMs: number; maxMs: number },
  failure: AttemptFailure,
  nowMs: number,
  random: () => number = Math.random,
): number {
  if (failure.kind === 'status' && (failure.status === 429 || failure.status === 503) && failure.retryAfter !== null) {
    const told = parseRetryAfter(failure.retryAfter, nowMs)
    if (told !== undefined) return told
  }
  const ceiling = Math.min(backoff.baseMs * 2 ** (retry - 1), backoff.maxMs)
  return Math.floor(ceiling * random())
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
