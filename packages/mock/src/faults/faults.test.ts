import { describe, expect, it } from 'vitest'
import { FaultRegistry } from './faults.js'

const REFUND = 'POST /api/v1/payment-gateway/order/refund'

describe('FaultRegistry', () => {
  it('a fault fires for its route the given number of times, then disarms', () => {
    const faults = new FaultRegistry()
    faults.add({ route: REFUND, kind: 'error', status: 503, times: 2 })
    expect(faults.take('POST', '/api/v1/payment-gateway/order/payout')).toBeUndefined()
    expect(faults.take('POST', '/api/v1/payment-gateway/order/refund')?.status).toBe(503)
    expect(faults.take('post', '/api/v1/payment-gateway/order/refund')?.status).toBe(503)
    expect(faults.take('POST', '/api/v1/payment-gateway/order/refund')).toBeUndefined()
  })

  it('defaults: once, status 500, 1000 ms; "*" matches every route; "always" never disarms', () => {
    const faults = new FaultRegistry()
    const fault = faults.add({ route: '*', kind: 'latency' })
    expect(fault).toMatchObject({ status: 500, delayMs: 1000, remaining: 1 })
    faults.clear()
    faults.add({ route: '*', kind: 'network', times: 'always' })
    for (let i = 0; i < 5; i++) expect(faults.take('GET', `/any/${i}`)?.kind).toBe('network')
  })

  it('the oldest matching fault fires first', () => {
    const faults = new FaultRegistry()
    faults.add({ route: REFUND, kind: 'drop-response' })
    faults.add({ route: REFUND, kind: 'error' })
    expect(faults.take('POST', '/api/v1/payment-gateway/order/refund')?.kind).toBe('drop-response')
    expect(faults.take('POST', '/api/v1/payment-gateway/order/refund')?.kind).toBe('error')
  })

  it.each([
    [{ route: 'refund', kind: 'error' }, /route must be/],
    [{ route: REFUND, kind: 'explode' }, /kind must be/],
    [{ route: REFUND, kind: 'error', status: 200 }, /status must be/],
    [{ route: REFUND, kind: 'latency', delayMs: -1 }, /delayMs must be/],
    [{ route: REFUND, kind: 'error', times: 0 }, /times must be/],
  ])('a bad fault spec %j is refused with a 400 naming the field', (spec, message) => {
    const faults = new FaultRegistry()
    expect(() => faults.add(spec as never)).toThrow(message)
    expect(faults.list()).toEqual([])
  })
})
