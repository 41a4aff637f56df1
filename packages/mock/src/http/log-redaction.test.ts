/**
 * @module log-redaction.test
 * What the logs never keep: credentials in headers and PIN secrets and credentials in bodies, at any depth;
 * everything else as it came, and the request's own objects untouched.
 */
import { describe, expect, it } from 'vitest'
import { redactBody, redactHeaders } from './log-redaction.js'

describe('headers in the request log', () => {
  it.each([
    ['X-Api-Key', 'mk_live_1'],
    ['X-Signature', 'a1b2'],
    ['Authorization', 'Bearer at_1'],
    ['Proxy-Authorization', 'Basic dXNlcg=='],
    ['Cookie', 'sid=1'],
    ['X-Mock-Token', 'tok_0123456789'],
    ['X-Auth-Token', 't'],
    ['X-Client-Secret', 's'],
    ['X-Password', 'p'],
  ])('%s is kept as [redacted]', (name, value) => {
    expect(redactHeaders(new Headers({ [name]: value }))).toEqual({ [name.toLowerCase()]: '[redacted]' })
  })

  it('keeps every other header as sent, names in lower case', () => {
    const headers = new Headers({
      'Content-Type': 'application/json',
      'X-Idempotent-Key': '9f1c',
      'X-Timestamp': '1793610000',
      'X-App-Id': '100001',
      'User-Agent': 'app/1',
    })
    expect(redactHeaders(headers)).toEqual({
      'content-type': 'application/json',
      'x-idempotent-key': '9f1c',
      'x-timestamp': '1793610000',
      'x-app-id': '100001',
      'user-agent': 'app/1',
    })
  })
})

describe('bodies in the request log', () => {
  it.each([
    [{ pin: '123456' }, { pin: '[redacted]' }],
    [
      { current_pin: '123456', new_pin: '654321' },
      { current_pin: '[redacted]', new_pin: '[redacted]' },
    ],
    [
      { email: 'dara@example.com', otp_code: '000000', session_id: 'rs_1' },
      { email: 'dara@example.com', otp_code: '[redacted]', session_id: '[redacted]' },
    ],
    [
      { session_id: 'rs_1', new_pin: 123456 },
      { session_id: '[redacted]', new_pin: '[redacted]' },
    ],
    [
      { nested: { access_token: 'x', list: [{ password: 'p', keep: 1 }] } },
      { nested: { access_token: '[redacted]', list: [{ password: '[redacted]', keep: 1 }] } },
    ],
  ])('%j is kept as %j', (body, kept) => {
    const before = structuredClone(body)
    expect(redactBody(body)).toEqual(kept)
    // The request's own object is not changed.
    expect(body).toEqual(before)
  })

  it('a body nested deeper than 32 levels is kept down to 32, the rest [redacted], never overflowing the stack', () => {
    let deep: unknown = { pin: '123456' }
    for (let i = 0; i < 5000; i++) deep = { a: deep }
    let kept = redactBody({ orderId: 1001, note: deep }) as { note: unknown }
    let depth = 1
    let node = kept.note
    while (typeof node === 'object' && node !== null) {
      node = (node as { a: unknown }).a
      depth += 1
    }
    expect(node).toBe('[redacted]')
    expect(depth).toBe(32)
    // 32 levels are kept whole, the secret at the deepest redacted as at any depth.
    let shallow: unknown = { pin: '123456', keep: 1 }
    for (let i = 0; i < 30; i++) shallow = { a: shallow }
    kept = redactBody({ orderId: 1001, note: shallow }) as { note: unknown }
    let inner = kept.note
    for (let i = 0; i < 30; i++) inner = (inner as { a: unknown }).a
    expect(inner).toEqual({ pin: '[redacted]', keep: 1 })
  })

  it('a body with nothing to redact is kept as it is, without a copy', () => {
    const body = { orderId: 1001, refundAmount: 2.5, items: [{ sku: 'a' }] }
    expect(redactBody(body)).toBe(body)
    expect(redactBody(null)).toBe(null)
    expect(redactBody('pin')).toBe('pin')
  })
})
