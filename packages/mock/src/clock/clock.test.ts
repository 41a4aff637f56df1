import { describe, expect, it } from 'vitest'
import { isoInstantRefusal, MockClock, OutsideClockRangeError, parseIsoInstant, toEpochMs } from './clock.js'
import { REFUSED_TIMES } from './refused-times.test-data.js'

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

describe('the ISO 8601 text the clock takes', () => {
  it.each(REFUSED_TIMES)(
    'new MockClock and clock.set refuse %j with a [mock] RangeError; the clock stays',
    (text, why) => {
      const message =
        '[mock] a time given to the clock must be an ISO 8601 date such as 2026-11-02T09:00:00Z, ' +
        `got "${text}"${why}`
      expect(() => new MockClock({ now: text })).toThrow(new RangeError(message))
      const clock = new MockClock({ now: '2026-11-02T09:00:00Z', frozen: true })
      expect(() => clock.set(text)).toThrow(new RangeError(message))
      expect(clock.iso()).toBe('2026-11-02T09:00:00.000Z')
    },
  )

  it('a time without a zone is refused whatever zone this machine is in, never read as local time', () => {
    const zone = process.env.TZ
    process.env.TZ = 'Asia/Phnom_Penh'
    try {
      expect(() => new MockClock({ now: '2026-11-02T09:00:00' })).toThrow(/a time needs its zone/)
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('takes a time with Z or an offset, with or without seconds and fraction, and a date alone (UTC midnight)', () => {
    expect(new MockClock({ now: '2026-11-02T09:00:00Z', frozen: true }).iso()).toBe('2026-11-02T09:00:00.000Z')
    const clock = new MockClock({ now: '2026-11-02T09:00:00.123+07:00', frozen: true })
    expect(clock.iso()).toBe('2026-11-02T02:00:00.123Z')
    expect(clock.set('2026-11-02T16:00:00.123+07:00')).toBe(Date.UTC(2026, 10, 2, 9, 0, 0, 123))
    expect(parseIsoInstant('2026-11-02')).toBe(Date.UTC(2026, 10, 2))
    expect(parseIsoInstant('2026-11-02T09:30Z')).toBe(Date.UTC(2026, 10, 2, 9, 30))
    expect(parseIsoInstant('2026-11-02T09:30:00-02:30')).toBe(Date.UTC(2026, 10, 2, 12, 0))
    expect(parseIsoInstant('2026-11-02T09:00:00.1234567Z')).toBe(Date.UTC(2026, 10, 2, 9, 0, 0, 123))
    expect(parseIsoInstant('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29))
    expect(parseIsoInstant('2000-02-29')).toBe(Date.UTC(2000, 1, 29))
  })

  it.each([
    ['2026-02-29', 'the calendar has no day 2026-02-29'],
    ['2100-02-29', 'the calendar has no day 2100-02-29'],
    ['2026-04-31T00:00:00Z', 'the calendar has no day 2026-04-31'],
    ['2026-13-01', 'the calendar has no day 2026-13-01'],
    ['2026-00-10', 'the calendar has no day 2026-00-10'],
    ['2026-11-00', 'the calendar has no day 2026-11-00'],
    ['2026-11-02T24:00:00Z', 'a day has no time 24:00:00'],
    ['2026-11-02T09:60Z', 'a day has no time 09:60'],
    ['2026-11-02T23:59:60Z', 'a day has no time 23:59:60'],
    ['2026-11-02T09:00:00+24:00', 'there is no offset +24:00'],
    ['2026-11-02T09:00:00+07:60', 'there is no offset +07:60'],
    ['2026-11-02T09:00', 'a time needs its zone'],
    ['2026-11-02T09:00:00.5', 'a time needs its zone'],
  ])('%j is no instant: %s', (text, why) => {
    expect(parseIsoInstant(text)).toBeNaN()
    expect(isoInstantRefusal('now', text)).toContain(`got "${text}": ${why}`)
  })

  it.each([
    '1',
    '-1',
    '2026',
    '2026-11',
    '2026-11-02Z',
    '2026-11-02T09Z',
    '2026-11-02T09:00:00+0700',
    ' 2026-11-02',
    '20261102',
  ])('%j is not of the form: no other form is guessed at', (text) => {
    expect(parseIsoInstant(text)).toBeNaN()
    expect(isoInstantRefusal('--now', text)).toBe(
      `--now must be an ISO 8601 date such as 2026-11-02T09:00:00Z, got ${JSON.stringify(text)}`,
    )
  })

  it("the range is the clock's to refuse: a real instant outside it is read, then refused by toEpochMs", () => {
    expect(parseIsoInstant('1969-12-31T23:59:59Z')).toBe(-1000)
    expect(() => toEpochMs('1969-12-31T23:59:59Z')).toThrow(OutsideClockRangeError)
    expect(parseIsoInstant('+010000-01-01T00:00:00Z')).toBe(Date.UTC(10000, 0, 1))
    expect(parseIsoInstant('+275761-01-01T00:00:00Z')).toBeGreaterThan(8.64e15)
    expect(() => toEpochMs('+275761-01-01T00:00:00Z')).toThrow(OutsideClockRangeError)
  })
})
