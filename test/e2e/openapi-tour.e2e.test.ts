/**
 * Every operation of the two OpenAPI documents, called once over real HTTP against the CLI server: the
 * gateway and the PIN module through the SDK (GatewayClient, PinClient), transaction detail's POST form
 * and the whole control API with plain HTTP. In the normal run it checks the answers; under
 * `npm run check:openapi` it is the traffic that lets Prism validate each documented operation at least
 * once (the check fails on an operation nobody called).
 */
import { GatewayClient } from '@merchant-gateway/sdk'
import { PinClient } from '@merchant-gateway/sdk/pin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, startCli, type Cli } from './cli-process.js'

const NOW = '2026-11-02T09:00:00.000Z'
const DEMO = { apiKey: 'mk_test_demo', apiSecret: 'sk_test_demo', merchantId: 1, storeId: 101, account: '100200300' }

describe('a tour of every documented operation', () => {
  let cli: Cli
  beforeAll(async () => {
    cli = await startCli(['serve', '--port', '0', '--now', NOW, '--frozen', '--quiet'])
  }, 40_000)
  afterAll(() => {
    cli?.child.kill('SIGKILL')
  })

  it(
    'the gateway through the SDK: stores, balance, order, QR code, ' +
      'transaction detail (GET and POST), cancel, refund, payout',
    async () => {
      const gateway = new GatewayClient({
        apiKey: DEMO.apiKey,
        apiSecret: DEMO.apiSecret,
        baseUrl: cli.url,
        now: () => Date.parse(NOW),
      })
      expect(await gateway.stores.list()).toEqual([
        { storeId: DEMO.storeId, storeName: 'Demo Store', address: '1 Demo Street, Phnom Penh' },
      ])
      expect((await gateway.balance.retrieve()).usd.usable).toBe(1000)
      const order = await gateway.orders.create({ storeId: DEMO.storeId, amount: 20, currency: 'USD' })
      const qr = await gateway.qrCodes.create({ storeId: DEMO.storeId, amount: 4000, currency: 'KHR' })
      expect(qr.qr_data).toMatch(/^MGW1/)
      const paid = await http('POST', `${cli.url}/__mock/payments`, {
        orderId: Number(order.order_id),
        status: 'SUCCESS',
      })
      expect(paid.status).toBe(201)
      expect(await gateway.transactions.retrieve(paid.body.transactionId)).toMatchObject({
        order_id: order.order_id,
        status: 'completed',
      })
      const byPost = await http(
        'POST',
        `${cli.url}/api/v1/payment-gateway/payment/transaction-detail`,
        { transaction_id: paid.body.transactionId },
        { 'X-Api-Key': DEMO.apiKey },
      )
      expect(byPost).toMatchObject({ status: 200, body: { transaction_id: String(paid.body.transactionId) } })
      const other = await gateway.orders.create({ storeId: DEMO.storeId, amount: 3, currency: 'USD' })
      expect(await gateway.orders.cancel({ orderId: Number(other.order_id), reason: 'customer left' })).toMatchObject({
        status: 'cancelled',
      })
      expect(await gateway.refunds.create({ orderId: Number(order.order_id), amount: 5 })).toMatchObject({ amount: 5 })
      expect(await gateway.payouts.create({ accountNumber: DEMO.account, amount: 10, currency: 'USD' })).toMatchObject({
        orderId: 0,
        amount: 10,
      })
      // The QR code image the order's URL names.
      const image = await fetch(order.qr_code)
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png'])
    },
  )

  it('the PIN module through PinClient: set, verify, change, and a reset by one-time code', async () => {
    const user = await http('POST', `${cli.url}/__mock/users`, { email: 'dara@example.com', emailVerified: true })
    const pins = new PinClient({ baseUrl: cli.url, accessToken: user.body.accessToken })
    expect((await pins.pin.set({ pin: '482913' })).message).toBe('PIN set successfully')
    expect((await pins.pin.verify({ pin: '482913' })).message).toBe('OTP verified successfully')
    expect((await pins.pin.change({ currentPin: '482913', newPin: '730164' })).message).toBe('PIN changed successfully')
    const requested = await pins.pinReset.request({ email: 'dara@example.com' })
    const otp = (await http('GET', `${cli.url}/__mock/otp`)).body as Array<{ code: string; sessionId: string }>
    const verified = await pins.pinReset.verifyCode({
      email: 'dara@example.com',
      sessionId: requested.sessionId,
      code: otp.at(-1)!.code,
    })
    expect((await pins.pinReset.complete({ sessionId: verified.sessionId, newPin: '905172' })).message).toBe(
      'PIN reset successfully',
    )
  })

  it('the control API, every route, and the two documents', async () => {
    const call = (method: string, path: string, body?: unknown) => http(method, `${cli.url}${path}`, body)
    expect((await call('GET', '/__mock')).status).toBe(200)
    expect((await call('GET', '/openapi.json')).body.openapi).toBe('3.1.0')
    expect((await call('GET', '/__mock/openapi.json')).body.openapi).toBe('3.1.0')
    const merchant = await call('POST', '/__mock/merchants', { name: 'Riverside Coffee', balances: { usd: 100 } })
    expect(merchant.status).toBe(201)
    const id = merchant.body.merchantId as number
    expect((await call('GET', `/__mock/merchants/${id}`)).body).toMatchObject({
      merchantId: id,
      name: 'Riverside Coffee',
    })
    expect((await call('PATCH', `/__mock/merchants/${id}`, { webhookUrl: null })).body).toMatchObject({
      webhookUrl: null,
    })
    expect((await call('GET', `/__mock/merchants/${id}/balances`)).body.usd).toEqual({
      balance: 100,
      freeze: 0,
      usable: 100,
    })
    const store = await call('POST', `/__mock/merchants/${id}/stores`, { storeName: 'Riverside', address: '12 Quay' })
    expect(store.status).toBe(201)
    expect(
      (await call('PATCH', `/__mock/merchants/${id}/stores/${store.body.storeId}`, { storeName: 'Riverside North' }))
        .body.storeName,
    ).toBe('Riverside North')
    expect(
      (
        await call('POST', `/__mock/merchants/${id}/accounts`, {
          accountNumber: '200300400',
          accountName: 'Riverside Ltd',
        })
      ).status,
    ).toBe(201)
    const order = await http(
      'POST',
      `${cli.url}/api/v1/payment-gateway/order/create`,
      { storeId: store.body.storeId, amount: 4.5, currency: 'USD' },
      { 'X-Api-Key': merchant.body.apiKey },
    )
    const paid = await call('POST', '/__mock/payments', { orderId: Number(order.body.order_id), status: 'SUCCESS' })
    expect((await call('GET', `/__mock/orders/${order.body.order_id}`)).body).toMatchObject({
      status: 'completed',
      amount: 4.5,
    })
    expect((await call('GET', `/__mock/transactions/${paid.body.transactionId}`)).body).toMatchObject({
      kind: 'payment',
      amount: 4.5,
    })
    expect((await call('GET', '/__mock/clock')).body).toMatchObject({
      now: NOW,
      era: { name: '1.4.0-full-enforcement' },
    })
    expect((await call('POST', '/__mock/clock', { advanceMs: 1000 })).body).toMatchObject({
      now: '2026-11-02T09:00:01.000Z',
    })
    expect((await call('POST', '/__mock/settle', {})).status).toBe(200)
    expect((await call('GET', '/__mock/webhooks')).status).toBe(200)
    expect((await call('POST', '/__mock/webhooks/deliver-due', {})).body).toEqual({ attempted: 0 })
    for (const path of ['/__mock/webhooks/duplicate-next', '/__mock/webhooks/hold-next'])
      expect((await call('POST', path, {})).status).toBe(204)
    expect((await call('POST', '/__mock/webhooks/stale-next', { seconds: 600 })).status).toBe(204)
    const fault = await call('POST', '/__mock/faults', {
      route: 'POST /api/v1/payment-gateway/order/payout',
      kind: 'latency',
      delayMs: 10,
    })
    expect(fault.status).toBe(201)
    expect((await call('GET', '/__mock/faults')).body).toEqual([fault.body])
    expect((await call('DELETE', '/__mock/faults')).status).toBe(204)
    expect((await call('GET', '/__mock/audit')).body).toEqual({ problems: [] })
    expect((await call('GET', '/__mock/stats')).body).toMatchObject({
      records: { merchants: 2, orders: expect.any(Number), idempotency: expect.any(Number) },
      requestLog: expect.any(Number),
      queued: { expiries: expect.any(Number) },
    })
    expect((await call('DELETE', `/__mock/merchants/${id}/stores/${store.body.storeId}`)).status).toBe(204)
    const user = await call('POST', '/__mock/users', { email: 'tour@example.com', emailVerified: true })
    expect((await call('GET', '/__mock/users')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: user.body.userId, hasPin: false })]),
    )
    expect((await call('GET', `/__mock/users/${user.body.userId}`)).body).toMatchObject({ email: 'tour@example.com' })
    expect((await call('GET', '/__mock/requests?limit=1')).body).toHaveLength(1)
    expect((await call('GET', '/__mock/version')).body.version).toBeGreaterThan(0)
    // The demo merchant and Riverside Coffee, at most the two asked for.
    expect((await call('GET', '/__mock/snapshot?limit=2')).body.merchants).toHaveLength(2)
    const [webhook] = (await call('GET', '/__mock/webhooks')).body as Array<{ id: number; url: string | null }>
    // The tour's merchants have no webhook URL: a redelivery is the documented 409 (nothing to send).
    expect((await call('POST', `/__mock/webhooks/${webhook!.id}/redeliver`, {})).status).toBe(webhook!.url ? 200 : 409)
    expect((await call('DELETE', '/__mock/requests')).status).toBe(204)
    expect((await call('DELETE', `/__mock/merchants/${id}`)).status).toBe(204)
    expect((await call('POST', '/__mock/reset', {})).status).toBe(204)
  })
})
