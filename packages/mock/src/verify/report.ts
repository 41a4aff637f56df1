/**
 * @module verify/report
 * The outcome of `merchant-gateway-mock verify`: one row per check (the mock's answer, the target's, the
 * verdict and what differs), printed as a table or, with `--json`, as one JSON document for CI. What differs
 * is the two answers' shapes (compare.ts) and, on each side, where the answer breaks a value (values.ts) or a
 * behaviour (expectations.ts) the contract fixes.
 */
import { type AnswerShape, compareShapes, type CompareOptions, type Difference, shapeOf, summary } from './compare.js'
import { expectationFindings } from './expectations.js'
import type { Observation } from './observation.js'
import { valueFindings } from './values.js'

/**
 * One check, side by side.
 *
 * @example
 * ```ts
 * const row: CheckRow = { check: 'list stores', mock: '200 envelope', target: '200 envelope', verdict: 'same',
 *   differences: [] }
 * ```
 */
interface CheckRow {
  check: string
  mock: string
  target: string
  verdict: 'same' | 'drift' | 'note'
  differences: Difference[]
}

/**
 * The whole outcome: `--json` prints it as is.
 *
 * @example
 * ```ts
 * const report: VerifyReport = buildReport(mockSeen, targetSeen, { target: url, era, clockFrom: '--now' })
 * process.exitCode = report.drift > 0 ? 1 : 0
 * ```
 */
export interface VerifyReport {
  /** The target's base URL. */
  target: string
  /** The contract era the in-process mock ran in, and where its clock came from. */
  era: { name: string; now: string; from: "the target's Date header" | '--now' | "this machine's clock" }
  /** The number of checks that drifted. */
  drift: number
  /** The likely cause of what drifted when it is the run's own set-up (an unreachable target, a refused key). */
  hints: string[]
  checks: CheckRow[]
}

/**
 * Pairs the two sides' observations by check and compares each pair. A check one side ran and the other
 * did not (an order one side failed to create, so nothing to cancel) is drift.
 *
 * @example
 * ```ts
 * const report = buildReport(await runScenario(mockSide, opts), await runScenario(targetSide, opts), context)
 * ```
 */
export function buildReport(
  mockSeen: readonly Observation[],
  targetSeen: readonly Observation[],
  context: Pick<VerifyReport, 'target' | 'era'> & { hints?: string[] } & CompareOptions,
): VerifyReport {
  const names = [...new Set([...mockSeen, ...targetSeen].map((o) => o.check))]
  const checks = names.map((check): CheckRow => {
    const mine = mockSeen.find((o) => o.check === check)
    const theirs = targetSeen.find((o) => o.check === check)
    try {
      return rowOf(check, mine, theirs, { mockSeen, targetSeen, strict: context.strict ?? false })
    } catch (error) {
      // Never a crash for one odd answer: the row says what could not be read.
      const text = `verify could not read the answers: ${error instanceof Error ? error.message : String(error)}`
      return {
        check,
        mock: '(unread)',
        target: '(unread)',
        verdict: 'drift',
        differences: [{ severity: 'drift', text }],
      }
    }
  })
  return {
    target: context.target,
    era: context.era,
    drift: checks.filter((c) => c.verdict === 'drift').length,
    hints: context.hints ?? [],
    checks,
  }
}

/** One check's row: the shapes compared, then each side's answer against the contract's values and behaviours. */
function rowOf(
  check: string,
  mine: Observation | undefined,
  theirs: Observation | undefined,
  context: { mockSeen: readonly Observation[]; targetSeen: readonly Observation[]; strict: boolean },
): CheckRow {
  const operation = (mine ?? theirs)?.operation
  const mockShape = mine && shapeOf(mine.answer, operation)
  const targetShape = theirs && shapeOf(theirs.answer, operation)
  const differences: Difference[] =
    mockShape && targetShape
      ? compareShapes(mockShape, targetShape, operation, { strict: context.strict })
      : [{ severity: 'drift', text: `not run at the ${mockShape ? 'target' : 'mock'}` }]
  const broken = (side: 'target' | 'mock', o: Observation | undefined, seen: readonly Observation[]) =>
    o === undefined
      ? []
      : [...valueFindings(o), ...expectationFindings(o, seen)].map(
          (finding): Difference => ({ severity: 'drift', text: `${side} breaks the contract: ${finding}` }),
        )
  differences.push(...broken('target', theirs, context.targetSeen), ...broken('mock', mine, context.mockSeen))
  const verdict = differences.some((d) => d.severity === 'drift') ? 'drift' : differences.length ? 'note' : 'same'
  return { check, mock: cell(mockShape), target: cell(targetShape), verdict, differences }
}

const cell = (shape: AnswerShape | undefined) => (shape ? summary(shape) : '(not run)')

/**
 * Whether the target answered none of the checks (down, unreachable, or silent past the timeout): nothing was
 * compared, which the CLI tells apart from drift by its exit status (3).
 *
 * @example
 * ```ts
 * process.exitCode = answeredNothing(report) ? 3 : report.drift > 0 ? 1 : 0
 * ```
 */
export function answeredNothing(report: VerifyReport): boolean {
  return report.checks.length > 0 && report.checks.every((c) => c.target === 'no answer' || c.target === '(not run)')
}

/**
 * The report as a table, each difference under its row, and a last line with the verdict.
 *
 * @example
 * ```ts
 * for (const line of formatTable(report)) console.log(line)
 * ```
 */
export function formatTable(report: VerifyReport): string[] {
  const header = { check: 'check', mock: 'mock', target: 'target', verdict: 'verdict' }
  const rows = [header, ...report.checks]
  const width = (key: keyof typeof header) => Math.max(...rows.map((r) => r[key].length))
  const [w1, w2, w3] = [width('check'), width('mock'), width('target')]
  const line = (r: (typeof rows)[number]) =>
    `${r.check.padEnd(w1)}  ${r.mock.padEnd(w2)}  ${r.target.padEnd(w3)}  ${r.verdict.toUpperCase()}`.trimEnd()
  const out = [line(header), '-'.repeat(w1 + w2 + w3 + 6 + 'verdict'.length)]
  for (const row of report.checks) {
    out.push(line(row))
    for (const d of row.differences) out.push(`    ${d.severity}: ${d.text}`)
  }
  const total = report.checks.length
  if (report.hints.length > 0) {
    out.push("hints (the likely cause, from the target's answers):")
    for (const hint of report.hints) out.push(`  - ${hint}`)
  }
  out.push(
    report.drift === 0
      ? `no drift: ${total} checks, the mock answers as the target does (era ${report.era.name})`
      : `DRIFT in ${report.drift} of ${total} checks (mock era ${report.era.name})`,
  )
  return out
}
