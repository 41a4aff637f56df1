/**
 * The receiver over real loopback HTTP: the mock POSTs its webhooks with the global fetch to the
 * receiver's URL (the mock's default `webhookFetch`), exactly as the gateway would over the internet.
 * Nothing sleeps: `mock.payments.create` and `mock.clock.advance` resolve after the deliveries they start.
 */
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { GatewayClient } from '@merchant-gateway/sdk'
import type { WebhookPayload } from '@merchant-gateway/sdk/webhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { PaymentsStore, type ApplyOutcome, type PaymentRecord } from './payments-store.js'
import { startWebhookReceiver, WEBHOOK_PATH, type WebhookReceiver } from './receiver.js'

/** A Monday 09:00 UTC; the mock clock stands still there until a test moves it. */
const NOW = '2026-11-02T09:00:00.000Z'
const T0 = Date.parse(NOW)
const MIN = 60_000
/** The merchant's API secret, as the merchant app shows it; given to both the mock and the receiver. */
const API_SECRET = 'sk_test_webhook_receiver_example'

const receivers: WebhookReceiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()))
})

/**
 * A mock whose merchant's webhookUrl is a receiver on 127.0.0.1, the receiver feeding a payments store,
 * and an SDK client to create orders. `failFirst` makes the receiver's onEvent throw that many times first;
 * `toleranceSeconds` is the receiver's (default 300).
 */
async function setup({ failFirst = 0, toleranceSeconds }: { failFirst?: number; toleranceSeconds?: number } = {}) {
  const mock = createMockGateway({ clock: { now: NOW, frozen: true } })
  const fulfilled: PaymentRecord[] = []
  const store = new PaymentsStore({ onPaid: (payment) => fulfilled.push(payment) })
  const outcomes: ApplyOutcome[] = []
  const errors: unknown[] = []
  let failuresLeft = failFirst
  const receiver = await startWebhookReceiver({
    apiSecret: API_SECRET,
    // The mock clock is frozen in 2026; createTimeMilli is judged against it, not the machine's clock.
    now: () => Date.parse(mock.clock.now()),
    onEvent: (payload) => {
      if (failuresLeft > 0) {
        failuresLeft--
        throw new Error('database unavailable')
      }
      outcomes.push(store.apply(payload))
    },
    onError: (error) => errors.push(error),
    toleranceSeconds,
  })
  receivers.push(receiver)

  const merchant = await mock.merchants.create({
    name: 'Riverside Coffee',
    apiSecret: API_SECRET,
    webhookUrl: receiver.url,
    balances: { usd: 100 },
  })
  const { storeId } = await mock.stores.add(merchant.merchantId, {
    storeName: 'Riverside Coffee',
    address: '12 Sisowath Quay, Phnom Penh',
  })
  const gateway = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: API_SECRET,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
    now: () => Date.parse(mock.clock.now()),
  })
  const createOrder = async (amount: number) =>
    Number((await gateway.orders.create({ storeId, amount, currency: 'USD' })).order_id)

  return { mock, merchant, receiver, store, fulfilled, outcomes, errors, createOrder }
}

/** The single webhook the mock recorded for a transaction. */
function recorded(mock: MockGateway, transactionId: number) {
  const matches = mock.webhooks.list().filter((w) => w.payload.transactionId === transactionId)
  expect(matches).toHaveLength(1)
  const webhook = matches[0]!
  // The mock's clock is today: webhooks are signed (only those of dates before release 1.4.0 are not).
  expect(webhook.signature).toMatch(/^[0-9a-f]{64}$/)
  return { ...webhook, signature: webhook.signature! }
}

/** A plain POST to the receiver, as an attacker or a broken proxy would send it. */
async function post(url: string, body: string, headers: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', headers, body })
  return { status: res.status, body: (await res.json()) as { received?: true; error?: string } }
}

