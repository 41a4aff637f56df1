/**
 * Retention of a long-running mock, on the mock clock: expiring records (idempotency, reset sessions,
 * unpaid expired QR codes) leave exactly when they can no longer be observed, never before; history
 * (finished webhooks, the codes sent) is kept up to its count and age; money records never leave.
 */
import { GATEWAY_PATHS, LIMITS, PIN_RULES } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { createControlHandler, createMockGateway, type MockGateway } from '../src/index.js'
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
  type Merchant,
} from './harness.js'
import { as, BY_EMAIL, expectRefused, newUser, openSession, pinMock, verifiedSession } from './pin-helpers.js'

const SECOND = 1000
const MINUTE = 60 * SECOND
const DAY = LIMITS.idempotencyWindowMs
const ACCOUNT = '200300400'

async function records(mock: MockGateway) {
  return (await mock.stats()).records
}

/** Sets the clock to `ms` after {@link MONDAY}. */
function at(mock: MockGateway, ms: number) {
  return mock.clock.set(new Date(Date.parse(MONDAY) + ms).toISOString())
}

async function generateQr(mock: MockGateway, m: Merchant): Promise<{ qrData: string; url: string }> {
  const reply = await call(mock, GATEWAY_PATHS.generateQr, {
    apiKey: m.apiKey,
    body: { store_id: m.storeId, amount: 2, currency: 'USD' },
  })
  expect(reply.status).toBe(200)
  return { qrData: reply.body.qr_data, url: reply.body.qr_code }
}

describe('retention: idempotency records', () => {
  it(
    'an idempotent replay 23:59:59 after the first request still replays; ' + 'one at 24:00:01 is processed afresh',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock)
      const { orderId } = await paidOrder(mock, m, 25)
      const first = await refund(mock, m, orderId, 1, 'refund-key-1')
      expect(first.status).toBe(200)
      const afterFirst = await balance(mock, m)

      await at(mock, DAY - SECOND)
      const replay = await refund(mock, m, orderId, 1, 'refund-key-1')
      expect(replay.status).toBe(200)
      expect(replay.body).toEqual(first.body)
      expect(mock.requests.list({ limit: 1 })[0]).toMatchObject({ replayed: true })
      expect(await balance(mock, m)).toEqual(afterFirst)

      await at(mock, DAY + SECOND)
      const fresh = await refund(mock, m, orderId, 1, 'refund-key-1')
      expect(fresh.status).toBe(200)
      expect(mock.requests.list({ limit: 1 })[0]).toMatchObject({ replayed: false })
      expect(fresh.body).not.toEqual(first.body)
      expect((await balance(mock, m)).usd.freeze).toBe(afterFirst.usd.freeze + 1)
    },
  )

  it('the record is dropped exactly when its 24 hours end, not a millisecond before', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 25)
    expect((await refund(mock, m, orderId, 1, 'k-refund')).status).toBe(200)
    expect((await payout(mock, m, { accountNumber: ACCOUNT, amount: 1, currency: 'USD' }, 'k-payout')).status).toBe(200)
    expect((await records(mock)).idempotency).toBe(2)
    await at(mock, DAY - 1)
    expect((await records(mock)).idempotency).toBe(2)
    await at(mock, DAY)
    expect((await records(mock)).idempotency).toBe(0)
  })

  it('a key processed afresh after 24 h lives its own 24 h from then', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, m, 25)
    await refund(mock, m, orderId, 1, 'again')
    await at(mock, DAY + 5 * SECOND)
    const second = await refund(mock, m, orderId, 1, 'again')
    await at(mock, 2 * DAY)
    expect((await records(mock)).idempotency).toBe(1)
    expect((await refund(mock, m, orderId, 1, 'again')).body).toEqual(second.body)
    await at(mock, 2 * DAY + 5 * SECOND)
    expect((await records(mock)).idempotency).toBe(0)
  })
})

describe('retention: reset sessions', () => {
  it(
    'an open session is dropped at its expiry, not before; verify-otp then ' +
      'answers 400 otp_session_invalid as for an unknown id',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      const { sessionId, code } = await openSession(mock, user)
      await at(mock, PIN_RULES.otpSessionSeconds * SECOND - 1)
      expect((await records(mock)).otpSessions).toBe(1)
      await at(mock, PIN_RULES.otpSessionSeconds * SECOND)
      expect((await records(mock)).otpSessions).toBe(0)
      expectRefused(await as(mock, user.accessToken).verifyOtp(BY_EMAIL, code, sessionId), 400, 'otp_session_invalid')
    },
  )

  it(
    'a verified session lives its own 10 minutes from verification, then is ' +
      'dropped; a used one is dropped at once',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      await at(mock, 5 * MINUTE)
      const verified = await verifiedSession(mock, user)
      // The open session's expiry (10 min after MONDAY) no longer applies to it.
      await at(mock, 15 * MINUTE - 1)
      expect((await records(mock)).otpSessions).toBe(1)
      await at(mock, 15 * MINUTE)
      expect((await records(mock)).otpSessions).toBe(0)
      expect((await as(mock, user.accessToken).resetPin(verified, '730264')).status).toBe(400)

      const used = await verifiedSession(mock, user)
      expect((await as(mock, user.accessToken).resetPin(used, '730264')).status).toBe(200)
      expect((await records(mock)).otpSessions).toBe(0)
    },
  )

  it(
    'a session ended by a new forgot-pin stays until its own expiry (it ' + 'still answers "ended"), then is dropped',
    async () => {
      const mock = pinMock()
      const user = await newUser(mock)
      await openSession(mock, user)
      await at(mock, 4 * MINUTE)
      await openSession(mock, user)
      expect((await records(mock)).otpSessions).toBe(2)
      await at(mock, 10 * MINUTE)
      expect((await records(mock)).otpSessions).toBe(1)
      await at(mock, 14 * MINUTE)
      expect((await records(mock)).otpSessions).toBe(0)
    },
  )
})

