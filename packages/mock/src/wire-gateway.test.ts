/**
 * @module wire-gateway.test
 * A mock's msw handlers are made when first read, by the function it was made with: not at its creation
 * (a server's sessions make a mock each and never read them), and not at all for the CLI's mocks, which
 * answer through their dispatcher and load no msw.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { toMswHandlers } from './http/msw-handlers.js'
import type { ServiceRoute } from './http/service-routes.js'
import { type MockGateway, wireGateway } from './wire-gateway.js'

const BASE = 'https://gateway.mock'

/** A merchant with a store, and the status of its stores list through `mock.fetch`. */
async function listStores(mock: MockGateway): Promise<number> {
  const { merchantId, apiKey } = await mock.merchants.create({ balances: { usd: 1 } })
  await mock.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
  const res = await mock.fetch(`${BASE}${GATEWAY_PATHS.listStores}`, {
    method: 'POST',
    headers: { [HEADERS.apiKey]: apiKey },
  })
  return res.status
}

describe('msw handlers made on first read', () => {
  it('a mock makes no handlers until `handlers` is read, then makes them once and gives the same array', async () => {
    const made: (readonly ServiceRoute[])[] = []
    const mock = wireGateway({ baseUrl: BASE }, (routes, baseUrl) => {
      made.push(routes)
      return toMswHandlers(routes, baseUrl)
    })
    // Requests and control calls answer without them.
    expect(await listStores(mock)).toBe(200)
    expect(made).toHaveLength(0)
    const handlers = mock.handlers
    expect(made).toHaveLength(1)
    expect(handlers.length).toBe(made[0]!.length)
    expect(handlers.every((handler) => handler instanceof HttpHandler)).toBe(true)
    expect(mock.handlers).toBe(handlers)
    expect(made).toHaveLength(1)
  })

  it('a mock made with no maker of handlers (the CLI’s) serves as others do; reading `handlers` says why', async () => {
    const mock = wireGateway({ baseUrl: BASE }, undefined)
    expect(await listStores(mock)).toBe(200)
    expect(() => mock.handlers).toThrow(
      /made without msw handlers .*make one with createMockGateway\(\) from '@merchant-gateway\/mock'/,
    )
  })
})
