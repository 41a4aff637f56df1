import { describe, expect, it } from 'vitest'
import { HEADERS } from './headers.js'

describe('headers', () => {
  it('the signed-request headers are spelled as in the gateway documentation', () => {
    expect([HEADERS.apiKey, HEADERS.timestamp, HEADERS.signature, HEADERS.idempotentKey]).toEqual([
      'X-Api-Key',
      'X-Timestamp',
      'X-Signature',
      'X-Idempotent-Key',
    ])
  })

  it('the deprecation and obsolete headers are spelled as in the gateway documentation', () => {
    expect(HEADERS.deprecationWarning).toBe('X-Service-Deprecation-Warning')
    expect(HEADERS.appId).toBe('X-App-Id')
  })
})
