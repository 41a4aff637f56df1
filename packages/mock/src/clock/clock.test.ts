import { describe, expect, it } from 'vitest'
import { MockClock, OutsideClockRangeError, toEpochMs } from './clock.js'

describe('MockClock', () => {
  it('a frozen clock stands still until set or advanced', () => {
    const clock = new MockClock({ now: '2026-11-02T09:00:00Z', frozen: true })
    const first = clock.now()
    expect(clock.now()).toBe(first)
    clock.advance(1500)
    expect(clock.iso()).toBe('2026-11-02T09:00:01.500Z')
  })

  it('a ticking clock starts at the given time and follows real time', () => {
    const clock = new MockClock({ now: '2020-01-01T00:00:00Z' })
    const drift = clock.now() - Date.parse('2020-01-01T00:00:00Z')
    expect(drift).toBeGreaterThanOrEqual(0)
    expect(drift).toBeLessThan(5_000)
  })

  it('set moves the clock to a point in time, backwards too', () => {
    const clock = new MockClock({ now: '2026-11-02T09:00:00Z', frozen: true })
    expect(clock.set('2026-03-15T00:00:00Z')).toBe(Date.parse('2026-03-15T00:00:00Z'))
    expect(clock.iso()).toBe('2026-03-15T00:00:00.000Z')
  })

  it('reset returns to the start point', () => {
    const clock = new MockClock({ now: '2026-11-02T09:00:00Z', frozen: true })
    clock.advance(86_400_000)
    clock.reset()
    expect(clock.iso()).toBe('2026-11-02T09:00:00.000Z')
  })

  it('advance refuses negative and non-finite durations', () => {
    const clock = new MockClock({ frozen: true })
    expect(() => clock.advance(-1)).toThrow(RangeError)
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError)
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })

  it('toEpochMs accepts Date, epoch ms and ISO strings and refuses the rest', () => {
    expect(toEpochMs(new Date(5))).toBe(5)
    expect(toEpochMs(7)).toBe(7)
    expect(toEpochMs('1970-01-01T00:00:00.010Z')).toBe(10)
    expect(() => toEpochMs('yesterday')).toThrow(RangeError)
    expect(() => toEpochMs(Number.NaN)).toThrow(RangeError)
  })

  it('toEpochMs refuses an instant outside the clock range with its own RangeError, told apart by class', () => {
    expect(() => toEpochMs('+010000-01-01T00:00:00Z')).toThrow(OutsideClockRangeError)
    expect(() => toEpochMs(-1)).toThrow(OutsideClockRangeError)
    expect(() => toEpochMs(-1)).toThrow(RangeError)
    expect(() => toEpochMs('yesterday')).not.toThrow(OutsideClockRangeError)
  })
})
