/**
 * Isolation: between mock instances (nothing global), between merchants of one instance (a merchant
 * sees and changes only its own records, and idempotency keys are scoped per merchant), and across
 * `reset()` (back to the seeded state).
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import type { MockGateway } from '../src/index.js'
import {
  balance,
  call,
  createOrder,
  days,
  MONDAY,
  newMerchant,
  newMock,
  paidOrder,
  payout,
  refund,
  signedCall,
  type Merchant,
} from './harness.js'

const ACCOUNT = 'KH-ACC-0001'

async function listStores(mock: MockGateway, m: { apiKey: string }) {
  return call(mock, GATEWAY_PATHS.listStores, { apiKey: m.apiKey })
}

function transactionDetail(mock: MockGateway, m: Merchant, transactionId: number) {
  return call(mock, GATEWAY_PATHS.transactionDetail, {
    apiKey: m.apiKey,
    method: 'GET',
    query: `?transaction_id=${transactionId}`,
  })
}

describe('two mock instances share nothing', () => {
  it('they hand out the same-looking merchant, store and order ids, each naming its own record', async () => {
    const a = newMock()
    const b = newMock()
    const ma = await newMerchant(a, { usd: 100 })
    const mb = await newMerchant(b, { usd: 7 })
    expect(mb.merchantId).toBe(ma.merchantId)
    expect(mb.storeId).toBe(ma.storeId)
    expect(mb.apiKey).not.toBe(ma.apiKey)
    const oa = await createOrder(a, ma, 25)
    const ob = await createOrder(b, mb, 3)
    expect(ob).toBe(oa)
    expect(a.orders.get(oa)).toMatchObject({ amount: 25 })
    expect(b.orders.get(ob)).toMatchObject({ amount: 3 })
    expect((await balance(a, ma)).usd.balance).toBe(100)
    expect((await balance(b, mb)).usd.balance).toBe(7)
  })

  it(
    'a payment in one instance is invisible in the other: order, ' + 'transaction, balance and webhooks of B unchanged',
    async () => {
      const a = newMock()
      const b = newMock()
      const ma = await newMerchant(a, { usd: 0 })
      const mb = await newMerchant(b, { usd: 0 })
      const orderB = await createOrder(b, mb, 25)
      const heardInB: unknown[] = []
      b.webhooks.on((delivery) => void heardInB.push(delivery))
      const paid = await paidOrder(a, ma, 25)
      expect(paid.orderId).toBe(orderB)

      expect(a.orders.get(paid.orderId)?.status).toBe('completed')
      expect(b.orders.get(orderB)?.status).toBe('pending')
      expect(b.transactions.get(paid.transactionId)).toBeUndefined()
      expect((await balance(a, ma)).usd).toEqual({ balance: 25, freeze: 0, usable: 25 })
      expect((await balance(b, mb)).usd).toEqual({ balance: 0, freeze: 0, usable: 0 })
      expect(a.webhooks.list()).toHaveLength(1)
      expect(b.webhooks.list()).toEqual([])
      expect(heardInB).toEqual([])
      expect((await transactionDetail(a, ma, paid.transactionId)).status).toBe(200)
      expect((await transactionDetail(b, mb, paid.transactionId)).status).toBe(404)
      expect(b.audit()).toEqual([])
    },
  )

  it('their clocks move independently, and so does what the clock drives (QR expiry, settlement)', async () => {
    const a = newMock()
    const b = newMock()
    const ma = await newMerchant(a)
    const mb = await newMerchant(b)
    const pa = await paidOrder(a, ma, 25)
    const pb = await paidOrder(b, mb, 25)
    const ra = await refund(a, ma, pa.orderId, 5)
    const rb = await refund(b, mb, pb.orderId, 5)
    const pendingB = await createOrder(b, mb, 1)

    await a.clock.advance(days(14))
    expect(a.clock.now()).toBe('2026-11-16T09:00:00.000Z')
    expect(b.clock.now()).toBe(MONDAY)
    expect(a.transactions.get(ra.body.data.transactionId)?.status).toBe('completed')
    expect(b.transactions.get(rb.body.data.transactionId)?.status).toBe('pending')
    expect((await balance(b, mb)).usd).toEqual({ balance: 1025, freeze: 5, usable: 1020 })
    // B's QR code is still valid on B's clock
    expect((await b.payments.create({ orderId: pendingB, status: 'SUCCESS' })).status).toBe('completed')

    const reply = await call(b, GATEWAY_PATHS.createOrder, {
      apiKey: mb.apiKey,
      body: { storeId: mb.storeId, amount: 1, currency: 'USD' },
    })
    expect(reply.body.created_at).toBe(MONDAY)
  })

  it('instances started at different times keep their own start point', async () => {
    const a = newMock({ clock: { now: '2026-01-01T00:00:00Z', frozen: true } })
    const b = newMock()
    expect(a.clock.now()).toBe('2026-01-01T00:00:00.000Z')
    expect(b.clock.now()).toBe(MONDAY)
    await b.clock.set('2027-01-01T00:00:00Z')
    expect(a.clock.now()).toBe('2026-01-01T00:00:00.000Z')
  })

  it('a fault armed in one instance never fires in the other', async () => {
    const a = newMock()
    const b = newMock()
    const ma = await newMerchant(a)
    const mb = await newMerchant(b)
    a.faults.add({ route: '*', kind: 'error', status: 503, times: 'always' })
    a.faults.add({ route: `POST ${GATEWAY_PATHS.payout}`, kind: 'network' })
    expect(b.faults.list()).toEqual([])
    expect((await listStores(b, mb)).status).toBe(200)
    expect((await listStores(a, ma)).status).toBe(503)
    expect((await payout(b, mb, { accountNumber: ACCOUNT, amount: 1, currency: 'USD' })).status).toBe(200)
    expect(a.faults.list()).toHaveLength(2)
  })

  it("a network fault in one instance rejects only that instance's fetch", async () => {
    const a = newMock()
    const b = newMock()
    const ma = await newMerchant(a)
    const mb = await newMerchant(b)
    a.faults.add({ route: `POST ${GATEWAY_PATHS.listStores}`, kind: 'network' })
    await expect(listStores(a, ma)).rejects.toThrow(TypeError)
    expect((await listStores(b, mb)).status).toBe(200)
  })

  it(
    "their fetch functions do not cross: instance A's fetch refuses " +
      "instance B's key with 401, on the same baseUrl",
    async () => {
      const a = newMock()
      const b = newMock()
      expect(a.baseUrl).toBe(b.baseUrl)
      const ma = await newMerchant(a)
      const mb = await newMerchant(b)
      const viaA = await call(a, GATEWAY_PATHS.balanceInquiry, { apiKey: mb.apiKey })
      expect(viaA.status).toBe(401)
      expect(viaA.body).toEqual({ statusCode: 401, message: expect.any(String), error: 'Unauthorized' })
      expect((await call(b, GATEWAY_PATHS.balanceInquiry, { apiKey: mb.apiKey })).status).toBe(200)
      expect((await call(a, GATEWAY_PATHS.balanceInquiry, { apiKey: ma.apiKey })).status).toBe(200)
      // a signed request of B's merchant sent to A: unknown key there, nothing moves in either
      const refused = await signedCall(a, mb, GATEWAY_PATHS.payout, {
        accountNumber: ACCOUNT,
        amount: 1,
        currency: 'USD',
      })
      expect(refused.status).toBe(401)
      expect((await balance(a, ma)).usd.freeze).toBe(0)
      expect((await balance(b, mb)).usd.freeze).toBe(0)
    },
  )

  it(
    "an instance's fetch serves only its own baseUrl: a URL of another " + 'instance rejects like an unreachable host',
    async () => {
      const a = newMock({ baseUrl: 'https://a.gateway.test' })
      const b = newMock({ baseUrl: 'https://b.gateway.test' })
      const mb = await newMerchant(b)
      const url = `${b.baseUrl}${GATEWAY_PATHS.listStores}`
      await expect(a.fetch(url, { method: 'POST', headers: { [HEADERS.apiKey]: mb.apiKey } })).rejects.toThrow(
        TypeError,
      )
      expect((await b.fetch(url, { method: 'POST', headers: { [HEADERS.apiKey]: mb.apiKey } })).status).toBe(200)
    },
  )

  it(
    'two instances seeded with the same credentials keep separate books and ' + 'separate idempotency records',
    async () => {
      const seed = [
        { apiKey: 'mk_same', apiSecret: 'sk_same', balances: { usd: 10 }, stores: [{ storeName: 'S', address: 'A' }] },
      ]
      const a = newMock({ seed })
      const b = newMock({ seed })
      const ma: Merchant = { ...(await a.merchants.get(1)), storeId: 101 }
      const mb: Merchant = { ...(await b.merchants.get(1)), storeId: 101 }
      expect(ma.apiKey).toBe(mb.apiKey)
      const key = crypto.randomUUID()
      const first = await payout(a, ma, { accountNumber: ACCOUNT, amount: 4, currency: 'USD' }, key)
      expect(first.status).toBe(200)
      expect((await balance(b, mb)).usd).toEqual({ balance: 10, freeze: 0, usable: 10 })
      // the same key and body in B is new to B: processed there, not replayed from A
      const second = await payout(b, mb, { accountNumber: ACCOUNT, amount: 4, currency: 'USD' }, key)
      expect(second.status).toBe(200)
      expect(second.headers.get(HEADERS.idempotentReplayed)).toBeNull()
      expect((await balance(a, ma)).usd.freeze).toBe(4)
      expect((await balance(b, mb)).usd.freeze).toBe(4)
    },
  )
})

describe('two merchants in one instance', () => {
  interface Pair {
    mock: MockGateway
    a: Merchant
    b: Merchant
    /** B's second store, B's completed order, B's pending order. */
    bStore2: number
    bPaid: { orderId: number; transactionId: number }
    bPending: number
  }

  async function pair(): Promise<Pair> {
    const mock = newMock()
    const a = await newMerchant(mock, { usd: 1000, khr: 0 })
    const b = await newMerchant(mock, { usd: 40, khr: 8000 })
    const bStore2 = (await mock.stores.add(b.merchantId, { storeName: 'B Two', address: '2 River Rd' })).storeId
    await mock.accounts.add(a.merchantId, { accountNumber: ACCOUNT, accountName: 'A Owner' })
    await mock.accounts.add(b.merchantId, { accountNumber: ACCOUNT, accountName: 'B Owner' })
    const bPaid = await paidOrder(mock, b, 25)
    const bPending = await createOrder(mock, b, 10)
    return { mock, a, b, bStore2, bPaid, bPending }
  }

  /** Everything of B that A could try to see or change. */
  async function stateOfB(p: Pair) {
    return {
      balance: await balance(p.mock, p.b),
      stores: (await listStores(p.mock, p.b)).body.data,
      paid: p.mock.orders.get(p.bPaid.orderId),
      pending: p.mock.orders.get(p.bPending),
      payment: p.mock.transactions.get(p.bPaid.transactionId),
      nextTransaction: p.mock.transactions.get(p.bPaid.transactionId + 1),
      audit: p.mock.audit(),
    }
  }

  it('list stores shows each merchant only its own stores', async () => {
    const p = await pair()
    const ofA = await listStores(p.mock, p.a)
    const ofB = await listStores(p.mock, p.b)
    expect(ofA.body.data).toEqual([{ storeId: p.a.storeId, storeName: 'Riverside', address: '1 Main St, Phnom Penh' }])
    expect(ofB.body.data.map((s: { storeId: number }) => s.storeId)).toEqual([p.b.storeId, p.bStore2])
  })

  it("balance inquiry shows each merchant its own balances, and A's activity does not move B's", async () => {
    const p = await pair()
    expect((await balance(p.mock, p.a)).usd).toEqual({ balance: 1000, freeze: 0, usable: 1000 })
    const before = await stateOfB(p)
    expect(before.balance).toEqual({
      usd: { balance: 65, freeze: 0, usable: 65 },
      khr: { balance: 8000, freeze: 0, usable: 8000 },
    })
    const paidA = await paidOrder(p.mock, p.a, 50)
    expect((await refund(p.mock, p.a, paidA.orderId, 20)).status).toBe(200)
    expect((await payout(p.mock, p.a, { accountNumber: ACCOUNT, amount: 30, currency: 'USD' })).status).toBe(200)
    expect((await balance(p.mock, p.a)).usd).toEqual({ balance: 1050, freeze: 50, usable: 1000 })
    const after = await stateOfB(p)
    expect(after.balance).toEqual(before.balance)
    expect(after.paid).toEqual(before.paid)
  })

  it("A cannot create an order or a QR code on B's stores: 404 like a missing store, and B gains nothing", async () => {
    const p = await pair()
    const before = await stateOfB(p)
    for (const storeId of [p.b.storeId, p.bStore2]) {
      const order = await call(p.mock, GATEWAY_PATHS.createOrder, {
        apiKey: p.a.apiKey,
        body: { storeId, amount: 1, currency: 'USD' },
      })
      expect(order.status).toBe(404)
      expect(order.body).toEqual({
        statusCode: 404,
        message: `Store ${storeId} not found for this merchant`,
        error: 'Not Found',
      })
      const qr = await call(p.mock, GATEWAY_PATHS.generateQr, {
        apiKey: p.a.apiKey,
        body: { store_id: storeId, amount: 1, currency: 'USD' },
      })
      expect(qr.status).toBe(404)
      expect(qr.body).toEqual({
        statusCode: 404,
        message: `Store ${storeId} not found for this merchant`,
        error: 'Not Found',
      })
    }
    expect(p.mock.orders.get(p.bPending + 1)).toBeUndefined()
    expect(await stateOfB(p)).toEqual(before)
  })

  it("A cannot cancel B's orders: 404 exactly like an unknown order, and B's orders keep their status", async () => {
    const p = await pair()
    const before = await stateOfB(p)
    const unknown = await call(p.mock, GATEWAY_PATHS.cancelOrder, { apiKey: p.a.apiKey, body: { order_id: '999999' } })
    for (const orderId of [p.bPending, p.bPaid.orderId]) {
      const reply = await call(p.mock, GATEWAY_PATHS.cancelOrder, {
        apiKey: p.a.apiKey,
        body: { order_id: String(orderId), reason: 'not mine' },
      })
      expect(reply.status).toBe(404)
      expect(reply.body).toEqual({ ...unknown.body, message: `Order ${orderId} not found` })
      expect(await stateOfB(p)).toEqual(before)
    }
    expect(p.mock.orders.get(p.bPending)).toMatchObject({ status: 'pending', cancelReason: null })
  })

  it("A cannot refund B's order: 404, no refund transaction, B's freeze unchanged", async () => {
    const p = await pair()
    const before = await stateOfB(p)
    const reply = await refund(p.mock, p.a, p.bPaid.orderId, 5)
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ statusCode: 404, message: `Order ${p.bPaid.orderId} not found`, error: 'Not Found' })
    expect(await stateOfB(p)).toEqual(before)
    expect((await balance(p.mock, p.a)).usd.freeze).toBe(0)
    // B can refund it
    expect((await refund(p.mock, p.b, p.bPaid.orderId, 5)).status).toBe(200)
  })

  it("A cannot read B's transactions, by GET or POST: 404 exactly like an unknown transaction", async () => {
    const p = await pair()
    const before = await stateOfB(p)
    const get = await transactionDetail(p.mock, p.a, p.bPaid.transactionId)
    expect(get.status).toBe(404)
    expect(get.body).toEqual({
      statusCode: 404,
      message: `Transaction ${p.bPaid.transactionId} not found`,
      error: 'Not Found',
    })
    const post = await call(p.mock, GATEWAY_PATHS.transactionDetail, {
      apiKey: p.a.apiKey,
      body: { transaction_id: p.bPaid.transactionId },
    })
    expect(post.status).toBe(404)
    expect(post.body).toEqual(get.body)
    expect((await transactionDetail(p.mock, p.b, p.bPaid.transactionId)).status).toBe(200)
    expect(await stateOfB(p)).toEqual(before)
  })

  it("A cannot read B's refunds or payouts by their transaction ids either", async () => {
    const p = await pair()
    const r = await refund(p.mock, p.b, p.bPaid.orderId, 5)
    const po = await payout(p.mock, p.b, { accountNumber: ACCOUNT, amount: 3, currency: 'USD' })
    for (const id of [r.body.data.transactionId, po.body.data.transactionId]) {
      expect((await transactionDetail(p.mock, p.a, id)).status).toBe(404)
      expect((await transactionDetail(p.mock, p.b, id)).status).toBe(200)
    }
  })

  it(
    'the same idempotency key used by A and by B for different refunds: ' + "both process, neither replays the other's",
    async () => {
      const p = await pair()
      const paidA = await paidOrder(p.mock, p.a, 30)
      const key = 'shared-key-0001'
      const byA = await refund(p.mock, p.a, paidA.orderId, 3, key)
      expect(byA.status).toBe(200)
      const beforeB = await stateOfB(p)
      const byB = await refund(p.mock, p.b, p.bPaid.orderId, 4, key)
      expect(byB.status).toBe(200)
      expect(byB.headers.get(HEADERS.idempotentReplayed)).toBeNull()
      expect(byB.body.data).toMatchObject({ orderId: p.bPaid.orderId, amount: 4 })
      expect(byB.body.data.transactionId).not.toBe(byA.body.data.transactionId)
      expect((await balance(p.mock, p.b)).usd.freeze).toBe(beforeB.balance.usd.freeze + 4)
      expect((await balance(p.mock, p.a)).usd.freeze).toBe(3)

      // each retry replays its own merchant's original response
      const retryA = await refund(p.mock, p.a, paidA.orderId, 3, key)
      const retryB = await refund(p.mock, p.b, p.bPaid.orderId, 4, key)
      expect(retryA.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect(retryB.headers.get(HEADERS.idempotentReplayed)).toBe('true')
      expect(retryA.body).toEqual(byA.body)
      expect(retryB.body).toEqual(byB.body)
      expect((await balance(p.mock, p.a)).usd.freeze).toBe(3)
      expect((await balance(p.mock, p.b)).usd.freeze).toBe(4)
      expect(p.mock.audit()).toEqual([])
    },
  )

  it(
    "A reusing B's key with B's exact request body is not a replay of B's " +
      "response: A is refused 404 for B's order",
    async () => {
      const p = await pair()
      const key = 'shared-key-0002'
      const byB = await refund(p.mock, p.b, p.bPaid.orderId, 4, key)
      expect(byB.status).toBe(200)
      const beforeB = await stateOfB(p)
      const byA = await refund(p.mock, p.a, p.bPaid.orderId, 4, key)
      expect(byA.status).toBe(404)
      expect(byA.headers.get(HEADERS.idempotentReplayed)).toBeNull()
      expect(JSON.stringify(byA.body)).not.toContain(String(byB.body.data.transactionId))
      expect(await stateOfB(p)).toEqual(beforeB)
    },
  )

  it('the same idempotency key used by A and by B for payouts: both process, each from its own balance', async () => {
    const p = await pair()
    const key = 'shared-payout-key'
    const byA = await payout(p.mock, p.a, { accountNumber: ACCOUNT, amount: 7, currency: 'USD' }, key)
    const byB = await payout(p.mock, p.b, { accountNumber: ACCOUNT, amount: 7, currency: 'USD' }, key)
    expect(byA.status).toBe(200)
    expect(byB.status).toBe(200)
    expect(byB.headers.get(HEADERS.idempotentReplayed)).toBeNull()
    expect(byA.body.data.accountName).toBe('A Owner')
    expect(byB.body.data.accountName).toBe('B Owner')
    expect((await balance(p.mock, p.a)).usd.freeze).toBe(7)
    expect((await balance(p.mock, p.b)).usd.freeze).toBe(7)
  })

  it(
    "B's signing secret does not authenticate A: A's key with a signature " + "by B's secret is 401 invalid_signature",
    async () => {
      const p = await pair()
      const paidA = await paidOrder(p.mock, p.a, 30)
      const before = await stateOfB(p)
      const reply = await signedCall(
        p.mock,
        p.a,
        GATEWAY_PATHS.refundOrder,
        { orderId: paidA.orderId, refundAmount: 1 },
        { secret: p.b.apiSecret },
      )
      expect(reply.status).toBe(401)
      expect(reply.body.error.code).toBe('invalid_signature')
      expect(await stateOfB(p)).toEqual(before)
      expect((await balance(p.mock, p.a)).usd.freeze).toBe(0)
    },
  )
})

