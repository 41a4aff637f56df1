/**
 * What a viewer of the mock's state (the inspector page, a debugging script) reads and does through the
 * control API: the snapshot of everything, the version that moves with every change, sending a webhook
 * again, and moving the clock by business days.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createControlHandler } from '../src/control/control-routes.js'
import { call, createOrder, days, MONDAY, newMerchant, newMock, paidOrder, refund } from './harness.js'

const FRIDAY = '2026-11-06T09:00:00.000Z'

/** A control route through the Fetch handler, as an HTTP client sends it. */
async function send(control: (r: Request) => Promise<Response>, method: string, path: string, body?: unknown) {
  const init: RequestInit = { method }
  if (body !== undefined)
    Object.assign(init, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
  const res = await control(new Request(`http://127.0.0.1:4010${path}`, init))
  const text = await res.text()
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) }
}

describe('mock.snapshot() and GET /__mock/snapshot', () => {
  it(
    'holds the clock (frozen or running, the era), merchants with stores, ' + 'balances and keys, newest first',
    async () => {
      const mock = newMock()
      const older = await newMerchant(mock, { usd: 10 })
      const newer = await newMerchant(mock, { usd: 20 })
      const orderId = await createOrder(mock, newer, 5)
      await mock.payments.create({ orderId, status: 'SUCCESS' })
      const snapshot = await mock.snapshot()
      expect(snapshot.clock).toMatchObject({ now: MONDAY, frozen: true, era: { name: '1.4.0-full-enforcement' } })
      expect(snapshot.merchants.map((m) => m.merchantId)).toEqual([newer.merchantId, older.merchantId])
      expect(snapshot.merchants[0]).toMatchObject({
        apiKey: newer.apiKey,
        apiSecret: newer.apiSecret,
        stores: [{ storeId: newer.storeId }],
        balances: { usd: { balance: 25, freeze: 0, usable: 25 } },
      })
      expect(snapshot.orders).toMatchObject([{ orderId, status: 'completed', amount: 5 }])
      expect(snapshot.transactions).toMatchObject([{ kind: 'payment', status: 'completed', orderId }])
      expect(snapshot.webhooks).toHaveLength(1)
      // Diagnostics are not state: the version and the request log have routes of their own.
      expect(snapshot).not.toHaveProperty('version')
      expect(snapshot).not.toHaveProperty('requests')
      expect(mock.requests.list()[0]).toMatchObject({ method: 'POST', path: GATEWAY_PATHS.createOrder, status: 200 })
      // A merchant without stores (list stores would answer 404) shows with an empty list.
      await mock.merchants.create({ balances: { usd: 1 } })
      expect((await mock.snapshot()).merchants[0]!.stores).toEqual([])
    },
  )

  it(
    'keeps at most `limit` of each list, the newest, and no state; without a limit every record and the ' +
      'state; a limit outside 1..500 or an unknown parameter is a 400',
    async () => {
      const mock = newMock()
      const merchant = await newMerchant(mock)
      const ids: number[] = []
      for (let i = 0; i < 5; i++) ids.push(await createOrder(mock, merchant))
      const glance = await mock.snapshot({ limit: 2 })
      expect(glance.orders.map((o) => o.orderId)).toEqual([ids[4], ids[3]])
      expect(glance.state, 'a glance holds no state').toBeUndefined()
      const complete = await mock.snapshot()
      expect(
        complete.orders.map((o) => o.orderId),
        'without limit: every order',
      ).toEqual([...ids].reverse())
      expect(complete.state?.orders.map((o) => o.orderId)).toEqual(ids)
      const control = createControlHandler(mock)
      expect((await send(control, 'GET', '/__mock/snapshot?limit=3')).body.orders).toHaveLength(3)
      for (const query of ['limit=0', 'limit=501', 'limit=2.5', 'limit=x', 'limits=2']) {
        expect((await send(control, 'GET', `/__mock/snapshot?${query}`)).status, query).toBe(400)
      }
      await expect(mock.snapshot({ limit: 0 })).rejects.toMatchObject({ status: 400 })
    },
  )
})

