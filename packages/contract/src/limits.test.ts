import { describe, expect, it } from 'vitest'
import { LIMITS } from './limits.js'

describe('limits', () => {
  it('time limits match the gateway documentation', () => {
    expect(LIMITS.idempotencyWindowMs).toBe(24 * 60 * 60 * 1000)
    expect(LIMITS.qrValidityMs).toBe(30 * 60 * 1000)
    expect(LIMITS.otpSessionSeconds).toBe(600)
    expect(LIMITS.pinBlockMs).toBe(60_000)
  })

  it('nine thousand maximal amounts still sum to a safe integer of minor units', () => {
    expect(Number.isSafeInteger(LIMITS.maxAmountMinor * 9000)).toBe(true)
  })

  it('a decimal id of maxIdLength digits can spell every safe integer id, and no longer string can', () => {
    expect(String(Number.MAX_SAFE_INTEGER).length).toBe(LIMITS.maxIdLength)
  })
})