describe('mock.reset() returns to the seeded state', () => {
  const SEED = [
    { apiKey: 'mk_seed', apiSecret: 'sk_seed', balances: { usd: 50 }, stores: [{ storeName: 'S', address: 'A' }] },
  ]

  async function seedMerchant(mock: MockGateway): Promise<Merchant> {
    const stores = await listStores(mock, { apiKey: 'mk_seed' })
    expect(stores.status).toBe(200)
    const merchant = await mock.merchants.get(1)
    return { ...merchant, storeId: stores.body.data[0].storeId }
  }

  it(
    'after orders, payments, refunds, payouts, new merchants, faults and ' +
      'clock moves, reset restores exactly the seed',
    async () => {
      const mock = newMock({ seed: SEED })
      const seed = await seedMerchant(mock)
      expect(seed).toMatchObject({ apiKey: 'mk_seed', apiSecret: 'sk_seed' })
      const fresh = {
        stores: (await listStores(mock, seed)).body.data,
        balance: await balance(mock, seed),
      }
      expect(fresh.stores).toEqual([{ storeId: seed.storeId, storeName: 'S', address: 'A' }])
      expect(fresh.balance).toEqual({
        usd: { balance: 50, freeze: 0, usable: 50 },
        khr: { balance: 0, freeze: 0, usable: 0 },
      })

      // changes of every kind
      const paid = await paidOrder(mock, seed, 25)
      const pending = await createOrder(mock, seed, 5)
      const payoutKey = 'payout-before-reset'
      expect((await refund(mock, seed, paid.orderId, 10)).status).toBe(200)
      expect(
        (await payout(mock, seed, { accountNumber: ACCOUNT, amount: 20, currency: 'USD' }, payoutKey)).status,
      ).toBe(200)
      await mock.stores.add(seed.merchantId, { storeName: 'Added', address: 'Later' })
      const other = await newMerchant(mock)
      await mock.clock.advance(days(1))
      mock.faults.add({ route: `POST ${GATEWAY_PATHS.balanceInquiry}`, kind: 'error', status: 503, times: 'always' })
      mock.faults.add({ route: '*', kind: 'latency', delayMs: 10, times: 3 })
      expect(mock.webhooks.list()).toHaveLength(1)

      await mock.reset({ clock: 'start' })

      expect(mock.clock.now()).toBe(MONDAY)
      expect(mock.faults.list()).toEqual([])
      expect(await balance(mock, seed)).toEqual(fresh.balance)
      expect((await listStores(mock, { apiKey: 'mk_seed' })).body.data).toEqual(fresh.stores)
      expect(mock.orders.get(paid.orderId)).toBeUndefined()
      expect(mock.orders.get(pending)).toBeUndefined()
      expect(mock.transactions.get(paid.transactionId)).toBeUndefined()
      expect(mock.webhooks.list()).toEqual([])
      expect(mock.audit()).toEqual([])
      // the merchant created after the seed is gone
      expect((await listStores(mock, other)).status).toBe(401)
      await expect(mock.merchants.get(other.merchantId)).rejects.toMatchObject({ status: 404 })
    },
  )

  it(
    'after reset the seed merchant works with its fixed key and secret, ids ' +
      'start again, and old idempotency keys are new',
    async () => {
      const mock = newMock({ seed: SEED })
      const seed = await seedMerchant(mock)
      const firstOrder = await paidOrder(mock, seed, 25)
      const key = 'payout-key'
      const before = await payout(mock, seed, { accountNumber: ACCOUNT, amount: 20, currency: 'USD' }, key)
      expect(before.status).toBe(200)

      await mock.reset()

      const again = await paidOrder(mock, seed, 25)
      expect(again).toEqual(firstOrder)
      // the key used before reset is unknown again: the payout runs, it is not replayed
      const after = await payout(mock, seed, { accountNumber: ACCOUNT, amount: 20, currency: 'USD' }, key)
      expect(after.status).toBe(200)
      expect(after.headers.get(HEADERS.idempotentReplayed)).toBeNull()
      expect((await balance(mock, seed)).usd).toEqual({ balance: 75, freeze: 20, usable: 55 })
      // a signed refund with the seed secret is accepted
      expect((await refund(mock, seed, again.orderId, 5)).status).toBe(200)
      expect(mock.audit()).toEqual([])
    },
  )

  it('faults armed before reset do not fire after it', async () => {
    const mock = newMock({ seed: SEED })
    const seed = await seedMerchant(mock)
    mock.faults.add({ route: '*', kind: 'network', times: 'always' })
    await expect(listStores(mock, seed)).rejects.toThrow(TypeError)
    await mock.reset()
    expect((await listStores(mock, seed)).status).toBe(200)
  })

  it(
    "reset({ clock: 'start' }) returns the clock to its start even after " + 'being moved backwards and forwards',
    async () => {
      const mock = newMock({ seed: SEED })
      await mock.clock.advance(days(40))
      await mock.clock.set('2026-01-01T00:00:00Z')
      await mock.reset({ clock: 'start' })
      expect(mock.clock.now()).toBe(MONDAY)
      const seed = await seedMerchant(mock)
      const reply = await call(mock, GATEWAY_PATHS.createOrder, {
        apiKey: seed.apiKey,
        body: { storeId: seed.storeId, amount: 1, currency: 'USD' },
      })
      expect(reply.body.created_at).toBe(MONDAY)
    },
  )

  it('by default reset leaves a frozen clock where it was moved', async () => {
    const mock = newMock({ seed: SEED })
    await mock.clock.advance(days(3))
    await mock.reset()
    expect(mock.clock.now()).toBe(new Date(Date.parse(MONDAY) + days(3)).toISOString())
  })

  it('by default reset leaves a running clock running with real time: it is never rewound', async () => {
    const mock = newMock({ seed: SEED, clock: {} })
    await mock.clock.advance(days(2))
    const before = Date.parse(mock.clock.now())
    await mock.reset()
    const after = Date.parse(mock.clock.now())
    expect(after).toBeGreaterThanOrEqual(before)
    expect(after - before).toBeLessThan(60_000)
  })

  it(
    "the option resetClock: 'start' makes every reset put the clock back; " +
      "reset({ clock: 'keep' }) overrides it once",
    async () => {
      const mock = newMock({ seed: SEED, resetClock: 'start' })
      await mock.clock.advance(days(1))
      await mock.reset({ clock: 'keep' })
      expect(mock.clock.now()).toBe(new Date(Date.parse(MONDAY) + days(1)).toISOString())
      await mock.reset()
      expect(mock.clock.now()).toBe(MONDAY)
      await expect(mock.reset({ clock: 'yesterday' as never })).rejects.toMatchObject({ status: 400 })
      expect(() => newMock({ resetClock: 'never' as never })).toThrow(/resetClock must be 'keep' or 'start'/)
    },
  )

  it('reset of one instance leaves another instance untouched', async () => {
    const a = newMock({ seed: SEED })
    const b = newMock({ seed: SEED })
    const sb = await seedMerchant(b)
    await paidOrder(b, sb, 25)
    await b.clock.advance(days(1))
    await a.reset()
    expect((await balance(b, sb)).usd.balance).toBe(75)
    expect(b.clock.now()).toBe('2026-11-03T09:00:00.000Z')
  })
})
