import { describe, expect, it } from 'vitest'
import { GATEWAY_OPERATIONS } from './operations.js'
import { OPERATION_RESULTS } from './operation-schemas.js'
import { isUtcTimestamp, UTC_TIMESTAMP_FIELDS } from './timestamps.js'

describe('UTC timestamps', () => {
  it('a UTC timestamp ends in Z; an offset, even +00:00, a date alone or an impossible date is not one', () => {
    expect(isUtcTimestamp('2026-03-02T09:00:00Z')).toBe(true)
    expect(isUtcTimestamp('2026-03-02T09:00:00.123Z')).toBe(true)
    for (const value of [
      '2026-03-02T16:00:00+07:00',
      '2026-03-02T09:00:00+00:00',
      '2026-03-02',
      '2026-13-02T09:00:00Z',
    ])
      expect(isUtcTimestamp(value), value).toBe(false)
    expect(isUtcTimestamp(1767225600)).toBe(false)
  })

  it('every field named as UTC is a field of its operation’s result schema', () => {
    for (const operation of Object.keys(GATEWAY_OPERATIONS) as Array<keyof typeof UTC_TIMESTAMP_FIELDS>) {
      const shape = (OPERATION_RESULTS[operation] as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def
        .shape
      for (const field of UTC_TIMESTAMP_FIELDS[operation]) expect(shape?.[field], `${operation}.${field}`).toBeDefined()
    }
  })
})
