import { describe, expect, it } from 'vitest'
import { parseRetryAfter, retryDelay, shouldRetry, type AttemptFailure } from './retry-policy.js'

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

  it.each([400, 401, 404, 405, 413, 422])('a %i is never retried: repeating the same request cannot succeed', (code) => {
    expect(shouldRetry(status(code), true)).toBe(false)
  })

  it('network errors and timeouts are retried only for calls that are safe to repeat', () => {
    expect(shouldRetry({ kind: 'network' }, true)).toBe(true)
    expect(shouldRetry({ kind: 'network' }, false)).toBe(false)
    expect(shouldRetry({ kind: 'timeout' }, true)).toBe(true)
    expect(shouldRetry({ kind: 'timeout' }, false)).toBe(false)
  })
})

describe('retryDelay', () => {
  const backoff = { baseMs: 500, maxMs: 8000 }
  const now = Date.parse('2026-11-02T09:00:00Z')

  it('doubles from the base for each retry and stops at the maximum (random = 1)', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, backoff, { kind: 'network' }, now, () => 1))).toEqual([500, 1000, 2000, 4000, 8000, 8000])
  })

  it('applies full jitter: anywhere from 0 to the computed delay', () => {
    expect(retryDelay(3, backoff, { kind: 'network' }, now, () => 0)).toBe(0)
    expect(retryDelay(3, backoff, { kind: 'network' }, now, () => 0.5)).toBe(1000)
  })

  it('Retry-After on a 429 or 503 decides the wait, without jitter', () => {
    expect(retryDelay(1, backoff, status(429, { retryAfter: '3' }), now, () => 0)).toBe(3000)
    expect(retryDelay(1, backoff, status(503, { retryAfter: 'Mon, 02 Nov 2026 09:00:02 GMT' }), now, () => 0)).toBe(2000)
  })

  it('Retry-After on other statuses, or unreadable, falls back to backoff', () => {
    expect(retryDelay(1, backoff, status(500, { retryAfter: '3' }), now, () => 1)).toBe(500)
    expect(retryDelay(1, backoff, status(429, { retryAfter: 'soon' }), now, () => 1)).toBe(500)
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
