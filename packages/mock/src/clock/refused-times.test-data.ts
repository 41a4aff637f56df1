/**
 * @module clock/refused-times.test-data
 * Text the mock clock refuses, each with the reason its refusal ends with ('' for text not of the ISO form at all):
 * a day the calendar lacks, a time without its zone, and a date in another form. The clock's tests and those of
 * every way of setting it read the same list.
 */

/**
 * The refused texts and the ends of their refusals.
 *
 * @example
 * ```ts
 * it.each(REFUSED_TIMES)('refuses %j', (text, why) => expect(isoInstantRefusal('now', text)).toMatch(why))
 * ```
 */
export const REFUSED_TIMES = [
  ['2026-02-30T00:00:00Z', ': the calendar has no day 2026-02-30'],
  [
    '2026-11-02T09:00:00',
    ': a time needs its zone (Z for UTC, or an offset such as +07:00); it is not read as local time',
  ],
  ['Nov 2 2026', ''],
] as const
