/**
 * @module verify/hints.test
 * Which set-up problem each hint names, read from the target's answers, and that a refusal the mock gives
 * too (the service's own behaviour) names none.
 */
import { describe, expect, it } from 'vitest'
import { hintsOf } from './hints.js'
import type { Observation } from './observation.js'

const seen = (check: string, status: number, body: unknown): Observation => ({
  check,
  operation: undefined,
  answer: { status, headers: new Headers(), text: typeof body === 'string' ? body : JSON.stringify(body) },
})
const codeError = (code: string) => ({ error: { code, message: code } })
const pinError = (status: number, code: string, data: unknown = null) => ({
  status_code: status,
  message: code,
  code,
  data,
})
const statusError = (status: number) => ({ statusCode: status, message: 'x', error: 'Unauthorized' })
const none = { paid: undefined }

describe('verify hints', () => {
  it('a target that does not answer is named with the error and the steps not sent', () => {
    const target = [
      seen('list stores', 0, 'fetch failed: connect ECONNREFUSED 127.0.0.1:9'),
      seen('balance inquiry', 0, 'not sent: list stores got no answer (fetch failed)'),
      seen('generate QR', 0, 'not sent: list stores got no answer (fetch failed)'),
    ]
    expect(hintsOf(target, [], none)).toEqual([
      'the target did not answer list stores (fetch failed: connect ECONNREFUSED 127.0.0.1:9), and the 2 steps ' +
        'after it were not sent: is --base-url right, and the sandbox up? (--timeout sets how long a request may take)',
    ])
  })

  it('when not even the clock probe was answered, nothing was sent, and the hint says why', () => {
    const why = 'not sent: the clock probe (list stores) got no answer (no answer within 2 s)'
    const target = [seen('list stores', 0, why), seen('balance inquiry', 0, why)]
    expect(hintsOf(target, [], none)).toEqual([
      'the target did not answer: the clock probe (list stores) got no answer (no answer within 2 s), and none of ' +
        'the 2 steps was sent: is --base-url right, and the sandbox up? (--timeout sets how long a request may take)',
    ])
  })

  it('a refused API key, secret, clock and access token each say what to check', () => {
    const target = [
      seen('list stores', 401, statusError(401)),
      seen('probe: refund of an unknown order (signed)', 401, codeError('invalid_signature')),
      seen('payout, smallest amount', 401, codeError('invalid_timestamp')),
      seen('PIN: verify-pin, missing field', 401, pinError(401, 'invalid_token')),
    ]
    const mock = [
      seen('list stores', 200, { statusCode: 200, message: 'ok', data: [], traceId: 't' }),
      seen('probe: refund of an unknown order (signed)', 404, statusError(404)),
      seen('payout, smallest amount', 200, {}),
      seen('PIN: verify-pin, missing field', 400, pinError(400, 'invalid_request')),
    ]
    const hints = hintsOf(target, mock, none)
    expect(hints).toHaveLength(4)
    expect(hints[0]).toBe('the target refused the API key (401 on list stores): check --api-key')
    expect(hints[1]).toContain('check --api-secret (the API secret, not the key)')
    expect(hints[2]).toContain("this machine's clock is off")
    expect(hints[3]).toContain("the sandbox user's access token may have expired")
  })

  it('a refusal the mock gives too is the service behaving as documented: no hint', () => {
    const both = [
      seen('probe: wrong API key', 401, statusError(401)),
      seen('probe: bad signature', 401, codeError('invalid_signature')),
      seen('PIN: verify-pin, wrong token', 401, pinError(401, 'invalid_token')),
      seen('refund, smallest amount (an unpaid order)', 422, codeError('order_not_refundable')),
    ]
    expect(hintsOf(both, both, none)).toEqual([])
  })

  it('a wrong --pin names the attempts left and the block it leads to; a blocked user is named', () => {
    const target = [
      seen('PIN: verify-pin, the PIN', 422, pinError(422, 'wrong_pin', { attempts_remaining: 3 })),
      seen('PIN: set-pin', 429, pinError(429, 'pin_locked')),
    ]
    expect(hintsOf(target, [], none)).toEqual([
      "--pin is not the sandbox user's PIN: the PIN flow stopped after that one wrong PIN (3 attempts left before a " +
        'block); each run with it adds one, and five in a row block the user for a minute',
      'the sandbox user is blocked (PIN: set-pin: pin_locked): run again after the block ends',
    ])
  })

  it('a paid order refunded in full and the limit of reset codes say what to do next', () => {
    const target = [
      seen('refund, smallest amount (the paid order)', 422, codeError('refund_exceeds_remaining')),
      seen('PIN: forgot-pin (e-mail)', 429, pinError(429, 'too_many_reset_requests')),
    ]
    expect(hintsOf(target, [], none)).toEqual([
      '--paid-order has nothing left to refund (refund_exceeds_remaining): pay a new sandbox order and pass its ids',
      "the sandbox's limit of reset codes was reached (too_many_reset_requests): wait before the next run with --email",
    ])
  })

  it('--paid-transaction of another order, or unknown at the target, is named', () => {
    const paid = { orderId: '1001', transactionId: '700002' }
    const other = [seen('transaction detail (GET)', 200, { transaction_id: '700002', order_id: '1002' })]
    expect(hintsOf(other, other, { paid })).toEqual([
      '--paid-transaction 700002 belongs to order 1002 at the target, not --paid-order 1001: pass the ids of one ' +
        "payment (its webhook's orderId and transactionId)",
    ])
    const unknown = [seen('transaction detail (GET)', 404, statusError(404))]
    expect(hintsOf(unknown, [], { paid })).toEqual([
      "the target does not know --paid-transaction 700002: check the id (its webhook's transactionId)",
    ])
    const right = [seen('transaction detail (GET)', 200, { transaction_id: '700002', order_id: '1001' })]
    expect(hintsOf(right, right, { paid })).toEqual([])
  })

  it('a request verify could not build is named with the flag that likely holds the character', () => {
    const target = [
      seen('PIN: verify-pin, missing field', 0, 'not sent: verify could not build the request: invalid header value'),
    ]
    expect(hintsOf(target, [], none)).toEqual([
      "verify could not build the request of PIN: verify-pin, missing field (invalid header value): a flag's value " +
        'holds a character a request cannot carry (a line break or a non-ASCII letter in --bearer?)',
    ])
  })

  it('answers that are not JSON where the mock answers JSON: the target is likely a web page, not the API', () => {
    const page = (check: string): Observation => ({
      check,
      operation: undefined,
      answer: { status: 502, headers: new Headers({ 'Content-Type': 'text/html' }), text: '<html>Bad Gateway</html>' },
    })
    const mock = [seen('list stores', 200, { statusCode: 200, message: 'ok', data: [], traceId: 't' })]
    expect(hintsOf([page('list stores'), page('balance inquiry')], mock, none)).toEqual([
      'the target answered 2 request(s) with a body that is not JSON (list stores: 502, text/html): is --base-url ' +
        "the API's address, not a web page or a proxy's error page?",
    ])
    // Where the mock answers the same way, it is the service's own answer: no hint.
    expect(hintsOf([page('list stores')], [page('list stores')], none)).toEqual([])
  })
  it('most requests answered 404 where the mock answers otherwise: the base URL misses the routes', () => {
    const target = [
      seen('list stores', 404, statusError(404)),
      seen('balance inquiry', 404, statusError(404)),
      seen('probe: wrong API key', 404, statusError(404)),
      seen('probe: unknown order', 404, statusError(404)),
    ]
    const mock = [
      seen('list stores', 200, {}),
      seen('balance inquiry', 200, {}),
      seen('probe: wrong API key', 401, statusError(401)),
      seen('probe: unknown order', 404, statusError(404)),
    ]
    expect(hintsOf(target, mock, none)).toEqual([
      'the target answered 404 to 3 of 4 requests that the mock answers otherwise (list stores): is --base-url ' +
        "the API's root, with the path its routes start under if it has one?",
    ])
    // A route or two the target lacks is its own drift, named by its rows, not a set-up problem.
    expect(hintsOf(target.slice(0, 2).concat(seen('x', 200, {}), seen('y', 200, {})), mock, none)).toEqual([])
  })
})
