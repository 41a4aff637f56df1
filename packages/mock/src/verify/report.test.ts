/**
 * @module verify/report.test
 * How the checks of both sides become rows, a verdict and an exit status.
 */
import { describe, expect, it } from 'vitest'
import { buildReport, formatTable } from './report.js'
import type { Observation } from './observation.js'

const seen = (check: string, status: number, body: unknown): Observation => ({
  check,
  operation: undefined,
  answer: { status, headers: new Headers({ 'Content-Type': 'application/json' }), text: JSON.stringify(body) },
})
const context = { target: 'http://127.0.0.1:1', era: { name: 'era', now: 'now', from: '--now' as const } }
const refusal = { statusCode: 404, message: 'Not found', error: 'Not Found' }

describe('the verify report', () => {
  it('a check answered alike on both sides is SAME and counts no drift', () => {
    const report = buildReport([seen('probe', 404, refusal)], [seen('probe', 404, refusal)], context)
    expect(report).toMatchObject({ drift: 0, checks: [{ check: 'probe', verdict: 'same', differences: [] }] })
    expect(formatTable(report).at(-1)).toBe('no drift: 1 checks, the mock answers as the target does (era era)')
  })

  it('a check run on one side only (an order the target did not make, so no cancel) is drift', () => {
    const report = buildReport([seen('cancel order', 200, {})], [], context)
    expect(report.checks[0]).toMatchObject({ target: '(not run)', verdict: 'drift' })
    expect(report.drift).toBe(1)
  })

  it('the table prints each difference under its row, and the count of drifted checks last', () => {
    const report = buildReport([seen('probe', 404, refusal)], [seen('probe', 410, refusal)], context)
    const table = formatTable(report)
    expect(table).toContain('    drift: status: mock 404, target 410')
    expect(table.at(-1)).toBe('DRIFT in 1 of 1 checks (mock era era)')
  })
})
