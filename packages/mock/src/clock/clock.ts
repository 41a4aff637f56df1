/**
 * @module clock
 * The one clock of a mock instance. Everything time-dependent reads it: QR expiry, the 24 h idempotency
 * window, settlement after business days, the release timeline, webhook timestamps. A test moves it
 * with `set` and `advance` instead of sleeping.
 */

/**
 * A point in time accepted by the clock: a `Date`, epoch milliseconds, or an ISO 8601 string: a time with its zone
 * (`Z` or an offset such as `+07:00`), or a date alone for UTC midnight; a time without a zone, or a day or time the
 * calendar lacks (`2026-02-30`), is refused.
 *
 * @example
 * ```ts
 * await mock.clock.set('2026-03-16T00:00:00Z')
 * await mock.clock.set(Date.UTC(2026, 2, 16))
 * await mock.clock.set(new Date('2026-03-16T00:00:00Z'))
 * ```
 */
export type TimeInput = Date | number | string

/**
 * How a mock clock starts and runs.
 *
 * @example
 * ```ts
 * const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
 * mock.clock.now() // '2026-11-02T09:00:00.000Z', until the test moves it
 * ```
 */
export interface ClockOptions {
  /** Where the clock starts. Default: the real current time. */
  now?: TimeInput
  /**
   * When true the clock stands still between `set`/`advance` calls, so a test sees the same instant on
   * every request. When false it ticks with real time from its start point. Default: false.
   */
  frozen?: boolean
}

/**
 * The mock's clock.
 *
 * @example
 * ```ts
 * const clock = new MockClock({ now: '2026-11-02T09:00:00Z', frozen: true })
 * clock.advance(30 * 60_000)
 * clock.iso() // '2026-11-02T09:30:00.000Z'
 * ```
 */
export class MockClock {
  #offsetMs: number
  #frozenAt: number | undefined
  #frozen: boolean
  readonly #startMs: number
  readonly #startFrozen: boolean

  constructor(options: ClockOptions = {}) {
    const start = options.now === undefined ? Date.now() : toEpochMs(options.now)
    this.#startMs = start
    this.#startFrozen = options.frozen ?? false
    this.#frozen = this.#startFrozen
    this.#offsetMs = start - Date.now()
    this.#frozenAt = this.#frozen ? start : undefined
  }

  /** Whether the clock stands still (moved only by set and advance) or runs with real time. */
  get frozen(): boolean {
    return this.#frozen
  }

  /** Current time in epoch milliseconds. */
  now(): number {
    return this.#frozenAt ?? Date.now() + this.#offsetMs
  }

  /** Current time as an ISO 8601 UTC string. */
  iso(): string {
    return new Date(this.now()).toISOString()
  }

