/**
 * Deprecation warnings from the mock on its release timeline, end to end: the mock's clock in release
 * 1.3.0's and 1.4.0's warning windows, the SDK reporting `X-Service-Deprecation-Warning` through
 * `onDeprecationWarning` once per distinct text, and nothing outside the windows.
 */
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { describe, expect, it } from 'vitest'
import { GatewayClient, InvalidRequestError, type DeprecationWarningContext } from '../src/index.js'
import { newMerchant } from './harness.js'

const REFUND = '/api/v1/payment-gateway/order/refund'
const LIST_STORES = '/api/v1/payment-gateway/stores/list'

/** A mock frozen at `now`, a merchant with a paid order, and a client recording what it reports. */
async function at(now: string) {
  const mock: MockGateway = createMockGateway({ clock: { now, frozen: true } })
  const merchant = await newMerchant(mock)
  const reports: Array<[string, DeprecationWarningContext]> = []
  const client = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    now: () => Date.parse(mock.clock.now()),
    onDeprecationWarning: (text, context) => reports.push([text, context]),
  })
  return { mock, merchant, client, reports }
}

describe('the SDK reports the deprecation warnings of the mock on its release timeline', () => {
  it(
    'release 1.3.0, 2026-01-15: a refund answer carries the idempotency-key ' +
      'warning (the call itself is refused: only the earlier form exists ' +
      'then); reported once for two calls',
    async () => {
      const { client, reports } = await at('2026-01-15T09:00:00Z')
      for (let i = 0; i < 2; i++)
        await expect(client.refunds.create({ orderId: 1, amount: 1 })).rejects.toBeInstanceOf(InvalidRequestError)
      expect(reports).toEqual([
        [
          expect.stringMatching(
            /^X-Idempotent-Key will be required on refund and payout from 2026-01-20T00:00:00Z \(release 1\.3\.0\)/,
          ),
          { method: 'POST', path: REFUND },
        ],
      ])
      // Standard endpoints are outside 1.3.0's warning: nothing more is reported.
      await client.stores.list()
      expect(reports).toHaveLength(1)
    },
  )

  it(
    'release 1.4.0, 2026-03-10: every answer carries the authentication ' +
      'warning; the SDK reports it once, for the first call',
    async () => {
      const { mock, merchant, client, reports } = await at('2026-03-10T09:00:00Z')
      await client.stores.list()
      await client.balance.retrieve()
      const order = await client.orders.create({ storeId: merchant.storeId, amount: 5, currency: 'USD' })
      await mock.payments.create({ orderId: Number(order.order_id), status: 'SUCCESS' })
      await client.refunds.create({ orderId: Number(order.order_id), amount: 1 })
      expect(reports).toEqual([
        [
          expect.stringMatching(
            /deprecated \(release 1\.4\.0\) and will be refused with 401 invalid_authentication from 2026-03-16T00/,
          ),
          { method: 'POST', path: LIST_STORES },
        ],
      ])
      // The mock's log shows the header went out on every answer: the SDK deduplicated, the service did not.
      expect(mock.requests.list().map((r) => r.status)).toEqual([200, 200, 200, 200])
    },
  )

  it(
    'a client made at 2026-03-17 and one at 2026-11-02 (after full ' + 'enforcement) see the later text, then none',
    async () => {
      const late = await at('2026-03-17T09:00:00Z')
      await late.client.stores.list()
      expect(late.reports).toEqual([
        [
          expect.stringMatching(/^Since 2026-03-16T00:00:00Z \(release 1\.4\.0\)/),
          { method: 'POST', path: LIST_STORES },
        ],
      ])
      const today = await at('2026-11-02T09:00:00Z')
      await today.client.stores.list()
      expect(today.reports).toEqual([])
    },
  )
})
