/**
 * @module control-clock
 * The control API's passing of time: reading the mock clock and the era in force, moving the clock (what
 * became due runs before the move answers, unless `autoSettle` is off), and `settle()`, which runs what is
 * due whatever `autoSettle` says (the HTTP server's tick calls it once a second).
 */
import type { ContractEra } from '@merchant-gateway/contract'
import { addBusinessDays } from '../clock/business-days.js'
import { CLOCK_RANGE, isoInstantRefusal, OutsideClockRangeError, toEpochMs, type TimeInput } from '../clock/clock.js'
import { RuleError } from '../domain/rule-error.js'
import { runDue } from '../domain/settlement.js'
import { eraNow } from '../domain/timeline.js'
import { validate } from '../http/validate.js'
import type { ControlContext } from './control-context.js'
import { setClockBody } from './control-schemas.js'

/**
 * `mock.clock`: reads and moves the mock clock.
 *
 * @inline
 * @example
 * ```ts
 * const clock: ClockControl = mock.clock
 * ```
 */
export interface ClockControl {
  /** The mock's current time, ISO 8601. */
  now: () => string
  /**
   * The contract era in force at the mock's current time (always the current one with `releaseTimeline:
   * 'current'`).
   */
  era: () => ContractEra
  /** Whether the clock stands still (moved only by set and advance) or runs with real time. */
  frozen: () => boolean
  /**
   * Moves the clock to a point in time; what became due settles and due webhook retries run (unless autoSettle is
   * off).
   */
  set: (time: TimeInput) => Promise<{ now: string }>
  /**
   * Moves the clock forward by `ms`; what became due settles and due webhook retries run (unless autoSettle is
   * off).
   */
  advance: (ms: number) => Promise<{ now: string }>
  /**
   * Moves the clock to the same time of day `days` business days later (weekends skipped, as settlement
   * counts them); what became due settles.
   */
  advanceBusinessDays: (days: number) => Promise<{ now: string }>
}

/**
 * Builds `mock.clock`. Each move runs what became due before it answers (unless `autoSettle` is off) and
 * waits for the webhook attempts that started.
 *
 * @example
 * ```ts
 * await clockControl(control).advance(5 * 86_400_000) // what became due settles before it answers
 * ```
 */
export function clockControl({ ctx, withDeliveries, runDueIfAuto }: ControlContext): ClockControl {
  return {
    now: () => ctx.clock.iso(),
    era: () => eraNow(ctx),
    frozen: () => ctx.clock.frozen,
    set: (time) => {
      const target = checkedTime(time)
      return withDeliveries(() => {
        ctx.clock.set(target)
        runDueIfAuto()
        return { now: ctx.clock.iso() }
      })
    },
    advance: (ms) => {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
        throw new RuleError(400, 'advanceMs must be a finite number >= 0')
      return withDeliveries(() => {
        // Checked inside the queue, against the time the move starts from: a move past the clock's
        // range is refused before anything moves.
        if (ctx.clock.now() + ms > CLOCK_RANGE.max)
          throw new RuleError(400, `advanceMs would move the clock past ${new Date(CLOCK_RANGE.max).toISOString()}`)
        ctx.clock.advance(ms)
        runDueIfAuto()
        return { now: ctx.clock.iso() }
      })
    },
    advanceBusinessDays: (days) => {
      const checked = validate(setClockBody, { businessDays: days }).businessDays!
      return withDeliveries(() => {
        const target = addBusinessDays(ctx.clock.now(), checked)
        if (target > CLOCK_RANGE.max) throw new RuleError(400, 'businessDays would move the clock past its range')
        ctx.clock.set(target)
        runDueIfAuto()
        return { now: ctx.clock.iso() }
      })
    },
  }
}

/**
 * `mock.settle`: runs what is due now, whatever `autoSettle` says, and waits for the webhook attempts it
 * started. Counted for `version()` only when it settled or attempted something.
 *
 * @example
 * ```ts
 * const { settled } = await settleControl(control)()
 * ```
 */
export function settleControl({ ctx, withDeliveries }: ControlContext) {
  return (): Promise<{ settled: number }> =>
    withDeliveries(
      () => ({ settled: runDue(ctx, 'asked').settled }),
      ({ settled }, started) => settled > 0 || started > 0,
    )
}

/**
 * A time given to `clock.set`, or a 400: for text, in the words of every other way of setting the clock (what is
 * expected and why the text is none); for a real time outside the clock's range, the range.
 */
function checkedTime(time: TimeInput): number {
  const refused = typeof time === 'string' ? isoInstantRefusal('now', time) : undefined
  if (refused !== undefined) throw new RuleError(400, refused)
  try {
    return toEpochMs(time)
  } catch (error) {
    const range =
      error instanceof OutsideClockRangeError ? ' from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z' : ''
    throw new RuleError(400, `now must be an ISO 8601 date${range}, got ${JSON.stringify(time)?.slice(0, 60)}`)
  }
}
