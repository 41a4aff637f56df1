/**
 * @module test/property-runs
 * How many runs the property tests make: each has its default (what CI runs), and the one environment
 * variable `PROPERTY_RUNS` sets them all (`npm run test:deep` sets 10 000). With it set, each property
 * prints its runs and failures.
 *
 *   PROPERTY_RUNS=10000 npx vitest run --project node packages/mock/ -t property
 */
import fc from 'fast-check'

/** The number of runs: `PROPERTY_RUNS` when set, else the property's default. */
export function propertyRuns(defaultRuns: number): number {
  const fromEnv = process.env.PROPERTY_RUNS
  if (fromEnv === undefined || fromEnv === '') return defaultRuns
  const runs = Number(fromEnv)
  if (!Number.isSafeInteger(runs) || runs < 1)
    throw new RangeError(`PROPERTY_RUNS must be a positive integer, got ${JSON.stringify(fromEnv)}`)
  return runs
}

/** A test timeout that grows with the runs: `perRunMs` each, at least `minimumMs`. */
export function propertyTimeout(runs: number, perRunMs: number, minimumMs = 120_000): number {
  return Math.max(minimumMs, runs * perRunMs)
}

/**
 * Checks an async property with fast-check; with `PROPERTY_RUNS` set, prints `name: N runs, F failures`.
 * Fails with fast-check's report (seed, path, shrunk counterexample) when a run fails.
 */
export async function checkProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<T>,
  parameters: fc.Parameters<T>,
): Promise<void> {
  const details = await fc.check(property, parameters)
  if (process.env.PROPERTY_RUNS)
    console.log(
      `[property] ${name}: ${details.numRuns} runs, ${details.failed ? 1 : 0} ` +
        `failures${details.failed ? ` (seed ${details.seed})` : ''}`,
    )
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? `property ${name} failed`)
}