  /**
   * Moves the clock to a point in time (backwards too: a test may need to replay a date-dependent rule).
   * The clock runs nothing itself: what became due runs where the mock runs its due work (`runDue` in
   * domain/settlement.ts), which its callers reach after moving it.
   */
  set(time: TimeInput): number {
    const target = toEpochMs(time)
    if (this.#frozenAt !== undefined) this.#frozenAt = target
    else this.#offsetMs = target - Date.now()
    return this.now()
  }

  /**
   * Moves the clock forward by `ms` milliseconds (a finite number >= 0 that keeps the clock in {@link CLOCK_RANGE}).
   */
  advance(ms: number): number {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
      throw new RangeError(`[mock] advance expects a finite number of milliseconds >= 0, got ${ms}`)
    return this.set(this.now() + ms)
  }

  /** Back to the start point and the mode (frozen or running) the clock was created with. */
  reset(): void {
    this.restore(this.#startMs, this.#startFrozen)
  }

  /**
   * Puts the clock at `nowMs` in the mode a loaded state names: standing still there, or running on with real
   * time from there. Where it started (what {@link MockClock.reset} goes back to) does not change.
   */
  restore(nowMs: number, frozen: boolean): void {
    this.#frozen = frozen
    this.#offsetMs = nowMs - Date.now()
    this.#frozenAt = frozen ? nowMs : undefined
  }
}

/**
 * The instants the clock can hold: from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, the range
 * in which every date prints as ISO 8601 with a four-digit year and every timer on the clock stays exact.
 *
 * @example
 * ```ts
 * new Date(CLOCK_RANGE.max).toISOString() // '9999-12-31T23:59:59.999Z'
 * ```
 */
export const CLOCK_RANGE = { min: 0, max: /* @__PURE__ */ Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const

/**
 * What {@link toEpochMs} throws for a real instant outside {@link CLOCK_RANGE}: a `RangeError` like the one for
 * what is no instant at all, of its own class so that a caller can tell the two apart by type.
 *
 * @example
 * ```ts
 * try {
 *   toEpochMs('+010000-01-01T00:00:00Z')
 * } catch (error) {
 *   error instanceof OutsideClockRangeError // true; for 'yesterday' it is a plain RangeError
 * }
 * ```
 */
export class OutsideClockRangeError extends RangeError {}

/**
 * Converts a {@link TimeInput} to epoch milliseconds, refusing what is not a real instant (a `RangeError`) or is
 * outside {@link CLOCK_RANGE} (an {@link OutsideClockRangeError}). A string is read by {@link parseIsoInstant}.
 *
 * @example
 * ```ts
 * toEpochMs('2026-03-16T00:00:00Z') // 1773619200000
 * toEpochMs('2026-02-30T00:00:00Z') // throws RangeError: [mock] a time given to the clock must be ...
 * ```
 */
export function toEpochMs(time: TimeInput): number {
  const read = typeof time === 'string' ? readIsoInstant(time) : undefined
  if (read?.why !== undefined) throw new RangeError(refusal('[mock] a time given to the clock', String(time), read.why))
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : (read?.ms ?? Number.NaN)
  if (!Number.isFinite(ms)) throw new RangeError(`[mock] not a valid point in time: ${String(time).slice(0, 60)}`)
  if (ms < CLOCK_RANGE.min || ms > CLOCK_RANGE.max) {
    throw new OutsideClockRangeError(
      `[mock] the clock holds 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, not ${String(time).slice(0, 60)}`,
    )
  }
  return Math.floor(ms)
}

/**
 * The text the clock takes, in ISO 8601's extended form: a date (`YYYY-MM-DD`, or a signed six-digit year), then
 * optionally `T` (or `t`), a time (`hh:mm`, `hh:mm:ss`, `hh:mm:ss.fff` with any number of fraction digits) and
 * its zone, `Z` (or `z`) or an offset `+hh:mm`/`-hh:mm`. Groups: year, month, day, hour, minute, second,
 * fraction, `Z`, the offset's sign, hours and minutes. The zone is optional here only so that a time without one
 * is refused with its own reason.
 */
const ISO_INSTANT =
  /^([+-]\d{6}|\d{4})-(\d\d)-(\d\d)(?:[Tt](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?(?:([Zz])|([+-])(\d\d):(\d\d))?)?$/

/** The days of 400 Gregorian years: a date and the same date 400 years later are this far apart. */
const FOUR_CENTURIES_MS = 146_097 * 86_400_000

/** What {@link readIsoInstant} finds: the instant, or why the text is none ('' when it is not of the form). */
type IsoInstantReading = { ms: number; why?: undefined } | { ms?: undefined; why: string }

/**
 * Reads text as {@link ISO_INSTANT} writes an instant. The calendar fields must be real: they are put into a
 * `Date` and read back, and any that comes back different (February 30, hour 24, second 60, month 13) was
 * carried into another field, so there is no such day or time. A date alone is UTC midnight.
 */
function readIsoInstant(text: string): IsoInstantReading {
  const parts = ISO_INSTANT.exec(text)
  if (parts === null) return { why: '' }
  const [, year, month, day, hour, minute = '00', second, fraction = '', utc, sign, offsetH = '0', offsetM = '0'] =
    parts
  if (hour !== undefined && utc === undefined && sign === undefined)
    return { why: 'a time needs its zone (Z for UTC, or an offset such as +07:00); it is not read as local time' }
  if (Number(offsetH) > 23 || Number(offsetM) > 59) return { why: `there is no offset ${sign}${offsetH}:${offsetM}` }
  // Years 400 apart have the same calendar: the fields are checked in the matching year from 0 to 399, which
  // every `Date` holds, and the four centuries between are added back.
  const eras = Math.floor(Number(year) / 400)
  const at = new Date(0)
  at.setUTCFullYear(Number(year) - eras * 400, Number(month) - 1, Number(day))
  if (at.getUTCMonth() !== Number(month) - 1 || at.getUTCDate() !== Number(day))
    return { why: `the calendar has no day ${year}-${month}-${day}` }
  const time = [Number(hour ?? 0), Number(minute), Number(second ?? 0)] as const
  at.setUTCHours(...time)
  const back = [at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()]
  if (at.getUTCDate() !== Number(day) || back.some((field, i) => field !== time[i]))
    return { why: `a day has no time ${hour}:${minute}${second === undefined ? '' : `:${second}`}` }
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(offsetH) * 60 + Number(offsetM)) * 60_000
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'))
  return { ms: at.getTime() + eras * FOUR_CENTURIES_MS + millis - offsetMs }
}

/**
 * Epoch milliseconds of an ISO 8601 instant, or `NaN` (as `Date.parse`) for any other text. Stricter than
 * `Date.parse`: a time must name its zone (`Z` or `±hh:mm`; none would be this machine's local time), the
 * calendar fields must be real (no February 30, no hour 24), and no other form is guessed at (`Nov 2 2026`,
 * `2026`, `1`). A date alone (`2026-11-02`) is UTC midnight. Fraction digits past the millisecond are dropped.
 *
 * @example
 * ```ts
 * parseIsoInstant('2026-11-02T09:00:00Z') // 1793610000000
 * parseIsoInstant('2026-11-02T16:00:00.123+07:00') // 1793610000123
 * parseIsoInstant('2026-11-02') // 1793577600000, midnight UTC
 * parseIsoInstant('2026-02-30T00:00:00Z') // NaN, and so for '2026-11-02T09:00:00' and 'Nov 2 2026'
 * ```
 */
export function parseIsoInstant(text: string): number {
  return readIsoInstant(text).ms ?? Number.NaN
}

/**
 * The message refusing `text` given as `name` (`--now`, `now`), naming the text, the form expected and why it is
 * not one; undefined when {@link parseIsoInstant} takes it. Every way of setting the clock refuses in these words.
 *
 * @example
 * ```ts
 * isoInstantRefusal('now', '2026-02-30T00:00:00Z')
 * // 'now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "2026-02-30T00:00:00Z": the calendar has no
 * // day 2026-02-30'
 * isoInstantRefusal('now', '2026-11-02T09:00:00Z') // undefined
 * ```
 */
export function isoInstantRefusal(name: string, text: string): string | undefined {
  const { why } = readIsoInstant(text)
  return why === undefined ? undefined : refusal(name, text, why)
}

/** The refusal of `text` given as `name`, with the reason `why` (none: '') {@link readIsoInstant} found. */
function refusal(name: string, text: string, why: string): string {
  const shown = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}...` : text)
  return `${name} must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got ${shown}${why && `: ${why}`}`
}
