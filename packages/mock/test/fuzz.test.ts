/**
 * The short, seeded version of `npm run fuzz`: 1 000 hostile requests to the HTTP server on 127.0.0.1
 * (bad credentials and signatures, broken and poisoned bodies, odd methods, paths and media types,
 * oversized bodies, other merchants' ids, out-of-range control commands). Every one is answered, none with
 * a 5xx, and the mock's state is what it was.
 */
import { describe, expect, it } from 'vitest'
import { runFuzz } from '../scripts/fuzz/run.js'

describe('1 000 hostile requests (seeded)', () => {
  it('are all answered, none with a 5xx, and leave the state unchanged', async () => {
    const report = await runFuzz({ count: 1000, seed: 20_261_124 })
    expect(report.serverErrors).toEqual([])
    expect(report.unanswered).toEqual([])
    expect(report.stateDifference).toBeUndefined()
    expect(report.stateUnchanged).toBe(true)
    expect(report.stillServing).toBe(true)
    expect(Object.values(report.byClass).reduce((a, b) => a + b, 0)).toBe(1000)
    expect(report.byClass['4xx']).toBe(1000)
  }, 60_000)
})
