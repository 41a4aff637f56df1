import { describe, expect, it } from 'vitest'
import { REDACTED, redactHeaders } from './logger.js'

describe('redactHeaders', () => {
  it(
    'redacts the API key, the signature, bearer tokens, cookies and any ' +
      'header named like a secret, token, password, session or API key',
    () => {
      const headers = new Headers({
        'X-Api-Key': 'mk_live_1',
        'X-Signature': 'ab'.repeat(32),
        Authorization: 'Bearer eyJhbGciOi',
        'Proxy-Authorization': 'Basic dXNlcg==',
        Cookie: 'sid=1',
        'X-Partner-Token': 'ptk_1',
        'X-Client-Secret': 'cs_1',
        'X-Session-Id': 's_1',
        'X-Db-Password': 'hunter2',
        'Api-Key': 'k_2',
      })
      const redacted = redactHeaders(headers)
      expect(Object.values(redacted)).toEqual(Array(10).fill(REDACTED))
    },
  )

  it('keeps what helps to debug: the idempotency key, the timestamp, content type, user agent, trace headers', () => {
    const headers = new Headers({
      'X-Idempotent-Key': 'k-1',
      'X-Timestamp': '1793610000',
      'Content-Type': 'application/json',
      'User-Agent': 'merchant-gateway-sdk/0.1.0 node/24.9.0',
      traceparent: '00-1-2-01',
    })
    expect(redactHeaders(headers)).toEqual({
      'x-idempotent-key': 'k-1',
      'x-timestamp': '1793610000',
      'content-type': 'application/json',
      'user-agent': 'merchant-gateway-sdk/0.1.0 node/24.9.0',
      traceparent: '00-1-2-01',
    })
  })
})
