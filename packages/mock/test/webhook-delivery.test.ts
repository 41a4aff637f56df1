import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE } from '../src/options.js'
import type { MockGateway, MockGatewayOptions } from '../src/index.js'
import { call, createOrder, MONDAY, newMock, type Merchant } from './harness.js'

const WEBHOOK_URL = 'https://merchant.test/webhooks'
const MIN = 60_000

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: string
}

/** A fake fetch: records each request and answers with the next scripted reply (then the last one again). */
function fakeFetch(...script: Array<number | Error>) {
  const calls: Sent[] = []
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: String(init?.body),
    })
    const next = script.length > 1 ? script.shift()! : (script[0] ?? 200)
    if (next instanceof Error) throw next
    return new Response(next === 204 ? null : JSON.stringify({ received: true }), { status: next })
  }) as typeof fetch
  return { calls, fetchFn }
}

async function setup(options: MockGatewayOptions & { webhookUrl?: string | null } = {}) {
  const { webhookUrl = WEBHOOK_URL, ...rest } = options
  const mock = newMock(rest)
  const created = await mock.merchants.create({
    balances: { usd: 1000 },
    ...(webhookUrl === null ? {} : { webhookUrl }),
  })
  const store = await mock.stores.add(created.merchantId, { storeName: 'Riverside', address: '1 Main St' })
  const merchant: Merchant = { ...created, storeId: store.storeId }
  return { mock, merchant }
}

async function pay(mock: MockGateway, merchant: Merchant, amount = 25) {
  const orderId = await createOrder(mock, merchant, amount)
  const payment = await mock.payments.create({ orderId, status: 'SUCCESS' })
  return { orderId, transactionId: payment.transactionId }
}

const verifies = (merchant: Merchant, sent: Sent) =>
  signer.verifyWebhook({
    secret: merchant.apiSecret,
    rawBody: sent.body,
    createTimeMilli: JSON.parse(sent.body).createTimeMilli,
    signature: sent.headers['x-signature']!,
  })

