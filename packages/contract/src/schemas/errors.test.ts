import { describe, expect, it } from 'vitest'
import { STATUS_NAMES } from './errors.js'

describe('STATUS_NAMES', () => {
  it('names the statuses the gateway documentation shows as in its status-style bodies', () => {
    expect(STATUS_NAMES[400]).toBe('Bad Request')
    expect(STATUS_NAMES[401]).toBe('Unauthorized')
    expect(STATUS_NAMES[404]).toBe('Not Found')
    expect(STATUS_NAMES[500]).toBe('Internal Server Error')
  })

  it('names the statuses the mock adds', () => {
    expect([409, 413, 422, 429, 502, 503, 504].map((s) => STATUS_NAMES[s])).toEqual([
      'Conflict',
      'Payload Too Large',
      'Unprocessable Entity',
      'Too Many Requests',
      'Bad Gateway',
      'Service Unavailable',
      'Gateway Timeout',
    ])
  })

  it('an unlisted status has no name', () => {
    expect(STATUS_NAMES[418]).toBeUndefined()
  })
})
