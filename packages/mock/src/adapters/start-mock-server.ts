/**
 * @module start-mock-server
 * The package's `startMockServer`: the HTTP server (http-server.ts) with mocks made by `createMockGateway`, so
 * that `server.mock.handlers` and a session's `mock.handlers` are msw's, as an in-process mock's are. The CLI
 * starts the same server with mocks that have no msw handlers, and loads no msw.
 */
import { createMockGateway } from '../create-mock-gateway.js'
import { type MockServer, type MockServerOptions, serveMock } from './http-server.js'

/**
 * Starts the mock on a real `node:http` server.
 *
 * @example
 * ```ts
 * import { startMockServer } from '@merchant-gateway/mock/server'
 *
 * const server = await startMockServer({ port: 0 })
 * const merchant = await (await fetch(`${server.url}/__mock/merchants`, { method: 'POST',
 *   body: '{"balances":{"usd":100}}' })).json()
 * const res = await fetch(`${server.url}/api/v1/payment-gateway/stores/list`, { method: 'POST', headers: {
 *   'X-Api-Key': merchant.apiKey } })
 * await server.close()
 * ```
 */
export function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  return serveMock(options, createMockGateway)
}
