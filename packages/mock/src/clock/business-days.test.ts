import { describe, expect, it } from 'vitest'
import { addBusinessDays } from './business-days.js'

const at = (iso: string) => Date.parse(iso)

describe('addBusinessDays', () => {
  it('counts Monday to Friday and keeps the time of day', () => {
    expect(new Date(addBusinessDays(at('2026-11-02T09:00:00Z'), 3)).toISOString()).toBe('2026-11-05T09:00:00.000Z')
  })

  it('skips the weekend: Friday + 1 business day is Monday', () => {
    expect(new Date(addBusinessDays(at('2026-11-06T10:00:00Z'), 1)).toISOString()).toBe('2026-11-09T10:00:00.000Z')
  })

  it('a request on Saturday + 1 business day settles on Monday', () => {
    expect(new Date(addBusinessDays(at('2026-11-07T12:00:00Z'), 1)).toISOString()).toBe('2026-11-09T12:00:00.000Z')
  })

  it('5 business days from Wednesday span a weekend', () => {
    expect(new Date(addBusinessDays(at('2026-11-04T00:00:00Z'), 5)).toISOString()).toBe('2026-11-11T00:00:00.000Z')
  })

  it('0 business days is now, and a fraction or negative count is refused', () => {
    expect(addBusinessDays(1000, 0)).toBe(1000)
    expect(() => addBusinessDays(0, 1.5)).toThrow(RangeError)
    expect(() => addBusinessDays(0, -1)).toThrow(RangeError)
  })
})