describe('webhook HTTP delivery', () => {
  it(
    'a 2xx answer delivers: one POST to webhookUrl with the exact raw body, ' +
      'Content-Type and an X-Signature that verifies',
    async () => {
      const { calls, fetchFn } = fakeFetch(200)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      await pay(mock, merchant)
      const [webhook] = mock.webhooks.list()
      expect(calls).toHaveLength(1)
      expect(calls[0]).toMatchObject({ url: WEBHOOK_URL, method: 'POST', body: webhook!.rawBody })
      expect(calls[0]!.headers).toEqual({ 'content-type': 'application/json', 'x-signature': webhook!.signature })
      expect(await verifies(merchant, calls[0]!)).toBe(true)
      expect(webhook).toMatchObject({
        status: 'delivered',
        nextAttemptAt: null,
        attempts: [{ at: Date.parse(MONDAY), outcome: 'delivered', detail: 'HTTP 200' }],
      })
    },
  )

  it('any 2xx is an acknowledgement (204); a 3xx is not followed and counts as a failure', async () => {
    const ok = fakeFetch(204)
    const a = await setup({ webhookFetch: ok.fetchFn })
    await pay(a.mock, a.merchant)
    expect(a.mock.webhooks.list()[0]).toMatchObject({ status: 'delivered' })
    const redirect = fakeFetch(302)
    const b = await setup({ webhookFetch: redirect.fetchFn })
    await pay(b.mock, b.merchant)
    expect(b.mock.webhooks.list()[0]).toMatchObject({
      status: 'recorded',
      attempts: [{ outcome: 'failed', detail: 'HTTP 302' }],
    })
  })

  it(
    'after a 500 the retry waits for the mock clock to reach +1 min (not ' +
      'before), then delivers the same payload stamped and signed at its own ' +
      'time',
    async () => {
      const { calls, fetchFn } = fakeFetch(500, 200)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      await pay(mock, merchant)
      const t0 = Date.parse(MONDAY)
      expect(mock.webhooks.list()[0]).toMatchObject({
        status: 'recorded',
        nextAttemptAt: t0 + MIN,
        attempts: [{ at: t0, outcome: 'failed', detail: 'HTTP 500' }],
      })
      await mock.clock.advance(MIN - 1)
      expect(await mock.webhooks.deliverDue()).toEqual({ attempted: 0 })
      expect(calls).toHaveLength(1)
      await mock.clock.advance(1)
      expect(calls).toHaveLength(2)
      const [first, retry] = calls.map((c) => JSON.parse(c.body))
      expect(first.createTimeMilli).toBe(t0)
      expect(retry).toEqual({ ...first, createTimeMilli: t0 + MIN })
      expect(await verifies(merchant, calls[1]!)).toBe(true)
      expect(calls[1]!.headers['x-signature']).not.toBe(calls[0]!.headers['x-signature'])
      expect(mock.webhooks.list()[0]).toMatchObject({
        rawBody: calls[1]!.body,
        status: 'delivered',
        nextAttemptAt: null,
        attempts: [{ outcome: 'failed' }, { at: t0 + MIN, outcome: 'delivered', detail: 'HTTP 200' }],
      })
    },
  )

  it("webhookRetryStamp: 'original' resends the first attempt's exact bytes and signature", async () => {
    const { calls, fetchFn } = fakeFetch(500, 200)
    const { mock, merchant } = await setup({ webhookFetch: fetchFn, webhookRetryStamp: 'original' })
    await pay(mock, merchant)
    await mock.clock.advance(MIN)
    expect(calls).toHaveLength(2)
    expect(calls[1]).toEqual(calls[0])
    expect(JSON.parse(calls[1]!.body).createTimeMilli).toBe(Date.parse(MONDAY))
    expect(await verifies(merchant, calls[1]!)).toBe(true)
  })

  it('a fresh stamp keeps a receiver with the default 300 s freshness check able to accept the 2 h retry', async () => {
    const { calls, fetchFn } = fakeFetch(500, 500, 500, 500, 200)
    const { mock, merchant } = await setup({ webhookFetch: fetchFn })
    await pay(mock, merchant)
    for (const delay of [MIN, 5 * MIN, 30 * MIN, 120 * MIN]) await mock.clock.advance(delay)
    expect(calls).toHaveLength(5)
    const last = JSON.parse(calls[4]!.body)
    expect(Date.parse(mock.clock.now()) - last.createTimeMilli).toBe(0)
    expect(await verifies(merchant, calls[4]!)).toBe(true)
    expect(mock.webhooks.list()[0]).toMatchObject({ status: 'delivered' })
  })

  it('a network error is a failed attempt with the error message, and is retried', async () => {
    const { calls, fetchFn } = fakeFetch(
      new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }),
      200,
    )
    const { mock, merchant } = await setup({ webhookFetch: fetchFn })
    await pay(mock, merchant)
    expect(mock.webhooks.list()[0]!.attempts).toEqual([
      { at: Date.parse(MONDAY), outcome: 'failed', detail: 'fetch failed: connect ECONNREFUSED 127.0.0.1:9' },
    ])
    await mock.clock.advance(MIN)
    expect(calls).toHaveLength(2)
    expect(mock.webhooks.list()[0]!.status).toBe('delivered')
  })

  it(
    'gives up after the default schedule (1 min, 5 min, 30 min, 2 h, 6 h): ' +
      '6 attempts recorded, status failed, no more requests',
    async () => {
      const { calls, fetchFn } = fakeFetch(503)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      await pay(mock, merchant)
      const t0 = Date.parse(MONDAY)
      let at = t0
      const expectedTimes = [t0]
      for (const delay of DEFAULT_WEBHOOK_RETRY_SCHEDULE) {
        at += delay
        expectedTimes.push(at)
        await mock.clock.set(new Date(at).toISOString())
      }
      const [webhook] = mock.webhooks.list()
      expect(webhook!.status).toBe('failed')
      expect(webhook!.nextAttemptAt).toBeNull()
      expect(webhook!.attempts.map((a) => a.at)).toEqual(expectedTimes)
      expect(webhook!.attempts.every((a) => a.outcome === 'failed' && a.detail === 'HTTP 503')).toBe(true)
      expect(calls).toHaveLength(6)
      await mock.clock.advance(7 * 86_400_000)
      expect(calls).toHaveLength(6)
    },
  )

  it(
    'webhookRetrySchedule sets the delays; one big clock jump runs one due ' + 'retry, not the whole schedule',
    async () => {
      const { calls, fetchFn } = fakeFetch(500)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn, webhookRetrySchedule: [1000, 2000] })
      await pay(mock, merchant)
      await mock.clock.advance(86_400_000)
      expect(calls).toHaveLength(2)
      expect(mock.webhooks.list()[0]).toMatchObject({
        status: 'recorded',
        nextAttemptAt: Date.parse(MONDAY) + 86_400_000 + 2000,
      })
      await mock.clock.advance(2000)
      expect(calls).toHaveLength(3)
      expect(mock.webhooks.list()[0]!.status).toBe('failed')
      expect(() => newMock({ webhookRetrySchedule: [-1] })).toThrow(RangeError)
    },
  )

  it(
    'with autoSettle: false, retries run only on deliverDue() (or ' +
      'settle()), which reports how many were attempted',
    async () => {
      const { calls, fetchFn } = fakeFetch(500, 200)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn, autoSettle: false })
      await pay(mock, merchant)
      await mock.clock.advance(MIN)
      expect(calls).toHaveLength(1)
      expect(await mock.webhooks.deliverDue()).toEqual({ attempted: 1 })
      expect(calls).toHaveLength(2)
      expect(mock.webhooks.list()[0]!.status).toBe('delivered')
      expect(await mock.webhooks.deliverDue()).toEqual({ attempted: 0 })
    },
  )

  it(
    'with autoSettle on, a due retry starts before the next gateway request ' +
      'is handled (a ticking clock passed its time)',
    async () => {
      // The ticking mock clock follows Date; Date alone is faked, so the test moves real time by hand
      // (no sleep, no race with the 1 ms left before the retry is due).
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        vi.setSystemTime(Date.parse(MONDAY))
        const { calls, fetchFn } = fakeFetch(500, 200)
        const { mock, merchant } = await setup({ webhookFetch: fetchFn, clock: { now: MONDAY, frozen: false } })
        await pay(mock, merchant)
        expect(calls).toHaveLength(1)
        const due = mock.webhooks.list()[0]!.nextAttemptAt!
        await mock.clock.set(new Date(due - 1).toISOString())
        await call(mock, GATEWAY_PATHS.listStores, { apiKey: merchant.apiKey })
        expect(calls).toHaveLength(1)
        // Real time passes the due time with no control call; the next request runs the due retry.
        vi.setSystemTime(Date.now() + 1)
        await call(mock, GATEWAY_PATHS.listStores, { apiKey: merchant.apiKey })
        await new Promise((r) => setTimeout(r, 0)) // let the attempt, started after the request, finish
        expect(calls).toHaveLength(2)
        expect(mock.webhooks.list()[0]!.status).toBe('delivered')
      } finally {
        vi.useRealTimers()
      }
    },
  )

  it('a merchant without webhookUrl gets no HTTP call; the webhook is still recorded for listeners', async () => {
    const { calls, fetchFn } = fakeFetch(200)
    const { mock, merchant } = await setup({ webhookFetch: fetchFn, webhookUrl: null })
    await pay(mock, merchant)
    await mock.clock.advance(86_400_000)
    expect(calls).toHaveLength(0)
    expect(mock.webhooks.list()[0]).toMatchObject({ url: null, status: 'recorded', attempts: [], nextAttemptAt: null })
  })

  it(
    'a delivery failure never affects the payment: order completed, balance ' +
      'and ledger unchanged by webhook retries',
    async () => {
      const { fetchFn } = fakeFetch(new Error('boom'))
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      const { orderId, transactionId } = await pay(mock, merchant, 40)
      const balanceAfterPayment = await mock.balances(merchant.merchantId)
      for (let i = 0; i < DEFAULT_WEBHOOK_RETRY_SCHEDULE.length; i++) await mock.clock.advance(86_400_000)
      expect(mock.webhooks.list()[0]!.status).toBe('failed')
      expect(mock.orders.get(orderId)?.status).toBe('completed')
      expect(mock.transactions.get(transactionId)?.status).toBe('completed')
      expect(await mock.balances(merchant.merchantId)).toEqual(balanceAfterPayment)
      expect(mock.audit()).toEqual([])
    },
  )

  it(
    'in-process listeners still receive the webhook; with a URL its status ' +
      'and attempts describe the HTTP delivery only',
    async () => {
      const { fetchFn } = fakeFetch(500)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      const seen: number[] = []
      mock.webhooks.on((d) => void seen.push(d.id))
      await pay(mock, merchant)
      await new Promise((r) => setTimeout(r, 0))
      expect(seen).toHaveLength(1)
      expect(mock.webhooks.list()[0]).toMatchObject({
        status: 'recorded',
        attempts: [{ outcome: 'failed', detail: 'HTTP 500' }],
      })
    },
  )

  it('due retries start oldest due first, each once, whatever order they were scheduled in', async () => {
    // Order A's webhook fails twice (its second retry is due at +11 min), order B's once (its retry is
    // due at +3 min, scheduled later): one jump past both runs B's retry before A's.
    const failures = new Map<number, number>()
    const sent: number[] = []
    const fetchFn = (async (_input: string | URL | Request, init?: RequestInit) => {
      const orderId = JSON.parse(String(init?.body)).orderId as number
      sent.push(orderId)
      const left = failures.get(orderId) ?? 0
      failures.set(orderId, left - 1)
      return new Response(null, { status: left > 0 ? 500 : 204 })
    }) as typeof fetch
    const { mock, merchant } = await setup({ webhookFetch: fetchFn, webhookRetrySchedule: [MIN, 10 * MIN] })
    const a = await createOrder(mock, merchant, 10)
    const b = await createOrder(mock, merchant, 20)
    failures.set(a, 2).set(b, 1)
    await mock.payments.create({ orderId: a, status: 'SUCCESS' })
    await mock.clock.advance(MIN)
    await mock.clock.advance(MIN)
    await mock.payments.create({ orderId: b, status: 'SUCCESS' })
    expect(mock.webhooks.list().map((w) => w.nextAttemptAt! - Date.parse(MONDAY))).toEqual([11 * MIN, 3 * MIN])
    await mock.clock.advance(20 * MIN)
    expect(sent).toEqual([a, a, b, b, a])
    expect(mock.webhooks.list().map((w) => w.status)).toEqual(['delivered', 'delivered'])
  })

  it('reset() drops scheduled retries', async () => {
    const { calls, fetchFn } = fakeFetch(500)
    const { mock, merchant } = await setup({ webhookFetch: fetchFn })
    await pay(mock, merchant)
    await mock.reset()
    await mock.clock.advance(86_400_000)
    expect(calls).toHaveLength(1)
    expect(mock.webhooks.list()).toEqual([])
  })
})

