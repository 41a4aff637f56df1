/**
 * @module create-mock-gateway
 * The package's `createMockGateway`: one isolated mock (wire-gateway.ts makes it) whose `handlers` are msw's,
 * made when first read. This module and msw-handlers.ts bring msw; the HTTP server's own wiring does not.
 */
import { toMswHandlers } from './http/msw-handlers.js'
import type { MockGatewayOptions } from './options.js'
import { type MockGateway, wireGateway } from './wire-gateway.js'

export type { MockGateway } from './wire-gateway.js'

/**
 * Creates an isolated, stateful mock of the merchant payment gateway.
 *
 * @example
 * ```ts
 * import { createMockGateway } from '@merchant-gateway/mock'
 *
 * const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
 * const { merchantId, apiKey } = await mock.merchants.create({ balances: { usd: 100 } })
 * const store = await mock.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
 * const res = await mock.fetch(`${mock.baseUrl}/api/v1/payment-gateway/order/create`, {
 *   method: 'POST',
 *   headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey },
 *   body: JSON.stringify({ storeId: store.storeId, amount: 12.5, currency: 'USD' }),
 * })
 * ```
 */
export function createMockGateway(options: MockGatewayOptions = {}): MockGateway {
  return wireGateway(options, toMswHandlers)
}
