import { describe, expect, it } from 'vitest'
import { checkAmount, formatAmount, fromMinorUnits, toMinorUnits } from './money.js'
import { LIMITS } from './limits.js'

describe('toMinorUnits', () => {
  it.each([
    [0.1, 10],
    [0.29, 29],
    [19.99, 1999],
    [12.5, 1250],
    [1, 100],
    [0.01, 1],
    [1_000_000.07, 100_000_007],
  ])('USD amount %s with at most 2 decimals converts exactly to %s cents', (amount, minor) => {
    expect(toMinorUnits(amount, 'USD')).toBe(minor)
  })

  it.each([1.005, 0.001, 0.015, 12.345, 0.1 + 0.2])(
    'USD amount %s with more decimals than the currency allows is rejected',
    (amount) => {
      expect(toMinorUnits(amount, 'USD')).toBeUndefined()
    },
  )

  it('0.1 + 0.2 is rejected because its wire form 0.30000000000000004 has 17 decimals, while 0.3 is accepted', () => {
    expect(JSON.stringify(0.1 + 0.2)).toBe('0.30000000000000004')
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBeUndefined()
    expect(toMinorUnits(0.3, 'USD')).toBe(30)
  })

  it('KHR amounts must be whole riel', () => {
    expect(toMinorUnits(4000, 'KHR')).toBe(4000)
    expect(toMinorUnits(1.5, 'KHR')).toBeUndefined()
    expect(toMinorUnits(0.1, 'KHR')).toBeUndefined()
  })

  it('non-finite amounts have no minor units', () => {
    expect(toMinorUnits(Number.NaN, 'USD')).toBeUndefined()
    expect(toMinorUnits(Number.POSITIVE_INFINITY, 'USD')).toBeUndefined()
    expect(toMinorUnits(Number.NEGATIVE_INFINITY, 'KHR')).toBeUndefined()
  })

  it('amounts beyond Number.MAX_SAFE_INTEGER minor units are not represented', () => {
    expect(toMinorUnits(1e300, 'USD')).toBeUndefined()
    expect(toMinorUnits(2 ** 53, 'KHR')).toBeUndefined()
  })

  it('sign is kept and zero is never -0', () => {
    expect(toMinorUnits(-12.5, 'USD')).toBe(-1250)
    expect(Object.is(toMinorUnits(-0, 'USD'), 0)).toBe(true)
  })

  it('every cent amount survives the round trip through minor units', () => {
    const broken: number[] = []
    for (let cents = 0; cents <= 1_000_000; cents++) {
      if (toMinorUnits(fromMinorUnits(cents, 'USD'), 'USD') !== cents) broken.push(cents)
    }
    expect(broken).toEqual([])
  })
})

describe('fromMinorUnits', () => {
  it('divides by the currency scale', () => {
    expect(fromMinorUnits(1999, 'USD')).toBe(19.99)
    expect(fromMinorUnits(4000, 'KHR')).toBe(4000)
  })
})

describe('formatAmount', () => {
  it.each([
    [1250, 'USD', '12.50 USD'],
    [5, 'USD', '0.05 USD'],
    [0, 'USD', '0.00 USD'],
    [-1250, 'USD', '-12.50 USD'],
    [4000, 'KHR', '4000 KHR'],
    [LIMITS.maxAmountMinor, 'USD', '10000000000.00 USD'],
  ] as const)('%s minor %s formats as %s', (minor, currency, text) => {
    expect(formatAmount(minor, currency)).toBe(text)
  })

  it('non-integer minor units are a programming error', () => {
    expect(() => formatAmount(12.5, 'USD')).toThrow(RangeError)
  })
})

describe('checkAmount', () => {
  it('a valid amount yields its minor units', () => {
    expect(checkAmount(12.5, 'USD')).toEqual({ ok: true, minor: 1250 })
    expect(checkAmount(4000, 'KHR')).toEqual({ ok: true, minor: 4000 })
  })

  it.each([
    ['a string', '12.5'],
    ['null', null],
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['1e999 parsed from JSON', (JSON.parse('{"amount":1e999}') as { amount: number }).amount],
  ])('amount that is %s is rejected as not a finite number', (_label, amount) => {
    expect(checkAmount(amount, 'USD')).toEqual({ ok: false, message: 'amount must be a finite number' })
  })

  it.each([0, -0, -1, -0.01])('amount %s that is not above zero is rejected', (amount) => {
    expect(checkAmount(amount, 'USD')).toEqual({ ok: false, message: 'amount must be greater than 0' })
  })

  it('amount with more decimals than the currency allows is rejected with the allowed precision', () => {
    expect(checkAmount(1.005, 'USD')).toEqual({
      ok: false,
      message: 'amount must have at most 2 decimal places for USD',
    })
    expect(checkAmount(0.001, 'USD')).toEqual({
      ok: false,
      message: 'amount must have at most 2 decimal places for USD',
    })
    expect(checkAmount(1.5, 'KHR')).toEqual({ ok: false, message: 'amount must be a whole number for KHR' })
  })

  it('the maximum amount is accepted and one minor unit more is rejected', () => {
    expect(checkAmount(10_000_000_000, 'USD')).toEqual({ ok: true, minor: LIMITS.maxAmountMinor })
    expect(checkAmount(10_000_000_000.01, 'USD')).toEqual({
      ok: false,
      message: 'amount must be at most 10000000000.00 USD',
    })
    expect(checkAmount(LIMITS.maxAmountMinor, 'KHR')).toEqual({ ok: true, minor: LIMITS.maxAmountMinor })
    expect(checkAmount(LIMITS.maxAmountMinor + 1, 'KHR')).toEqual({
      ok: false,
      message: 'amount must be at most 1000000000000 KHR',
    })
  })

  it('a huge finite amount is reported as too large, not as too precise', () => {
    expect(checkAmount(1.7e308, 'USD')).toEqual({ ok: false, message: 'amount must be at most 10000000000.00 USD' })
  })

  it('sums of maximum amounts stay exact integers', () => {
    expect(Number.isSafeInteger(LIMITS.maxAmountMinor * 1000)).toBe(true)
  })
})