describe('webhook receiver over loopback HTTP', () => {
  it('receives the payment webhook from the mock, verified, and the mock records the delivery with a 200', async () => {
    const { mock, merchant, receiver, store, fulfilled, createOrder } = await setup()
    expect(receiver.url).toBe(`http://127.0.0.1:${receiver.port}${WEBHOOK_PATH}`)
    expect(receiver.port).toBeGreaterThan(0)

    const orderId = await createOrder(24.5)
    const payer = { accountName: 'Chan Sophea', accountNumber: '099887766' }
    const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS', payer })

    const expected: WebhookPayload = {
      ...payer,
      amount: 24.5,
      appId: merchant.appId,
      createTimeMilli: T0,
      currency: 'USD',
      orderId,
      status: 'SUCCESS',
      transactionId,
    }
    expect(receiver.events).toEqual([expected])
    const delivery = recorded(mock, transactionId)
    expect(JSON.parse(delivery.rawBody)).toEqual(expected)
    expect(delivery).toMatchObject({
      url: receiver.url,
      status: 'delivered',
      nextAttemptAt: null,
      attempts: [{ at: T0, outcome: 'delivered', detail: 'HTTP 200' }],
    })
    expect(store.payment(transactionId)).toMatchObject({
      orderId,
      status: 'SUCCESS',
      amount: 24.5,
      createTimeMilli: T0,
    })
    expect(store.isPaid(orderId)).toBe(true)
    expect(fulfilled.map((p) => p.orderId)).toEqual([orderId])
  })

  it(
    'answers 401 to a tampered body or a wrong X-Signature and records ' +
      'nothing; a replay of the genuine one is authentic',
    async () => {
      const { mock, receiver, outcomes, createOrder } = await setup()
      const orderId = await createOrder(25)
      const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS' })
      const { rawBody, signature } = recorded(mock, transactionId)
      expect(receiver.events).toHaveLength(1)

      // One byte changed: 25 -> 95. Still valid JSON with a createTimeMilli, so only the signature can tell.
      const tampered = rawBody.replace('"amount":25', '"amount":95')
      expect(tampered).not.toBe(rawBody)
      expect(tampered.length).toBe(rawBody.length)
      const changedBody = await post(receiver.url, tampered, {
        'Content-Type': 'application/json',
        'X-Signature': signature,
      })
      expect(changedBody.status).toBe(401)
      expect(changedBody.body.error).toMatch(/X-Signature of the webhook does not match its body/)

      // The genuine body with another signature (last hex digit changed).
      const wrongSignature = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0')
      const changedSignature = await post(receiver.url, rawBody, {
        'Content-Type': 'application/json',
        'X-Signature': wrongSignature,
      })
      expect(changedSignature.status).toBe(401)
      expect(receiver.events).toHaveLength(1)
      expect(outcomes).toEqual(['applied'])

      // The genuine delivery again, within the 5-minute tolerance: authentic, so accepted. Telling it apart
      // from the first is the store's job: it is a duplicate and changes nothing.
      const replay = await post(receiver.url, rawBody, { 'Content-Type': 'application/json', 'X-Signature': signature })
      expect(replay).toEqual({ status: 200, body: { received: true } })
      expect(receiver.events).toHaveLength(2)
      expect(outcomes).toEqual(['applied', 'duplicate'])
    },
  )

  it('answers 401 without X-Signature, 400 for a body that is not JSON, 404 off the path and 405 for GET', async () => {
    const { mock, receiver, createOrder } = await setup()
    const orderId = await createOrder(10)
    const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS' })
    const { rawBody, signature } = recorded(mock, transactionId)

    const unsigned = await post(receiver.url, rawBody, { 'Content-Type': 'application/json' })
    expect(unsigned).toEqual({ status: 401, body: { error: 'The webhook has no X-Signature header' } })
    const unreadable = await post(receiver.url, '{"amount": 10,', {
      'Content-Type': 'application/json',
      'X-Signature': signature,
    })
    expect(unreadable).toEqual({ status: 400, body: { error: 'The webhook body is not valid JSON (UTF-8)' } })
    const elsewhere = await post(receiver.url.replace(WEBHOOK_PATH, '/hooks'), rawBody, {
      'Content-Type': 'application/json',
      'X-Signature': signature,
    })
    expect(elsewhere.status).toBe(404)
    const get = await fetch(receiver.url)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')

    expect(receiver.events.map((e) => e.transactionId)).toEqual([transactionId])
  })

  it(
    'refuses a webhook created 10 minutes ago (outside the 5-minute ' +
      'tolerance) with 401; the mock records failed attempts',
    async () => {
      const { mock, receiver, store, createOrder } = await setup()
      const orderId = await createOrder(10)
      mock.webhooks.staleNext(600)
      const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS' })
      expect(recorded(mock, transactionId)).toMatchObject({
        status: 'recorded',
        nextAttemptAt: T0 + MIN,
        attempts: [{ at: T0, outcome: 'failed', detail: 'HTTP 401' }],
      })
      expect(receiver.events).toEqual([])
      expect(store.payments()).toEqual([])
    },
  )

  it(
    'a receiver that answers 500 gets the webhook again 1 minute later on ' +
      'the mock clock, stamped at that time, and acknowledges it then',
    async () => {
      const { mock, receiver, store, outcomes, errors, fulfilled, createOrder } = await setup({ failFirst: 1 })
      const orderId = await createOrder(24.5)
      const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS' })

      // First attempt: verified (so recorded in events), but onEvent threw: 500, and a retry is scheduled.
      expect(recorded(mock, transactionId)).toMatchObject({
        status: 'recorded',
        nextAttemptAt: T0 + MIN,
        attempts: [{ at: T0, outcome: 'failed', detail: 'HTTP 500' }],
      })
      expect(errors).toEqual([new Error('database unavailable')])
      expect(store.payments()).toEqual([])

      // Not before its time...
      await mock.clock.advance(MIN - 1)
      expect(recorded(mock, transactionId).attempts).toHaveLength(1)
      expect(receiver.events).toHaveLength(1)

      // ...then the same payment again, stamped and signed at the retry's time, acknowledged with 200.
      await mock.clock.advance(1)
      expect(recorded(mock, transactionId)).toMatchObject({
        status: 'delivered',
        nextAttemptAt: null,
        attempts: [
          { at: T0, outcome: 'failed', detail: 'HTTP 500' },
          { at: T0 + MIN, outcome: 'delivered', detail: 'HTTP 200' },
        ],
      })
      expect(receiver.events).toHaveLength(2)
      expect(receiver.events[1]).toEqual({ ...receiver.events[0], createTimeMilli: T0 + MIN })
      expect(outcomes).toEqual(['applied'])
      expect(store.payment(transactionId)).toMatchObject({ orderId, status: 'SUCCESS', createTimeMilli: T0 + MIN })
      expect(fulfilled.map((p) => p.orderId)).toEqual([orderId])
    },
  )

  it(
    'a retry 6 minutes after the webhook was created passes the default ' +
      '5-minute tolerance: each attempt is stamped at its own time',
    async () => {
      // createTimeMilli is the signed timestamp; the mock re-stamps and re-signs every retry, so the receiver's
      // freshness check (the SDK's default 300 s) accepts the second retry, 1 + 5 minutes after the first attempt.
      const { mock, store, outcomes, createOrder } = await setup({ failFirst: 2 })
      const { transactionId } = await mock.payments.create({ orderId: await createOrder(8), status: 'SUCCESS' })
      await mock.clock.advance(MIN)
      await mock.clock.advance(5 * MIN)
      expect(recorded(mock, transactionId).attempts.map((a) => [a.at - T0, a.detail])).toEqual([
        [0, 'HTTP 500'],
        [MIN, 'HTTP 500'],
        [6 * MIN, 'HTTP 200'],
      ])
      expect(outcomes).toEqual(['applied'])
      expect(store.payment(transactionId)).toMatchObject({ status: 'SUCCESS', createTimeMilli: T0 + 6 * MIN })
    },
  )

  it('a duplicated delivery arrives twice; the store applies it once and fulfils the order once', async () => {
    const { mock, receiver, store, outcomes, fulfilled, createOrder } = await setup()
    const orderId = await createOrder(12)
    mock.webhooks.duplicateNext()
    const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS' })

    expect(recorded(mock, transactionId)).toMatchObject({
      status: 'delivered',
      attempts: [
        { outcome: 'delivered', detail: 'HTTP 200' },
        { outcome: 'delivered', detail: 'duplicate: HTTP 200' },
      ],
    })
    expect(receiver.events.map((e) => e.transactionId)).toEqual([transactionId, transactionId])
    expect(receiver.events[1]).toEqual(receiver.events[0])
    expect(outcomes).toEqual(['applied', 'duplicate'])
    expect(store.payments()).toEqual([
      expect.objectContaining({ transactionId, orderId, status: 'SUCCESS', amount: 12 }),
    ])
    expect(fulfilled.map((p) => p.transactionId)).toEqual([transactionId])
  })

  it('out of order: a failed attempt delivered after the later successful payment leaves the order paid', async () => {
    const { mock, receiver, store, outcomes, fulfilled, createOrder } = await setup()
    const orderId = await createOrder(30)

    // The customer's first attempt fails; its webhook is held back.
    mock.webhooks.holdNext()
    const failed = await mock.payments.create({ orderId, status: 'FAILED' })
    expect(receiver.events).toEqual([])
    expect(recorded(mock, failed.transactionId)).toMatchObject({ held: true, attempts: [] })

    // A minute later they pay again, successfully: that webhook goes out, then the held one.
    await mock.clock.advance(MIN)
    const paid = await mock.payments.create({ orderId, status: 'SUCCESS' })
    expect(receiver.events.map((e) => [e.transactionId, e.status, e.createTimeMilli])).toEqual([
      [paid.transactionId, 'SUCCESS', T0 + MIN],
      [failed.transactionId, 'FAILED', T0],
    ])
    expect(mock.webhooks.list().map((w) => [w.payload.transactionId, w.status, w.held])).toEqual([
      [failed.transactionId, 'delivered', false],
      [paid.transactionId, 'delivered', false],
    ])

    // Last-arrival-wins would now say FAILED. The store keeps each transaction's own status and the order paid.
    expect(outcomes).toEqual(['applied', 'applied'])
    expect(store.isPaid(orderId)).toBe(true)
    expect(store.payments(orderId).map((p) => [p.transactionId, p.status])).toEqual([
      [failed.transactionId, 'FAILED'],
      [paid.transactionId, 'SUCCESS'],
    ])
    expect(fulfilled.map((p) => p.transactionId)).toEqual([paid.transactionId])
  })

  it('refuses to start without a secret, and close() stops it listening', async () => {
    await expect(startWebhookReceiver({ apiSecret: '' })).rejects.toThrow(TypeError)
    const receiver = await startWebhookReceiver({ apiSecret: API_SECRET })
    await receiver.close()
    await expect(fetch(receiver.url, { method: 'POST', body: '{}' })).rejects.toThrow(TypeError)
  })
})
