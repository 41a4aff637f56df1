import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from './error-codes.js'
import { GATEWAY_OPERATIONS, GATEWAY_PATHS, OPERATIONS, PIN_PATHS, SIGNED_OPERATIONS } from './operations.js'
import { PIN_ERROR_CODES } from './pin.js'

describe('paths', () => {
  it('every gateway path is under /api/v1/payment-gateway and every PIN path under /api/v1/auth', () => {
    for (const path of Object.values(GATEWAY_PATHS)) expect(path).toMatch(/^\/api\/v1\/payment-gateway\/[a-z/-]+$/)
    for (const path of Object.values(PIN_PATHS)) expect(path).toMatch(/^\/api\/v1\/auth\/[a-z-]+$/)
  })

  it('no two operations share a path', () => {
    const all = [...Object.values(GATEWAY_PATHS), ...Object.values(PIN_PATHS)]
    expect(new Set(all).size).toBe(all.length)
  })

  it('only refund and payout are signed operations', () => {
    expect([...SIGNED_OPERATIONS].sort()).toEqual(['payout', 'refundOrder'])
  })
})

describe('refusals', () => {
  it("each operation's statuses are those of its refusals, in order", () => {
    for (const op of OPERATIONS) expect(op.errors, op.id).toEqual(Object.keys(op.refusals).map(Number))
  })

  it('every code a refusal lists is a code of the gateway or of the PIN module', () => {
    const known: Record<string, string> = { ...ERROR_CODES, ...PIN_ERROR_CODES }
    for (const op of OPERATIONS) {
      for (const [status, codes] of Object.entries(op.refusals)) {
        for (const code of codes ?? []) expect(Object.hasOwn(known, code), `${op.id} ${status} ${code}`).toBe(true)
      }
    }
  })

  it('a signed operation takes an idempotency key and documents its refusals; a standard one neither', () => {
    for (const op of Object.values(GATEWAY_OPERATIONS)) {
      expect(op.idempotency, op.id).toBe(op.auth === 'signed' ? 'required' : 'none')
      const codes: readonly string[] = op.refusals[400] ?? []
      expect(codes.includes('missing_idempotent_key'), op.id).toBe(op.auth === 'signed')
    }
  })
})