describe('webhook receiver hard cases', () => {
  it(
    'duplicateNext(): the next webhook is POSTed twice with the same raw ' + 'body and signature; the one after once',
    async () => {
      const { calls, fetchFn } = fakeFetch(200)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      mock.webhooks.duplicateNext()
      await pay(mock, merchant)
      expect(calls).toHaveLength(2)
      expect(calls[1]).toEqual(calls[0])
      expect(await verifies(merchant, calls[1]!)).toBe(true)
      expect(mock.webhooks.list()[0]).toMatchObject({
        status: 'delivered',
        attempts: [{ detail: 'HTTP 200' }, { outcome: 'delivered', detail: 'duplicate: HTTP 200' }],
      })
      await pay(mock, merchant)
      expect(calls).toHaveLength(3)
    },
  )

  it('duplicateNext() after a failed first attempt: the duplicate is sent with the delivering retry', async () => {
    const { calls, fetchFn } = fakeFetch(500, 200)
    const { mock, merchant } = await setup({ webhookFetch: fetchFn })
    mock.webhooks.duplicateNext()
    await pay(mock, merchant)
    expect(calls).toHaveLength(1)
    await mock.clock.advance(MIN)
    expect(calls).toHaveLength(3)
    // The delivering retry carries its own stamp; the duplicate repeats that retry's exact bytes.
    expect(calls[2]).toEqual(calls[1])
    expect(JSON.parse(calls[1]!.body)).toEqual({
      ...JSON.parse(calls[0]!.body),
      createTimeMilli: Date.parse(MONDAY) + MIN,
    })
  })

  it(
    'holdNext(): the held webhook is POSTed right after the merchant’s next ' +
      'webhook, so the receiver sees them out of order',
    async () => {
      const { calls, fetchFn } = fakeFetch(200)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      mock.webhooks.holdNext()
      const first = await pay(mock, merchant, 10)
      expect(calls).toHaveLength(0)
      expect(mock.webhooks.list()[0]).toMatchObject({ held: true, status: 'recorded', nextAttemptAt: null })
      await mock.clock.advance(86_400_000)
      expect(calls).toHaveLength(0)
      const second = await pay(mock, merchant, 20)
      expect(calls.map((c) => JSON.parse(c.body).transactionId)).toEqual([second.transactionId, first.transactionId])
      expect(await verifies(merchant, calls[1]!)).toBe(true)
      expect(mock.webhooks.list().map((w) => [w.status, w.held])).toEqual([
        ['delivered', false],
        ['delivered', false],
      ])
    },
  )

  it(
    "holdNext(): another merchant's webhook does not release the held one; " + "the same merchant's next one does",
    async () => {
      const { calls, fetchFn } = fakeFetch(200)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      const other = await mock.merchants.create({ balances: { usd: 1000 }, webhookUrl: 'https://other.test/webhooks' })
      const otherStore = await mock.stores.add(other.merchantId, { storeName: 'Other', address: '2 Main St' })
      mock.webhooks.holdNext()
      const held = await pay(mock, merchant, 10)
      await pay(mock, { ...other, storeId: otherStore.storeId }, 30)
      expect(calls.map((c) => c.url)).toEqual(['https://other.test/webhooks'])
      const next = await pay(mock, merchant, 20)
      expect(calls.slice(1).map((c) => JSON.parse(c.body).transactionId)).toEqual([
        next.transactionId,
        held.transactionId,
      ])
    },
  )

  it(
    'staleNext(seconds): the payload’s createTimeMilli is that far in the ' +
      'past and the signature verifies for that time',
    async () => {
      const { calls, fetchFn } = fakeFetch(200)
      const { mock, merchant } = await setup({ webhookFetch: fetchFn })
      mock.webhooks.staleNext(600)
      await pay(mock, merchant)
      await pay(mock, merchant)
      const [stale, fresh] = calls.map((c) => JSON.parse(c.body).createTimeMilli)
      expect(stale).toBe(Date.parse(MONDAY) - 600_000)
      expect(fresh).toBe(Date.parse(MONDAY))
      expect(await verifies(merchant, calls[0]!)).toBe(true)
      const now = Math.floor(Date.parse(MONDAY) / 1000)
      expect(
        await signer.verifyWebhook({
          secret: merchant.apiSecret,
          rawBody: calls[0]!.body,
          createTimeMilli: now * 1000,
          signature: calls[0]!.headers['x-signature']!,
        }),
      ).toBe(false)
      expect(() => mock.webhooks.staleNext(-1)).toThrow(expect.objectContaining({ status: 400 }))
    },
  )
})
