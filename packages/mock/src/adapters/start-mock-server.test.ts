/**
 * @module adapters/start-mock-server.test
 * The package's server keeps msw handlers on its mocks (the root's and each session's), as an in-process mock
 * has them: only the CLI's server, which nobody reads them from, makes its mocks without.
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { DEMO_MERCHANT } from '../cli/demo-merchant.js'
import { createMockFetch } from '../http/mock-fetch.js'
import { startMockServer } from './start-mock-server.js'

describe('startMockServer: mocks with msw handlers', () => {
  it("the root's mock and a session's mock each give msw handlers that answer their own state", async () => {
    const server = await startMockServer({ port: 0, tickMs: 0, seed: [DEMO_MERCHANT] })
    try {
      const session = await server.sessions.create({ frozen: true })
      for (const mock of [server.mock, session.mock]) {
        expect(mock.handlers.length).toBeGreaterThan(0)
        expect(mock.handlers.every((handler) => handler instanceof HttpHandler)).toBe(true)
        const viaMsw = createMockFetch(mock.handlers, mock.baseUrl)
        const res = await viaMsw(`${mock.baseUrl}${GATEWAY_PATHS.listStores}`, {
          method: 'POST',
          headers: { [HEADERS.apiKey]: DEMO_MERCHANT.apiKey },
        })
        expect(res.status).toBe(200)
        expect((await res.json()).data).toEqual([
          expect.objectContaining({ storeName: DEMO_MERCHANT.stores[0]!.storeName }),
        ])
      }
    } finally {
      await server.close()
    }
  })
})

describe("startMockServer: its options are the mock's, checked alike", () => {
  it('a misspelt option value is refused before it serves, as createMockGateway refuses it', async () => {
    await expect(startMockServer({ port: 0, tickMs: 0, autoSettle: 'no' as never })).rejects.toThrow(
      new RangeError('[mock] autoSettle must be true or false, got "no"'),
    )
    await expect(
      startMockServer({ port: 0, webhookStatuses: ['success'] as never, unknownPayoutAccount: 'rejct' as never }),
    ).rejects.toThrow(
      `[mock] unknownPayoutAccount must be 'fail-at-settlement' or 'reject', got "rejct" (did you mean 'reject'?); ` +
        `webhookStatuses[0] must be 'SUCCESS' or 'FAILED', got "success" (did you mean 'SUCCESS'?)`,
    )
  })
})
