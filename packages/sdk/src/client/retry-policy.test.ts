import { describe, expect, it } from 'vitest'
import {
  backoff,
  describeFailure,
  parseRetryAfter,
  shouldRetry,
  waitPassesDeadline,
  type AttemptFailure,
} from './retry-policy.js'

const status = (code: number, extra: Partial<Extract<AttemptFailure, { kind: 'status' }>> = {}): AttemptFailure => ({
  kind: 'status',
  status: code,
  code: undefined,
  retryAfter: null,
  ...extra,
})

describe('shouldRetry', () => {
  it('a 429 is retried even for an unsafe call: the gateway refused before doing anything', () => {
    expect(shouldRetry(status(429), false)).toBe(true)
  })

  it.each([500, 502, 503, 504])('a %i is retried only for a call that is safe to repeat', (code) => {
    expect(shouldRetry(status(code), true)).toBe(true)
    expect(shouldRetry(status(code), false)).toBe(false)
  })

  it('a 409 is retried only when it is idempotency_key_in_use on a safe call', () => {
    expect(shouldRetry(status(409, { code: 'idempotency_key_in_use' }), true)).toBe(true)
    expect(shouldRetry(status(409, { code: 'order_not_cancellable' }), true)).toBe(false)
    expect(shouldRetry(status(409, { code: 'idempotency_key_in_use' }), false)).toBe(false)
  })

  it.each([400, 401, 404, 405, 413, 422])(
    'a %i is never retried: repeating the same request cannot succeed',
    (code) => {
      expect(shouldRetry(status(code), true)).toBe(false)
    },
  )

  it('network errors and timeouts are retried only for calls that are safe to repeat', () => {
    expect(shouldRetry({ kind: 'network' }, true)).toBe(true)
    expect(shouldRetry({ kind: 'network' }, false)).toBe(false)
    expect(shouldRetry({ kind: 'timeout' }, true)).toBe(true)
    expect(shouldRetry({ kind: 'timeout' }, false)).toBe(false)
  })
})

describe('backoff', () => {
  it('doubles from the base for each retry and stops at the maximum (ky draws the wait below it: full jitter)', () => {
    const delays = { baseMs: 500, maxMs: 8000 }
    expect([1, 2, 3, 4, 5, 6].map((n) => backoff(n, delays))).toEqual([500, 1000, 2000, 4000, 8000, 8000])
  })
})

describe('waitPassesDeadline', () => {
  const now = Date.parse('2026-11-02T09:00:00Z')

  it(
    'a Retry-After on a 429 or 503 longer than what is left of the deadline ' +
      'ends the call (delay-seconds or HTTP-date)',
    () => {
      expect(waitPassesDeadline(status(429, { retryAfter: '600' }), 60, now)).toBe(true)
      expect(waitPassesDeadline(status(503, { retryAfter: 'Mon, 02 Nov 2026 09:00:02 GMT' }), 1500, now)).toBe(true)
    },
  )

  it('a Retry-After that fits (with 1 ms to spare) leaves the decision to the policy', () => {
    expect(waitPassesDeadline(status(429, { retryAfter: '2' }), 2001, now)).toBe(false)
    expect(waitPassesDeadline(status(429, { retryAfter: '2' }), 2000, now)).toBe(true)
  })

  it('no Retry-After, an unreadable one, or another status: the wait is ky backoff, never refused here', () => {
    expect(waitPassesDeadline(status(503), 1, now)).toBe(false)
    expect(waitPassesDeadline(status(429, { retryAfter: 'soon' }), 1, now)).toBe(false)
    expect(waitPassesDeadline(status(500, { retryAfter: '600' }), 1, now)).toBe(false)
    expect(waitPassesDeadline({ kind: 'network' }, 1, now)).toBe(false)
  })
})

describe('describeFailure', () => {
  it('names the status, the code and the Retry-After, or the kind of failure without an answer', () => {
    expect(describeFailure(status(409, { code: 'idempotency_key_in_use' }))).toBe('status 409 idempotency_key_in_use')
    expect(describeFailure(status(429, { retryAfter: '3' }))).toBe('status 429 (Retry-After 3)')
    expect(describeFailure({ kind: 'network' })).toBe('network error')
    expect(describeFailure({ kind: 'timeout' })).toBe('timeout')
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-02T09:00:00Z')
  it('reads delay-seconds and HTTP-dates; a date in the past means no wait', () => {
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
    expect(parseRetryAfter('Mon, 02 Nov 2026 09:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Mon, 02 Nov 2026 08:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('-1', now)).toBeUndefined()
    expect(parseRetryAfter('later', now)).toBeUndefined()
  })
})