describe('mock.version() and GET /__mock/version', () => {
  it('moves with every control operation and every service request answered, and stands still otherwise', async () => {
    const mock = newMock()
    const control = createControlHandler(mock)
    const v0 = mock.version()
    expect(mock.version()).toBe(v0)
    const merchant = await newMerchant(mock)
    const v1 = mock.version()
    expect(v1).toBeGreaterThan(v0)
    await call(mock, GATEWAY_PATHS.listStores, { apiKey: merchant.apiKey, body: {} })
    const v2 = mock.version()
    expect(v2).toBeGreaterThan(v1)
    await mock.snapshot()
    expect(mock.version(), 'reading changes nothing').toBe(v2)
    expect((await send(control, 'GET', '/__mock/version')).body).toEqual({ version: v2 })
  })

  it(
    'moves when a fault is added or cleared and when the request log is cleared, so a page polling it ' + 'shows them',
    async () => {
      const mock = newMock()
      const control = createControlHandler(mock)
      const before = mock.version()
      mock.faults.add({ route: 'POST /api/v1/payment-gateway/order/refund', kind: 'error', status: 503 })
      const added = mock.version()
      expect(added, 'a fault added').toBeGreaterThan(before)
      expect((await send(control, 'DELETE', '/__mock/faults')).status).toBe(204)
      const cleared = mock.version()
      expect(cleared, 'the faults cleared').toBeGreaterThan(added)
      mock.requests.clear()
      const logCleared = mock.version()
      expect(logCleared, 'the log cleared').toBeGreaterThan(cleared)
      const refused = await send(control, 'POST', '/__mock/faults', { route: 'POST /nowhere', kind: 'error' })
      expect(refused.status).toBe(400)
      expect(mock.version(), 'a refused fault changes nothing').toBe(logCleared)
    },
  )

  it(
    'settle() with nothing due leaves it where it is (the HTTP server settles every second: a page ' +
      'polling it reloads nothing while nothing happens); a settle that settles moves it',
    async () => {
      const mock = newMock({ autoSettle: false })
      const merchant = await newMerchant(mock)
      const { orderId } = await paidOrder(mock, merchant)
      expect((await refund(mock, merchant, orderId, 5)).status).toBe(200)
      const idle = mock.version()
      expect(await mock.settle()).toEqual({ settled: 0 })
      expect(await mock.settle()).toEqual({ settled: 0 })
      expect(mock.version(), 'nothing was due').toBe(idle)
      await mock.clock.advance(days(7))
      const moved = mock.version()
      expect(moved, 'moving the clock is a change').toBeGreaterThan(idle)
      expect(await mock.settle()).toEqual({ settled: 1 })
      expect(mock.version(), 'the refund settled').toBeGreaterThan(moved)
    },
  )
})

describe('mock.webhooks.redeliver() and POST /__mock/webhooks/{id}/redeliver', () => {
  it('sends a delivered webhook once more, stamped and signed at the time of sending', async () => {
    const posts: string[] = []
    const mock = newMock({
      webhookFetch: async (_url, init) => {
        posts.push(String(init?.body))
        return new Response('{}', { status: 200 })
      },
    })
    const created = await mock.merchants.create({ balances: { usd: 10 }, webhookUrl: 'https://merchant.test/hooks' })
    const store = await mock.stores.add(created.merchantId, { storeName: 'S', address: 'A' })
    const orderId = await createOrder(mock, { ...created, storeId: store.storeId })
    await mock.payments.create({ orderId, status: 'SUCCESS' })
    await mock.clock.advance(60_000)
    const [webhook] = mock.webhooks.list()
    const again = await mock.webhooks.redeliver(webhook!.id)
    expect(posts).toHaveLength(2)
    expect(JSON.parse(posts[1]!).createTimeMilli).toBe(Date.parse(MONDAY) + 60_000)
    expect(again.attempts.map((a) => a.outcome)).toEqual(['delivered', 'delivered'])
    const control = createControlHandler(mock)
    expect((await send(control, 'POST', `/__mock/webhooks/${webhook!.id}/redeliver`, {})).status).toBe(200)
    expect(posts).toHaveLength(3)
    expect((await send(control, 'POST', '/__mock/webhooks/999/redeliver', {})).status).toBe(404)
  })

  it('a webhook of a merchant without a webhook URL has nothing to send: 409, nothing changes', async () => {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    await mock.payments.create({ orderId: await createOrder(mock, merchant), status: 'SUCCESS' })
    const [webhook] = mock.webhooks.list()
    await expect(mock.webhooks.redeliver(webhook!.id)).rejects.toMatchObject({ status: 409 })
    expect(mock.webhooks.list()[0]).toEqual(webhook)
  })
})

describe('moving the clock by business days', () => {
  it(
    'Friday 09:00 plus one business day is Monday 09:00, over HTTP too; a ' + 'bad count is a 400 and moves nothing',
    async () => {
      const mock = newMock({ clock: { now: FRIDAY, frozen: true } })
      expect(await mock.clock.advanceBusinessDays(1)).toEqual({ now: '2026-11-09T09:00:00.000Z' })
      const control = createControlHandler(mock)
      expect((await send(control, 'POST', '/__mock/clock', { businessDays: 2 })).body).toMatchObject({
        now: '2026-11-11T09:00:00.000Z',
        frozen: true,
      })
      for (const body of [{ businessDays: 0 }, { businessDays: 1.5 }, { businessDays: 1, advanceMs: 5 }]) {
        expect((await send(control, 'POST', '/__mock/clock', body)).status, JSON.stringify(body)).toBe(400)
      }
      expect(mock.clock.now()).toBe('2026-11-11T09:00:00.000Z')
    },
  )
})
