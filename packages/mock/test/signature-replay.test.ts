/**
 * The request signature covers the body and X-Timestamp, not X-Idempotent-Key: a signed refund re-sent
 * within the timestamp window with a fresh key is processed again. That is the documented service and the
 * mock's default; the opt-in strict mode `rejectReplayedSignatures` refuses such a replay, so a merchant
 * can test that their own code never replays a signed request.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { balance, newMerchant, newMock, paidOrder, signedCall } from './harness.js'

async function world(rejectReplayedSignatures: boolean) {
  const mock = newMock({ rejectReplayedSignatures })
  const m = await newMerchant(mock)
  const { orderId } = await paidOrder(mock, m, 40)
  return { mock, m, orderId, body: { orderId, refundAmount: 5 } }
}

describe('a signed request replayed with a fresh idempotency key', () => {
  it('by default (the documented service) is processed again: two refunds', async () => {
    const { mock, m, body } = await world(false)
    const timestamp = String(Math.floor(Date.parse(mock.clock.now()) / 1000))
    const first = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k1', timestamp })
    const replay = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k2', timestamp })
    expect([first.status, replay.status]).toEqual([200, 200])
    expect(replay.body.data.transactionId).not.toBe(first.body.data.transactionId)
    expect((await balance(mock, m)).usd.freeze).toBe(10)
  })

  it(
    'with rejectReplayedSignatures is 401 replayed_signature and moves ' +
      'nothing; a retry with the same key still replays',
    async () => {
      const { mock, m, body } = await world(true)
      const timestamp = String(Math.floor(Date.parse(mock.clock.now()) / 1000))
      const first = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k1', timestamp })
      const replay = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k2', timestamp })
      expect(replay.status).toBe(401)
      expect(replay.body.error).toMatchObject({
        code: 'replayed_signature',
        message: expect.stringMatching(/already sent with another X-Idempotent-Key/),
      })
      const retry = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k1', timestamp })
      expect(retry.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect(retry.body).toEqual(first.body)
      expect((await balance(mock, m)).usd.freeze).toBe(5)
    },
  )

  it(
    'with rejectReplayedSignatures, the same body signed at another second ' + 'is a new signature and goes through',
    async () => {
      const { mock, m, body } = await world(true)
      const now = Math.floor(Date.parse(mock.clock.now()) / 1000)
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k1', timestamp: String(now) })
      const resigned = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, {
        key: 'k2',
        timestamp: String(now - 1),
      })
      expect(resigned.status).toBe(200)
    },
  )

  it(
    'a signature is forgotten once its timestamp left the window: after ' +
      'that it is refused as a stale timestamp, not remembered',
    async () => {
      const { mock, m, body } = await world(true)
      const timestamp = String(Math.floor(Date.parse(mock.clock.now()) / 1000))
      await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k1', timestamp })
      await mock.clock.advance(301_000)
      const late = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, body, { key: 'k2', timestamp })
      expect(late.body.error.code).toBe('invalid_timestamp')
    },
  )
})
