/**
 * @module test-web/portable
 * The SDK with no Node extras: `globalThis.Buffer` is gone (see `setup.ts`) and the contract's
 * `./crypto` export resolves without the `node` condition, so every signature is made, and checked by
 * the mock, with Web Crypto. A full merchant flow must still work end to end.
 */
import { hmac, signer } from '@merchant-gateway/contract/crypto'
import { createMockGateway } from '@merchant-gateway/mock'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GatewayClient, InvalidRequestError } from '../src/index.js'

const ACCOUNT = '001234567'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('sdk-web: no Buffer, Web Crypto signer', () => {
  it('globalThis.Buffer is gone for the code under test (only Node internals still see it)', () => {
    expect(globalThis.Buffer).toBeUndefined()
    expect(typeof Buffer).toBe('undefined')
    expect(() => (globalThis as unknown as { Buffer: typeof Buffer }).Buffer.from('x')).toThrow(TypeError)
  })

  it('@merchant-gateway/contract/crypto is the Web Crypto entry, not node:crypto', () => {
    expect(hmac.name).toBe('web')
    expect(signer.provider.name).toBe('web')
  })

  it(
    'a full flow (stores, order, payment, refund, payout, balance) signs ' + 'with Web Crypto and needs no Buffer',
    async () => {
      const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
      const merchant = await mock.merchants.create({ balances: { usd: 100 } })
      await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
      await mock.accounts.add(merchant.merchantId, { accountNumber: ACCOUNT, accountName: 'Sok Dara' })
      const gateway = new GatewayClient({
        apiKey: merchant.apiKey,
        apiSecret: merchant.apiSecret,
        baseUrl: mock.baseUrl,
        fetch: mock.fetch,
        now: () => Date.parse(mock.clock.now()),
      })

      const stores = await gateway.stores.list()
      expect(stores).toHaveLength(1)
      const storeId = stores[0]!.storeId

      const order = await gateway.orders.create({ storeId, amount: 12.5, currency: 'USD' })
      expect(order.status).toBe('pending')
      const orderId = Number(order.order_id)

      const payment = await mock.payments.create({ orderId, status: 'SUCCESS' })
      expect(payment.status).toBe('completed')

      // Signed calls go through crypto.subtle.sign: once for the SDK's signature, once for the mock's check.
      const sign = vi.spyOn(globalThis.crypto.subtle, 'sign')
      const refund = await gateway.refunds.create({ orderId, amount: 2.5 })
      expect(refund.amount).toBe(2.5)
      expect(refund.meta.idempotencyKey).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      expect(sign.mock.calls.length).toBeGreaterThanOrEqual(2)
      expect(sign.mock.calls.every(([algorithm]) => algorithm === 'HMAC')).toBe(true)

      sign.mockClear()
      const payout = await gateway.payouts.create({ accountNumber: ACCOUNT, amount: 50, currency: 'USD' })
      expect(payout.amount).toBe(50)
      expect(payout.accountNumber).toBe(ACCOUNT)
      expect(sign.mock.calls.length).toBeGreaterThanOrEqual(2)

      const tooMuch = await gateway.payouts
        .create({ accountNumber: ACCOUNT, amount: 1_000, currency: 'USD' })
        .catch((error: unknown) => error)
      expect(tooMuch).toBeInstanceOf(InvalidRequestError)
      expect((tooMuch as InvalidRequestError).code).toBe('insufficient_funds')

      const balance = await gateway.balance.retrieve()
      // 100 opening + 12.5 paid; refund 2.5 and payout 50 are frozen until they settle.
      expect(balance.usd).toEqual({ balance: 112.5, freeze: 52.5, usable: 60 })
      expect(balance.meta.status).toBe(200)
    },
  )
})
