import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { balance, days, newMerchant, newMock, paidOrder, payout, refund, signedCall } from './harness.js'

const REFUND_ROUTE = `POST ${GATEWAY_PATHS.refundOrder}`

/** A sleep the test releases by hand, and a promise that says the request reached it. */
function gate() {
  let release!: () => void
  let reached!: () => void
  const released = new Promise<void>((r) => (release = r))
  const arrived = new Promise<void>((r) => (reached = r))
  return {
    sleep: () => {
      reached()
      return released
    },
    arrived,
    release,
  }
}

describe('idempotent refund and payout', () => {
  it('a replay with the same key and body returns the original status and body and moves no money', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 20)
    const first = await refund(mock, m, orderId, 5, 'key-1')
    const before = await balance(mock, m)
    const replay = await refund(mock, m, orderId, 5, 'key-1')
    expect(replay.status).toBe(first.status)
    expect(replay.body).toEqual(first.body)
    expect(replay.headers.get(HEADERS.idempotentReplayed)).toBe('true')
    expect(first.headers.get(HEADERS.idempotentReplayed)).toBeNull()
    expect(await balance(mock, m)).toEqual(before)
    expect(mock.audit()).toEqual([])
  })

  it('a replay is recognised when the client re-serialises the same body with another key order', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 20)
    const first = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, null, {
      key: 'k',
      rawBody: `{"orderId":${orderId},"refundAmount":5}`,
    })
    const again = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, null, {
      key: 'k',
      rawBody: `{ "refundAmount": 5, "orderId": ${orderId} }`,
    })
    expect(again.body).toEqual(first.body)
    expect((await balance(mock, m)).usd.freeze).toBe(5)
  })

  it('a field the service ignores does not make a replay a mismatch', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 20)
    const first = await signedCall(mock, m, GATEWAY_PATHS.refundOrder, { orderId, refundAmount: 5 }, { key: 'k' })
    const again = await signedCall(
      mock,
      m,
      GATEWAY_PATHS.refundOrder,
      { orderId, refundAmount: 5, note: { deep: [1, 2] } },
      { key: 'k' },
    )
    expect(again.headers.get(HEADERS.idempotentReplayed)).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await balance(mock, m)).usd.freeze).toBe(5)
  })

  it('a refused operation (422) is stored and replayed, even after the cause went away', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 20)
    const refused = await payout(mock, m, { accountNumber: '1', amount: 30, currency: 'USD' }, 'p-1')
    expect(refused.body.error.code).toBe('insufficient_funds')
    await paidOrder(mock, m, 20)
    const replay = await payout(mock, m, { accountNumber: '1', amount: 30, currency: 'USD' }, 'p-1')
    expect(replay.status).toBe(422)
    expect(replay.body).toEqual(refused.body)
    expect((await balance(mock, m)).usd.freeze).toBe(0)
    expect(orderId).toBe(1001)
  })

  it('the same key with a different body is 422 idempotency_key_mismatch and moves no money', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 20)
    await refund(mock, m, orderId, 5, 'key-1')
    const before = await balance(mock, m)
    const other = await refund(mock, m, orderId, 6, 'key-1')
    expect(other.status).toBe(422)
    expect(other.body.error).toMatchObject({
      code: 'idempotency_key_mismatch',
      message: expect.stringContaining('refundOrder'),
    })
    expect(await balance(mock, m)).toEqual(before)
  })

  it('a refund key reused for a payout is a mismatch too: keys are per merchant, not per endpoint', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 100 })
    const { orderId } = await paidOrder(mock, m, 20)
    await refund(mock, m, orderId, 5, 'shared')
    const reply = await payout(mock, m, { accountNumber: '1', amount: 5, currency: 'USD' }, 'shared')
    expect(reply.body.error.code).toBe('idempotency_key_mismatch')
  })

  it(
    'the same key while the first request is in flight is 409 ' + 'idempotency_key_in_use; afterwards it replays',
    async () => {
      const g = gate()
      const mock = newMock({ sleep: g.sleep })
      const m = await newMerchant(mock, { usd: 0 })
      const { orderId } = await paidOrder(mock, m, 20)
      mock.faults.add({ route: REFUND_ROUTE, kind: 'latency', delayMs: 50 })
      const first = refund(mock, m, orderId, 5, 'slow')
      await g.arrived
      const duplicate = await refund(mock, m, orderId, 5, 'slow')
      expect(duplicate.status).toBe(409)
      expect(duplicate.body.error).toMatchObject({ code: 'idempotency_key_in_use', request_id: expect.any(String) })
      expect((await balance(mock, m)).usd.freeze).toBe(0)
      g.release()
      expect((await first).status).toBe(200)
      const later = await refund(mock, m, orderId, 5, 'slow')
      expect(later.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect((await balance(mock, m)).usd.freeze).toBe(5)
    },
  )

  it('within 24 h the key replays; at 24 h on the mock clock it processes anew', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 20)
    const first = await refund(mock, m, orderId, 5, 'daily')
    await mock.clock.advance(days(1) - 1)
    const replay = await refund(mock, m, orderId, 5, 'daily')
    expect(replay.body.data.transactionId).toBe(first.body.data.transactionId)
    await mock.clock.advance(1)
    const fresh = await refund(mock, m, orderId, 5, 'daily')
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get(HEADERS.idempotentReplayed)).toBeNull()
    expect(fresh.body.data.transactionId).not.toBe(first.body.data.transactionId)
    expect((await balance(mock, m)).usd.freeze).toBe(10)
    // the new record has its own 24 h window
    const replayOfFresh = await refund(mock, m, orderId, 5, 'daily')
    expect(replayOfFresh.body.data.transactionId).toBe(fresh.body.data.transactionId)
  })

  it('a request refused by authentication records nothing: the same key then processes', async () => {
    const mock = newMock()
    const m = await newMerchant(mock, { usd: 0 })
    const { orderId } = await paidOrder(mock, m, 20)
    const badSignature = await signedCall(
      mock,
      m,
      GATEWAY_PATHS.refundOrder,
      { orderId, refundAmount: 5 },
      { key: 'k', secret: 'wrong' },
    )
    expect(badSignature.status).toBe(401)
    const ok = await refund(mock, m, orderId, 5, 'k')
    expect(ok.status).toBe(200)
    expect(ok.headers.get(HEADERS.idempotentReplayed)).toBeNull()
  })
})
