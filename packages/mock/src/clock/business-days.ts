/**
 * @module business-days
 * Business-day arithmetic for settlement: refunds and payouts settle after a number of business days.
 * Business days are Monday to Friday in UTC; the mock knows no public holidays.
 */

const DAY_MS = 86_400_000

/**
 * Adds `days` business days to `fromMs`, keeping the time of day. Each step moves one calendar day and
 * skips Saturdays and Sundays, so Friday 10:00 + 1 business day is Monday 10:00.
 *
 * @example
 * ```ts
 * addBusinessDays(Date.parse('2026-11-06T10:00:00Z'), 1) // Monday 2026-11-09T10:00:00Z
 * ```
 */
export function addBusinessDays(fromMs: number, days: number): number {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`[mock] business days must be an integer >= 0, got ${days}`)
  let t = fromMs
  for (let i = 0; i < days; i++) {
    t += DAY_MS
    while (isWeekend(t)) t += DAY_MS
  }
  return t
}

function isWeekend(ms: number): boolean {
  const day = new Date(ms).getUTCDay()
  return day === 0 || day === 6
}
