/**
 * @module control/control-clock.test
 * Setting the mock clock in code: `createMockGateway({ clock: { now } })` and `mock.clock.set()` take a time as
 * ISO 8601 with its zone (or a date alone, UTC midnight), and refuse other text in the words of every way of setting
 * the clock, leaving the clock where it was.
 */
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../create-mock-gateway.js'
import { isRuleError } from '../domain/rule-error.js'
import { REFUSED_TIMES } from '../clock/refused-times.test-data.js'

const MONDAY = '2026-11-02T09:00:00.000Z'

/** The refusal a call threw or was rejected with (a `RuleError`), as status and message. */
async function refusal(call: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call()
  } catch (error) {
    if (isRuleError(error)) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('the mock clock set in code', () => {
  it.each(REFUSED_TIMES)(
    'createMockGateway({ clock: { now: %j } }) throws a [mock] RangeError naming it',
    (now, why) => {
      expect(() => createMockGateway({ clock: { now } })).toThrow(
        new RangeError(
          `[mock] a time given to the clock must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "${now}"${why}`,
        ),
      )
    },
  )

  it.each(REFUSED_TIMES)('mock.clock.set(%j) is a RuleError 400 naming it; the clock stays', async (now, why) => {
    const mock = createMockGateway({ clock: { now: MONDAY, frozen: true } })
    expect(await refusal(() => mock.clock.set(now))).toEqual({
      status: 400,
      message: `now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got "${now}"${why}`,
    })
    expect(mock.clock.now()).toBe(MONDAY)
  })

  it('both take a time with Z or an offset, with fractional seconds, and a date alone (UTC midnight)', async () => {
    expect(createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } }).clock.now()).toBe(MONDAY)
    const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00.123+07:00', frozen: true } })
    expect(mock.clock.now()).toBe('2026-11-02T02:00:00.123Z')
    expect(await mock.clock.set('2026-11-02T16:00:00.123+07:00')).toEqual({ now: '2026-11-02T09:00:00.123Z' })
    expect(await mock.clock.set('2026-11-03')).toEqual({ now: '2026-11-03T00:00:00.000Z' })
    expect(mock.clock.now()).toBe('2026-11-03T00:00:00.000Z')
  })
})