describe('retention: QR codes', () => {
  it(
    'an unpaid stand-alone QR code is known (image 200, payment 422 ' +
      'qr_expired) until expiredQrCodeSeconds after its expiry, then answers ' +
      '404 like one never issued',
    async () => {
      const mock = newMock({ retention: { expiredQrCodeSeconds: 3600 } })
      const m = await newMerchant(mock)
      const qr = await generateQr(mock, m)
      const known = LIMITS.qrValidityMs + 3600 * SECOND
      await at(mock, known - 1)
      expect((await mock.fetch(qr.url)).status).toBe(200)
      await expect(mock.payments.create({ qrData: qr.qrData, status: 'SUCCESS' })).rejects.toMatchObject({
        status: 422,
        code: 'qr_expired',
      })
      expect((await records(mock)).qrCodes).toBe(1)
      await at(mock, known)
      expect((await records(mock)).qrCodes).toBe(0)
      expect((await mock.fetch(qr.url)).status).toBe(404)
      await expect(mock.payments.create({ qrData: qr.qrData, status: 'SUCCESS' })).rejects.toMatchObject({
        status: 404,
      })
    },
  )

  it('by default an expired stand-alone QR code is known for a day after its 30 minutes', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    await generateQr(mock, m)
    await at(mock, LIMITS.qrValidityMs + days(1) - 1)
    expect((await records(mock)).qrCodes).toBe(1)
    await at(mock, LIMITS.qrValidityMs + days(1))
    expect((await records(mock)).qrCodes).toBe(0)
  })

  it(
    "a paid stand-alone QR code and every order's QR code are never " + 'dropped: paying again still finds the order',
    async () => {
      const mock = newMock({ retention: { expiredQrCodeSeconds: 0 } })
      const m = await newMerchant(mock)
      const qr = await generateQr(mock, m)
      const paid = await mock.payments.create({ qrData: qr.qrData, status: 'SUCCESS' })
      const orderId = await createOrder(mock, m, 3)
      const order = mock.orders.get(orderId)!
      await mock.clock.advance(days(400))
      expect((await records(mock)).qrCodes).toBe(1)
      expect((await mock.fetch(qr.url)).status).toBe(200)
      await expect(mock.payments.create({ qrData: qr.qrData, status: 'SUCCESS' })).rejects.toMatchObject({
        status: 409,
      })
      await expect(mock.payments.create({ qrData: order.qrData, status: 'SUCCESS' })).rejects.toMatchObject({
        status: 422,
        code: 'qr_expired',
      })
      expect(mock.orders.get(paid.orderId)?.status).toBe('completed')
    },
  )
})

describe('retention: money records', () => {
  it(
    'by default orders, payments, refunds, payouts and balances are never dropped, a ' +
      'year later and with every history limit at 0',
    async () => {
      const mock = newMock({
        retention: {
          webhooks: { max: 0, maxAgeSeconds: 0 },
          outbox: { max: 0, maxAgeSeconds: 0 },
          expiredQrCodeSeconds: 0,
        },
      })
      const m = await newMerchant(mock)
      const paid = await paidOrder(mock, m, 25)
      const pending = await createOrder(mock, m, 5)
      await refund(mock, m, paid.orderId, 2)
      await payout(mock, m, { accountNumber: ACCOUNT, amount: 3, currency: 'USD' })
      const before = await records(mock)
      const figures = await balance(mock, m)
      await mock.clock.advance(days(365))
      const after = await records(mock)
      for (const table of ['merchants', 'stores', 'accounts', 'balances', 'orders', 'transactions', 'users'] as const)
        expect(after[table], table).toBe(before[table])
      expect(after.orders).toBe(2)
      expect(after.transactions).toBe(3)
      expect(mock.orders.get(pending)?.status).toBe('pending')
      expect(mock.transactions.get(paid.transactionId)?.status).toBe('completed')
      // Settled since: the refund left the balance; the payout to an account the mock does not know failed
      // and was reversed (its freeze released). Nothing else moved.
      expect((await balance(mock, m)).usd).toEqual({
        balance: figures.usd.balance - 2,
        freeze: 0,
        usable: figures.usd.balance - 2,
      })
      expect(mock.audit()).toEqual([])
    },
  )
})

