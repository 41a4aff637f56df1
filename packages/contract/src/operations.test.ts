import { describe, expect, it } from 'vitest'
import { GATEWAY_PATHS, PIN_PATHS, SIGNED_OPERATIONS } from './operations.js'

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
