import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { balance, call, newMerchant, newMock, paidOrder, refund } from './harness.js'

const CREATE = `POST ${GATEWAY_PATHS.createOrder}`
const REFUND = `POST ${GATEWAY_PATHS.refundOrder}`

describe('injected faults', () => {
  it('an error fault answers the chosen status, status-style, and processes nothing', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    mock.faults.add({ route: CREATE, kind: 'error', status: 503 })
    const reply = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { storeId: m.storeId, amount: 1, currency: 'USD' },
    })
    expect(reply.status).toBe(503)
    expect(reply.body).toEqual({
      statusCode: 503,
      message: expect.stringContaining('[mock] injected fault'),
      error: 'Service Unavailable',
    })
    expect(mock.orders.get(1001)).toBeUndefined()
    const next = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { storeId: m.storeId, amount: 1, currency: 'USD' },
    })
    expect(next.body.order_id).toBe('1001')
  })

  it('a network fault makes fetch reject with a TypeError and processes nothing', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    mock.faults.add({ route: CREATE, kind: 'network' })
    await expect(
      call(mock, GATEWAY_PATHS.createOrder, {
        apiKey: m.apiKey,
        body: { storeId: m.storeId, amount: 1, currency: 'USD' },
      }),
    ).rejects.toThrow(TypeError)
    expect(mock.orders.get(1001)).toBeUndefined()
  })

  it(
    'drop-response commits a refund and drops the answer; the retry with ' + 'the same key replays it, refunded once',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock, { usd: 0 })
      const { orderId } = await paidOrder(mock, m, 20)
      mock.faults.add({ route: REFUND, kind: 'drop-response' })
      await expect(refund(mock, m, orderId, 5, 'retry-me')).rejects.toThrow(TypeError)
      expect((await balance(mock, m)).usd.freeze).toBe(5)
      const retry = await refund(mock, m, orderId, 5, 'retry-me')
      expect(retry.status).toBe(200)
      expect(retry.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect((await balance(mock, m)).usd).toEqual({ balance: 20, freeze: 5, usable: 15 })
    },
  )

  it('drop-response on create order commits the order although the client saw a network error', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    mock.faults.add({ route: CREATE, kind: 'drop-response' })
    await expect(
      call(mock, GATEWAY_PATHS.createOrder, {
        apiKey: m.apiKey,
        body: { storeId: m.storeId, amount: 1, currency: 'USD' },
      }),
    ).rejects.toThrow(TypeError)
    expect(mock.orders.get(1001)?.status).toBe('pending')
  })

  it('a latency fault delays the answer by delayMs through the configured sleep', async () => {
    const waits: number[] = []
    const mock = newMock({ sleep: async (ms) => void waits.push(ms) })
    const m = await newMerchant(mock)
    mock.faults.add({ route: CREATE, kind: 'latency', delayMs: 2500 })
    const reply = await call(mock, GATEWAY_PATHS.createOrder, {
      apiKey: m.apiKey,
      body: { storeId: m.storeId, amount: 1, currency: 'USD' },
    })
    expect(reply.status).toBe(200)
    expect(waits).toEqual([2500])
  })

  it('an abort during a latency fault rejects mock.fetch at once with the signal reason', async () => {
    const mock = newMock({ sleep: () => new Promise<void>(() => {}) })
    const m = await newMerchant(mock)
    mock.faults.add({ route: CREATE, kind: 'latency', delayMs: 10_000 })
    const controller = new AbortController()
    const pending = mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: m.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeId: m.storeId, amount: 1, currency: 'USD' }),
      signal: controller.signal,
    })
    controller.abort(new DOMException('gave up', 'AbortError'))
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'gave up' })
  })

  it('a fault with times: 2 fires twice, then requests process normally; clear() disarms all', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    mock.faults.add({ route: '*', kind: 'error', status: 429, times: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await call(mock, GATEWAY_PATHS.balanceInquiry, { apiKey: m.apiKey })).status)
    expect(statuses).toEqual([429, 429, 200])
    mock.faults.add({ route: '*', kind: 'network', times: 'always' })
    mock.faults.clear()
    expect((await call(mock, GATEWAY_PATHS.balanceInquiry, { apiKey: m.apiKey })).status).toBe(200)
  })

  it('mock.fetch refuses a URL outside its base URL like a failed connection', async () => {
    const mock = newMock()
    await expect(mock.fetch('https://elsewhere.test/api')).rejects.toThrow(/this mock serves https:\/\/gateway\.mock/)
  })
})
