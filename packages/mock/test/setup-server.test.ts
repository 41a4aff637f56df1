import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockGateway } from '../src/index.js'

const mock = createMockGateway({
  baseUrl: 'https://sandbox.gateway.test',
  clock: { now: '2026-11-02T09:00:00Z', frozen: true },
  seed: [
    {
      apiKey: 'mk_demo',
      apiSecret: 'sk_demo',
      balances: { usd: 10 },
      stores: [{ storeName: 'Demo', address: 'Here' }],
    },
  ],
})
const server = setupServer(...mock.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

describe('mock handlers under msw setupServer', () => {
  it('the global fetch reaches the same stateful handlers as mock.fetch', async () => {
    const res = await fetch(`https://sandbox.gateway.test${GATEWAY_PATHS.createOrder}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: 'mk_demo', 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeId: 101, amount: 2, currency: 'USD' }),
    })
    expect(res.status).toBe(200)
    const order = await res.json()
    expect(mock.orders.get(Number(order.order_id))?.status).toBe('pending')
    const viaMockFetch = await mock.fetch(`https://sandbox.gateway.test${GATEWAY_PATHS.listStores}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: 'mk_demo' },
    })
    expect((await viaMockFetch.json()).data).toEqual([{ storeId: 101, storeName: 'Demo', address: 'Here' }])
  })

  it("an injected network fault is msw's network error: the global fetch rejects as on a cut connection", async () => {
    mock.faults.add({ route: `POST ${GATEWAY_PATHS.listStores}`, kind: 'network' })
    await expect(
      fetch(`https://sandbox.gateway.test${GATEWAY_PATHS.listStores}`, {
        method: 'POST',
        headers: { [HEADERS.apiKey]: 'mk_demo' },
      }),
    ).rejects.toThrow(TypeError)
    // Once: the next call is answered.
    const res = await fetch(`https://sandbox.gateway.test${GATEWAY_PATHS.listStores}`, {
      method: 'POST',
      headers: { [HEADERS.apiKey]: 'mk_demo' },
    })
    expect(res.status).toBe(200)
  })
})
