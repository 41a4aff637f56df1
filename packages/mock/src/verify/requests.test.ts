/**
 * @module verify/requests.test
 * The scenario's requests: under the base URL's own path, and signed through the contract's signer.
 */
import { signer } from '@merchant-gateway/contract/crypto'
import { describe, expect, it } from 'vitest'
import { requestsFor, serviceUrl } from './requests.js'

const side = {
  fetch,
  baseUrl: 'https://sandbox.example/gateway/',
  apiKey: 'mk_test',
  apiSecret: 'sk_test',
  nowMs: () => Date.parse('2026-11-02T09:00:00Z'),
}

describe('the requests verify sends', () => {
  it('keeps the base URL’s path', () => {
    expect(serviceUrl('https://sandbox.example/gateway/', '/api/v1/x')).toBe('https://sandbox.example/gateway/api/v1/x')
    expect(requestsFor(side).plain('/api/v1/x').url).toBe('https://sandbox.example/gateway/api/v1/x')
  })

  it('signs the raw body and X-Timestamp with the secret, as the contract’s signer verifies it', async () => {
    const request = await requestsFor(side).signed('/api/v1/payment-gateway/order/refund', {
      orderId: 1,
      refundAmount: 0.01,
    })
    const body = await request.text()
    const timestamp = request.headers.get('X-Timestamp')!
    expect(timestamp).toBe(String(Date.parse('2026-11-02T09:00:00Z') / 1000))
    const signature = request.headers.get('X-Signature')
    expect(await signer.verifyRequest({ secret: 'sk_test', body, timestamp, signature })).toBe(true)
    expect(await signer.verifyRequest({ secret: 'sk_other', body, timestamp, signature })).toBe(false)
  })

  it('sends a signed request under the key it is given, so it can be sent again under the same one', async () => {
    const requests = requestsFor(side)
    const key = 'a4c5a3f6-1b7e-4a55-9b1a-2f3c4d5e6f70'
    const [first, again, other] = await Promise.all([
      requests.signed('/p', { a: 1 }, { key }),
      requests.signed('/p', { a: 1 }, { key }),
      requests.signed('/p', { a: 1 }),
    ])
    expect([first.headers.get('X-Idempotent-Key'), again.headers.get('X-Idempotent-Key')]).toEqual([key, key])
    expect(other.headers.get('X-Idempotent-Key')).not.toBe(key)
    const bad = await requests.signed('/p', { a: 1 }, { secret: 'sk_test-not-the-secret' })
    expect(bad.headers.get('X-Signature')).not.toBe(first.headers.get('X-Signature'))
  })
})
