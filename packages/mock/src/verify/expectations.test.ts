/**
 * @module verify/expectations.test
 * What a step's answer must show beyond its own values, read against the same side's earlier answers.
 */
import { describe, expect, it } from 'vitest'
import { expectationFindings } from './expectations.js'
import type { Expectation, Observation } from './observation.js'

const seen = (
  check: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  expect?: Expectation,
) =>
  ({
    check,
    operation: undefined,
    ...(expect ? { expect } : {}),
    answer: { status, headers: new Headers(headers), text: JSON.stringify(body) },
  }) satisfies Observation
const refund = (transactionId: number, traceId: string) => ({
  statusCode: 200,
  message: 'OK',
  data: { orderId: 7, transactionId, amount: 0.01 },
  traceId,
})
const refusal = (code: string, requestId: string) => ({ error: { code, message: code, request_id: requestId } })
const REPLAYED = { 'X-Idempotent-Replayed': 'true' }

describe('what a step must show, against the earlier answers of its side', () => {
  it('a replay is the first answer again (trace ids aside), marked replayed', () => {
    const first = seen('refund', 200, refund(9, 't-1'))
    const replay = (body: unknown, headers: Record<string, string> = REPLAYED) =>
      seen('again', 200, body, headers, { kind: 'replay', of: 'refund' })
    expect(expectationFindings(replay(refund(9, 't-2')), [first])).toEqual([])
    expect(expectationFindings(replay(refund(9, 't-1'), {}), [first])).toEqual([
      'the replay does not carry X-Idempotent-Replayed: true',
    ])
    expect(expectationFindings(replay(refund(10, 't-1')), [first])).toEqual([
      'the replay is not the first answer: data.transactionId: 9, then 10',
    ])
    const refused = seen('refund', 422, refusal('order_not_refundable', 'r-1'))
    const replayedRefusal = seen('again', 201, refund(9, 't'), REPLAYED, { kind: 'replay', of: 'refund' })
    const findings = expectationFindings(replayedRefusal, [refused])
    expect(findings[0]).toBe('the replay answered 201 where the first answer was 422')
    // At most three of the leaves that differ are named.
    expect(findings.filter((f) => f.startsWith('the replay is not the first answer: '))).toHaveLength(3)
  })

  it('a first request refused before it ran (400, 401, 404) kept nothing under its key: nothing to replay', () => {
    for (const status of [400, 401, 404]) {
      const first = seen('refund', status, { statusCode: status, message: 'x', error: 'x' })
      const again = seen(
        'again',
        status,
        { statusCode: status, message: 'x', error: 'x' },
        {},
        { kind: 'replay', of: 'refund' },
      )
      const other = seen(
        'other',
        status,
        { statusCode: status, message: 'x', error: 'x' },
        {},
        {
          kind: 'refused',
          what: 'the same key with another body',
          unlike: 'refund',
        },
      )
      expect(expectationFindings(again, [first])).toEqual([])
      expect(expectationFindings(other, [first])).toEqual([])
    }
  })

  it('the same key with another body is refused, and not with the first answer replayed', () => {
    const first = seen('refund', 422, refusal('order_not_refundable', 'r-1'))
    const expect_: Expectation = { kind: 'refused', what: 'the same key with another body', unlike: 'refund' }
    expect(
      expectationFindings(seen('other', 422, refusal('idempotency_key_mismatch', 'r-2'), {}, expect_), [first]),
    ).toEqual([])
    expect(expectationFindings(seen('other', 200, refund(9, 't'), {}, expect_), [first])).toEqual([
      'the same key with another body was not refused (200)',
    ])
    expect(
      expectationFindings(seen('other', 422, refusal('order_not_refundable', 'r-3'), REPLAYED, expect_), [first]),
    ).toEqual(["the same key with another body was answered with the first request's answer, replayed"])
  })

  it('the attempts left after a wrong PIN or code are the count the contract leaves', () => {
    const secondWrongPin = (data: unknown, status = 422) =>
      seen(
        'wrong',
        status,
        { status_code: status, message: 'x', code: 'wrong_pin', data },
        {},
        {
          kind: 'attempts-left',
          left: 3,
          after: 'the 2nd wrong PIN in a row',
        },
      )
    expect(expectationFindings(secondWrongPin({ attempts_remaining: 3 }), [])).toEqual([])
    expect(expectationFindings(secondWrongPin({ attempts_remaining: 4 }), [])).toEqual([
      'attempts_remaining 4 after the 2nd wrong PIN in a row, where 3 are left',
    ])
    expect(expectationFindings(secondWrongPin(null), [])).toEqual([
      'no attempts_remaining after the 2nd wrong PIN in a row, where 3 are left',
    ])
    expect(expectationFindings(secondWrongPin(null, 200), [])).toEqual([
      'the 2nd wrong PIN in a row was not refused (200)',
    ])
  })

  it('a balance read after a refused refund is the one read before it', () => {
    const balance = (usd: number) => ({ statusCode: 200, message: 'OK', data: { usd: { balance: usd } }, traceId: 't' })
    const before = seen('before', 200, balance(10))
    const unchanged: Expectation = { kind: 'unchanged', since: 'before', what: 'the balance moved' }
    expect(expectationFindings(seen('after', 200, balance(10), {}, unchanged), [before])).toEqual([])
    expect(expectationFindings(seen('after', 200, balance(4.99), {}, unchanged), [before])).toEqual([
      'the balance moved: usd.balance: 10, then 4.99',
    ])
  })

  it('a QR code is valid 30 minutes after the order made just before it, or after its Date without one', () => {
    const created = seen('order', 200, { order_id: '1', created_at: '2026-11-02T09:00:00.000Z' })
    const valid: Expectation = {
      kind: 'valid-for',
      field: 'expires_at',
      ms: 1_800_000,
      what: 'a QR code is valid',
      since: 'order',
    }
    const qr = (expires: string, headers: Record<string, string> = {}) =>
      seen('qr', 200, { qr_code: 'q', qr_data: 'd', expires_at: expires }, headers, valid)
    expect(expectationFindings(qr('2026-11-02T09:30:01.000Z'), [created])).toEqual([])
    expect(expectationFindings(qr('2026-11-02T09:15:00.000Z'), [created])).toEqual([
      'expires_at is 15 min after created_at of order, where a QR code is valid 30 min (within 3 min)',
    ])
    expect(expectationFindings(qr('2026-11-02T09:15:00.000Z', { Date: 'Mon, 02 Nov 2026 09:00:00 GMT' }), [])).toEqual([
      'expires_at is 15 min after the Date of the answer, where a QR code is valid 30 min (within 3 min)',
    ])
    expect(expectationFindings(qr('2026-11-02T09:15:00.000Z'), [])).toEqual([])
  })
})
