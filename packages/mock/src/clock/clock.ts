/**
 * @module clock
 * The one clock of a mock instance. Everything time-dependent reads it: QR expiry, the 24 h idempotency
 * window, settlement after business days, the release timeline, webhook timestamps. A test moves it
 * with `set` and `advance` instead of sleeping.
 */

/**
 * A point in time accepted by the clock: a `Date`, epoch milliseconds, or an ISO 8601 string.
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
export const CLOCK_RANGE = { min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const

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
 * outside {@link CLOCK_RANGE} (an {@link OutsideClockRangeError}).
 *
 * @example
 * ```ts
 * toEpochMs('2026-03-16T00:00:00Z') // 1773619200000
 * ```
 */
export function toEpochMs(time: TimeInput): number {
  const ms =
    time instanceof Date
      ? time.getTime()
      : typeof time === 'number'
        ? time
        : typeof time === 'string'
          ? Date.parse(time)
          : Number.NaN
  if (!Number.isFinite(ms)) throw new RangeError(`[mock] not a valid point in time: ${String(time).slice(0, 60)}`)
  if (ms < CLOCK_RANGE.min || ms > CLOCK_RANGE.max) {
    throw new OutsideClockRangeError(
      `[mock] the clock holds 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, not ${String(time).slice(0, 60)}`,
    )
  }
  return Math.floor(ms)
}
