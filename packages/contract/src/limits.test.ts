import { describe, expect, it } from 'vitest'
import { LIMITS } from './limits.js'

describe('limits', () => {
  it('the idempotency window is 24 hours and a QR code is valid for 30 minutes', () => {
    expect(LIMITS.idempotencyWindowMs).toBe(24 * 60 * 60 * 1000)
    expect(LIMITS.qrValidityMs).toBe(30 * 60 * 1000)
  })

  it('nine thousand maximal amounts still sum to a safe integer of minor units', () => {
    expect(Number.isSafeInteger(LIMITS.maxAmountMinor * 9000)).toBe(true)
  })

  it('a decimal id of maxIdLength digits can spell every safe integer id, and no longer string can', () => {
    expect(String(Number.MAX_SAFE_INTEGER).length).toBe(LIMITS.maxIdLength)
  })
})
