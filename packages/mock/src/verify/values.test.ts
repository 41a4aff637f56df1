/**
 * @module verify/values.test
 * The values of one answer that the contract fixes and no schema holds, each against the contract's constants.
 */
import { describe, expect, it } from 'vitest'
import type { Observation } from './observation.js'
import { duration, valueFindings, withinTolerance } from './values.js'

const JSON_TYPE = { 'Content-Type': 'application/json' }
const seen = (
  status: number,
  body: unknown,
  about: Partial<Omit<Observation, 'answer'>> = {},
  headers: Record<string, string> = JSON_TYPE,
): Observation => ({
  check: 'a check',
  operation: undefined,
  ...about,
  answer: { status, headers: new Headers(headers), text: typeof body === 'string' ? body : JSON.stringify(body) },
})
const envelope = (data: unknown, statusCode = 200) => ({ statusCode, message: 'OK', data, traceId: 't-1' })
const order = { order_id: '7', qr_code: 'q', status: 'pending', created_at: '2026-11-02T09:00:00.000Z' }

describe('values the contract fixes', () => {
  it('statusCode of the envelope and of a status-style error, status_code of the PIN envelope: the HTTP status', () => {
    expect(valueFindings(seen(200, envelope([]), { operation: 'listStores' }))).toEqual([])
    expect(valueFindings(seen(200, envelope([], 201), { operation: 'listStores' }))).toEqual([
      'statusCode 201 where the HTTP status is 200',
    ])
    expect(valueFindings(seen(404, { statusCode: 400, message: 'x', error: 'Not Found' }))).toEqual([
      'statusCode 400 where the HTTP status is 404',
    ])
    const pin = { status_code: 400, message: 'Wrong PIN', code: 'wrong_pin', data: { attempts_remaining: 4 } }
    expect(valueFindings(seen(422, pin, { pinOperation: 'verifyPin' }))).toEqual([
      'status_code 400 where the HTTP status is 422',
    ])
  })

  it('closed sets: order and transaction states, a new and a cancelled order, error codes, status names', () => {
    expect(valueFindings(seen(200, { ...order, status: 'created' }, { operation: 'createOrder' }))).toEqual([
      'status "created" is not one of the order states (pending, processing, completed, cancelled)',
      'status "created" where a new order is pending',
    ])
    expect(valueFindings(seen(200, { ...order, status: 'processing' }, { operation: 'createOrder' }))).toEqual([
      'status "processing" where a new order is pending',
    ])
    const cancelled = { order_id: '7', status: 'canceled', cancelled_at: '2026-11-02T09:00:00Z' }
    expect(valueFindings(seen(200, cancelled, { operation: 'cancelOrder' }))).toContain(
      'status "canceled" where a cancelled order is cancelled',
    )
    const transaction = { transaction_id: '1', order_id: '7', amount: 5, currency: 'USD', status: 'SUCCESS' }
    expect(valueFindings(seen(200, transaction, { operation: 'transactionDetail' }))).toEqual([
      'status "SUCCESS" is not one of the transaction states (pending, completed, failed, cancelled)',
    ])
    const coded = (code: string) => ({ error: { code, message: 'x', request_id: 'r' } })
    expect(valueFindings(seen(401, coded('invalid_signature')))).toEqual([])
    expect(valueFindings(seen(401, coded('bad_signature')))).toEqual([
      `error code "bad_signature" is not one of the gateway's error codes`,
    ])
    const pinRefusal = { status_code: 422, message: 'x', code: 'incorrect_pin', data: null }
    expect(valueFindings(seen(422, pinRefusal, { pinOperation: 'verifyPin' }))).toEqual([
      `code "incorrect_pin" is not one of the PIN module's error codes`,
    ])
    expect(valueFindings(seen(401, { statusCode: 401, message: 'x', error: 'Forbidden' }))).toEqual([
      'error "Forbidden" where the name of status 401 is "Unauthorized"',
    ])
  })

  it('Content-Type is application/json (parameters aside) on every answer with a body', () => {
    const body = envelope([])
    expect(valueFindings(seen(200, body, {}, { 'Content-Type': 'application/json; charset=utf-8' }))).toEqual([])
    expect(valueFindings(seen(200, body, {}, { 'Content-Type': 'text/plain' }))).toEqual([
      'Content-Type text/plain where the contract has application/json',
    ])
    expect(valueFindings(seen(502, '<html></html>', {}, {}))).toEqual([
      'Content-Type (none) where the contract has application/json',
    ])
    expect(valueFindings(seen(204, '', {}, {}))).toEqual([])
  })

  it('ISO 8601 UTC where the contract says UTC: an offset, even +00:00, is not', () => {
    expect(valueFindings(seen(200, order, { operation: 'createOrder' }))).toEqual([])
    const offset = { ...order, created_at: '2026-11-02T16:00:00+07:00' }
    expect(valueFindings(seen(200, offset, { operation: 'createOrder' }))).toEqual([
      'created_at "2026-11-02T16:00:00+07:00" is not an ISO 8601 UTC timestamp (with Z)',
    ])
    const refund = {
      accountName: 'a',
      accountNumber: '1',
      amount: 0.01,
      currency: 'USD',
      orderId: 7,
      remark: '',
      transactionDate: '2026-11-02T09:00:00+00:00',
      transactionId: 9,
    }
    expect(valueFindings(seen(200, envelope(refund), { operation: 'refundOrder' }))).toEqual([
      'transactionDate "2026-11-02T09:00:00+00:00" is not an ISO 8601 UTC timestamp (with Z)',
    ])
  })

  it('amounts have no more decimals than their currency; usable is balance minus freeze', () => {
    const transaction = { transaction_id: '1', order_id: '7', amount: 5.001, currency: 'USD', status: 'completed' }
    expect(valueFindings(seen(200, transaction, { operation: 'transactionDetail' }))).toEqual([
      'amount 5.001 has more decimals than USD has (2)',
    ])
    const balance = (usd: object, khr: object) => envelope({ usd, khr })
    const right = { balance: 10.5, freeze: 0.25, usable: 10.25 }
    const riel = { balance: 4000, freeze: 1000, usable: 3000 }
    expect(valueFindings(seen(200, balance(right, riel), { operation: 'balanceInquiry' }))).toEqual([])
    expect(
      valueFindings(
        seen(200, balance(right, { ...riel, balance: 4000.5, usable: 3000.5 }), { operation: 'balanceInquiry' }),
      ),
    ).toEqual([
      'khr.balance 4000.5 has more decimals than KHR has (0)',
      'khr.usable 3000.5 has more decimals than KHR has (0)',
    ])
    expect(
      valueFindings(seen(200, balance({ ...right, usable: 10.5 }, riel), { operation: 'balanceInquiry' })),
    ).toEqual(['usd.usable 10.5 is not balance 10.5 minus freeze 0.25'])
  })

  it('an OTP session lasts 600 seconds and a block one minute, each within a tenth', () => {
    const forgot = (expires: number) => ({
      status_code: 200,
      message: 'OTP sent',
      data: { session_id: 's', expires_at: expires },
    })
    expect(valueFindings(seen(200, forgot(600), { pinOperation: 'forgotPin' }))).toEqual([])
    expect(valueFindings(seen(200, forgot(570), { pinOperation: 'forgotPin' }))).toEqual([])
    expect(valueFindings(seen(200, forgot(300), { pinOperation: 'forgotPin' }))).toEqual([
      'expires_at 300 where an OTP session lasts 10 min (within 60 s)',
    ])
    const locked = (retry: number) => ({
      status_code: 429,
      message: 'x',
      code: 'pin_locked',
      data: { locked_until: '2026-11-02T09:01:00Z', retry_after_seconds: retry },
    })
    expect(valueFindings(seen(429, locked(60), { pinOperation: 'verifyPin' }))).toEqual([])
    expect(valueFindings(seen(429, locked(300), { pinOperation: 'verifyPin' }))).toEqual([
      'retry_after_seconds 300 where a block lasts 60 s (within 6 s)',
    ])
    expect(valueFindings(seen(429, locked(0), { pinOperation: 'verifyPin' }))).toHaveLength(1)
  })

  it('no answer, or a body that is not JSON, holds no value to read (its Content-Type aside)', () => {
    expect(
      valueFindings({ check: 'x', operation: 'listStores', answer: { status: 0, headers: new Headers(), text: '' } }),
    ).toEqual([])
    expect(valueFindings(seen(200, '<html>', { operation: 'listStores' }))).toEqual([])
  })

  it('durations: a tenth either way, written in minutes beyond two', () => {
    expect([withinTolerance(1_620_000, 1_800_000), withinTolerance(1_619_999, 1_800_000)]).toEqual([true, false])
    expect([duration(900_012), duration(6_000), duration(7_200_000)]).toEqual(['15 min', '6 s', '120 min'])
  })
})