describe('retention: history', () => {
  it(
    'finished webhooks beyond retention.webhooks.max leave oldest first; ' +
      'one still being retried is kept whatever the count',
    async () => {
      let failing = true
      const webhookFetch = (async () => new Response(null, { status: failing ? 500 : 200 })) as typeof fetch
      const mock = newMock({ webhookFetch, retention: { webhooks: { max: 2 } } })
      const created = await mock.merchants.create({ balances: { usd: 100 }, webhookUrl: 'https://merchant.test/hooks' })
      const store = await mock.stores.add(created.merchantId, { storeName: 'S', address: 'A' })
      const m: Merchant = { ...created, storeId: store.storeId }
      const retried = await paidOrder(mock, m, 1)
      failing = false
      const ids: number[] = []
      for (let i = 0; i < 4; i++) ids.push((await paidOrder(mock, m, 2 + i)).transactionId)
      const kept = mock.webhooks.list()
      expect(kept.map((w) => w.payload.transactionId)).toEqual([retried.transactionId, ids[2], ids[3]])
      expect(kept[0]).toMatchObject({ status: 'recorded', attempts: [{ outcome: 'failed' }] })
      // The retry delivers it: now it is the newest finished one, and the oldest finished one leaves
      // (the list stays in the order the webhooks were built).
      await mock.clock.advance(MINUTE)
      expect(mock.webhooks.list().map((w) => [w.payload.transactionId, w.status])).toEqual([
        [retried.transactionId, 'delivered'],
        [ids[3], 'delivered'],
      ])
    },
  )

  it('a finished webhook stays maxAgeSeconds after it finished, and leaves after that', async () => {
    const mock = newMock({ retention: { webhooks: { maxAgeSeconds: 60 } } })
    const m = await newMerchant(mock)
    await paidOrder(mock, m, 1)
    await at(mock, MINUTE)
    expect(mock.webhooks.list()).toHaveLength(1)
    await at(mock, MINUTE + 1)
    expect(mock.webhooks.list()).toHaveLength(0)
    expect((await records(mock)).webhooks).toBe(0)
  })

  it('the outbox keeps the newest retention.outbox.max codes, none sent more than maxAgeSeconds ago', async () => {
    const mock = pinMock({ forgotPinLimit: false, retention: { outbox: { max: 3, maxAgeSeconds: 3600 } } })
    const user = await newUser(mock)
    const sent: string[] = []
    for (let i = 0; i < 5; i++) sent.push((await openSession(mock, user)).sessionId)
    expect(mock.otp.list().map((o) => o.sessionId)).toEqual(sent.slice(2))
    await at(mock, 3600 * SECOND)
    expect(mock.otp.list()).toHaveLength(3)
    await at(mock, 3600 * SECOND + 1)
    expect(mock.otp.list()).toEqual([])
    expect((await records(mock)).outbox).toBe(0)
  })

  it('the defaults: 1000 finished webhooks and 1000 codes, each for a week', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    await paidOrder(mock, m, 1)
    await at(mock, days(7))
    expect(mock.webhooks.list()).toHaveLength(1)
    await at(mock, days(7) + 1)
    expect(mock.webhooks.list()).toHaveLength(0)
  })

  it(
    'reset() forgets the retention queues with the tables: nothing ' +
      'scheduled before it drops a record made after it',
    async () => {
      const mock = newMock()
      const m = await newMerchant(mock)
      const { orderId } = await paidOrder(mock, m, 25)
      await refund(mock, m, orderId, 1, 'before-reset')
      await mock.reset()
      expect((await mock.stats()).queued.expiries).toBe(0)
      const again = await newMerchant(mock)
      const paid = await paidOrder(mock, again, 25)
      await at(mock, DAY - 1)
      await refund(mock, again, paid.orderId, 1, 'before-reset')
      await at(mock, DAY + 1)
      expect((await records(mock)).idempotency).toBe(1)
    },
  )
})

describe('retention options', () => {
  it('are checked: an unknown key is a TypeError, a negative or fractional number a RangeError', () => {
    expect(() => createMockGateway({ retention: { webhook: {} } as never })).toThrow(TypeError)
    expect(() => createMockGateway({ retention: { outbox: { maxCount: 3 } } as never })).toThrow(TypeError)
    expect(() => createMockGateway({ retention: { webhooks: { max: -1 } } })).toThrow(RangeError)
    expect(() => createMockGateway({ retention: { outbox: { maxAgeSeconds: 1.5 } } })).toThrow(RangeError)
    expect(() => createMockGateway({ retention: { expiredQrCodeSeconds: -5 } })).toThrow(
      /expiredQrCodeSeconds must be an integer >= 0, got -5/,
    )
  })

  it('GET /__mock/stats answers the same figures as mock.stats()', async () => {
    const mock = newMock()
    const m = await newMerchant(mock)
    await paidOrder(mock, m, 25)
    const res = await createControlHandler(mock)(new Request(`${mock.baseUrl}/__mock/stats`))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(await mock.stats())
  })
})
