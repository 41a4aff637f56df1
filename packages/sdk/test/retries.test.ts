import { HEADERS } from '@merchant-gateway/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  AuthenticationError,
  ConnectionError,
  type GatewayError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
  ServerError,
} from '../src/index.js'
import {
  expectedSignature,
  failure,
  gate,
  newClient,
  paidOrder,
  rawCreateOrder,
  ROUTES,
  setup,
  UUID_V4,
  type FetchSpy,
  type Setup,
} from './harness.js'

afterEach(() => {
  vi.restoreAllMocks()
})

/** A client clock that moves one second per reading, so each attempt gets its own X-Timestamp. */
function tickingClock(s: { mock: Setup['mock'] }): () => number {
  let ticks = 0
  return () => Date.parse(s.mock.clock.now()) + 1000 * ticks++
}

/** Every attempt of a signed call: same key, its own timestamp, a signature valid for its own body and timestamp. */
async function expectSignedAttempts(spy: FetchSpy, secret: string): Promise<{ keys: string[]; timestamps: string[] }> {
  const keys: string[] = []
  const timestamps: string[] = []
  for (let i = 0; i < spy.calls.length; i++) {
    const body = await spy.bodyText(i)
    const timestamp = spy.header(i, HEADERS.timestamp)!
    expect(timestamp).toMatch(/^\d{10}$/)
    expect(spy.header(i, HEADERS.signature)).toBe(expectedSignature(secret, body, timestamp))
    keys.push(spy.header(i, HEADERS.idempotentKey)!)
    timestamps.push(timestamp)
  }
  return { keys, timestamps }
}

describe('signing', () => {
  it(
    'a body changed by one byte after signing is refused 401 ' +
      'invalid_signature, is not retried, and moves no money',
    async () => {
      const seen: string[] = []
      const s = await setup({
        balances: { usd: 0 },
        client: {
          intercept: async (request, next) => {
            const text = await request.clone().text()
            const tampered = text.replace('"refundAmount":5', '"refundAmount":6')
            seen.push(tampered)
            return next(new Request(request, { body: tampered }))
          },
        },
      })
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      const before = await s.mock.balances(s.merchant.merchantId)
      const error = await failure(() => s.client.refunds.create({ orderId, amount: 5 }))
      expect(await s.spy.bodyText(0)).toBe(JSON.stringify({ orderId, refundAmount: 5 }))
      expect(seen).toEqual([JSON.stringify({ orderId, refundAmount: 6 })])
      expect(error).toBeInstanceOf(AuthenticationError)
      expect(error.code).toBe('invalid_signature')
      expect(error.attempts).toBe(1)
      expect(s.spy.calls).toHaveLength(1)
      expect(await s.mock.balances(s.merchant.merchantId)).toEqual(before)
      expect(s.mock.audit()).toEqual([])
    },
  )
})

describe('a dropped response after the gateway committed', () => {
  it(
    'a refund whose response was dropped is retried with the same key, ' + 're-signed per attempt, and refunds once',
    async () => {
      const s = await setup({ balances: { usd: 0 } })
      const { client, spy } = newClient(s.mock, s.merchant, { now: tickingClock(s) })
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'drop-response' })
      const refund = await client.refunds.create({ orderId, amount: 5 })

      expect(spy.calls).toHaveLength(2)
      expect(spy.calls[0]!.error).toBeInstanceOf(TypeError)
      expect(spy.calls[1]!.response?.status).toBe(200)
      const { keys, timestamps } = await expectSignedAttempts(spy, s.merchant.apiSecret)
      expect(keys[0]).toMatch(UUID_V4)
      expect(keys[1]).toBe(keys[0])
      expect(timestamps[1]).not.toBe(timestamps[0])
      expect(spy.header(1, HEADERS.signature)).not.toBe(spy.header(0, HEADERS.signature))
      expect(await spy.bodyText(1)).toBe(await spy.bodyText(0))

      expect(refund.meta).toMatchObject({ attempts: 2, replayed: true, idempotencyKey: keys[0], status: 200 })
      expect(refund.amount).toBe(5)
      expect((await s.mock.balances(s.merchant.merchantId)).usd).toEqual({ balance: 20, freeze: 5, usable: 15 })
      expect(s.mock.transactions.get(refund.transactionId)).toMatchObject({ kind: 'refund', amount: 5 })
      expect(s.mock.transactions.get(refund.transactionId + 1)).toBeUndefined()
    },
  )

  it(
    'a payout whose response was dropped is retried with the same key, ' + 're-signed per attempt, and pays out once',
    async () => {
      const s = await setup({ balances: { usd: 100 } })
      const { client, spy } = newClient(s.mock, s.merchant, { now: tickingClock(s) })
      s.mock.faults.add({ route: ROUTES.payout, kind: 'drop-response' })
      const payout = await client.payouts.create({ accountNumber: '001234567', amount: 30, currency: 'USD' })

      expect(spy.calls).toHaveLength(2)
      expect(spy.calls[0]!.error).toBeInstanceOf(TypeError)
      const { keys, timestamps } = await expectSignedAttempts(spy, s.merchant.apiSecret)
      expect(keys[0]).toMatch(UUID_V4)
      expect(keys[1]).toBe(keys[0])
      expect(timestamps[1]).not.toBe(timestamps[0])
      expect(spy.header(1, HEADERS.signature)).not.toBe(spy.header(0, HEADERS.signature))

      expect(payout.meta).toMatchObject({ attempts: 2, replayed: true, idempotencyKey: keys[0], status: 200 })
      expect(payout.amount).toBe(30)
      expect((await s.mock.balances(s.merchant.merchantId)).usd).toEqual({ balance: 100, freeze: 30, usable: 70 })
      expect(s.mock.transactions.get(payout.transactionId + 1)).toBeUndefined()
    },
  )

  it(
    'a refund whose response was dropped is retried and accepted when the ' +
      'clock has not moved (same X-Timestamp, same signature)',
    async () => {
      const s = await setup({ balances: { usd: 0 } })
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'drop-response' })
      const refund = await s.client.refunds.create({ orderId, amount: 5 })
      const { keys, timestamps } = await expectSignedAttempts(s.spy, s.merchant.apiSecret)
      expect(keys).toEqual([keys[0], keys[0]])
      expect(timestamps).toEqual([timestamps[0], timestamps[0]])
      expect(refund.meta).toMatchObject({ attempts: 2, replayed: true })
      expect((await s.mock.balances(s.merchant.merchantId)).usd.freeze).toBe(5)
    },
  )

  it(
    'create order is not retried after a dropped response: ConnectionError ' +
      'after 1 attempt, and the order may exist (it does)',
    async () => {
      const s = await setup()
      s.mock.faults.add({ route: ROUTES.createOrder, kind: 'drop-response' })
      const error = await failure(() =>
        s.client.orders.create({ storeId: s.merchant.storeId, amount: 7, currency: 'USD' }),
      )
      expect(error).toBeInstanceOf(ConnectionError)
      expect(error.attempts).toBe(1)
      expect(s.spy.calls).toHaveLength(1)
      expect(s.mock.orders.get(1001)).toMatchObject({ status: 'pending', amount: 7 })
      expect(s.mock.orders.get(1002)).toBeUndefined()
    },
  )

  it(
    'with retryUnsafe: true create order is retried after a dropped ' +
      'response, and that makes two orders (why it is off by default)',
    async () => {
      const s = await setup({ client: { retryUnsafe: true } })
      s.mock.faults.add({ route: ROUTES.createOrder, kind: 'drop-response' })
      const order = await s.client.orders.create({ storeId: s.merchant.storeId, amount: 7, currency: 'USD' })
      expect(s.spy.calls).toHaveLength(2)
      expect(order.meta.attempts).toBe(2)
      expect(order.order_id).toBe('1002')
      expect(s.mock.orders.get(1001)).toMatchObject({ status: 'pending', amount: 7 })
      expect(s.mock.orders.get(1002)).toMatchObject({ status: 'pending', amount: 7 })
    },
  )

  it('retryUnsafe can be turned on for one call through RequestOptions', async () => {
    const s = await setup()
    s.mock.faults.add({ route: ROUTES.generateQr, kind: 'network' })
    const qr = await s.client.qrCodes.create(
      { storeId: s.merchant.storeId, amount: 1, currency: 'USD' },
      { retryUnsafe: true },
    )
    expect(qr.meta.attempts).toBe(2)
    expect(s.spy.calls).toHaveLength(2)
  })
})

describe('409 idempotency_key_in_use', () => {
  it(
    'is retried with the same key until the first request finishes, then ' + 'resolves with the same (replayed) result',
    async () => {
      const g = gate()
      const s = await setup({ mock: { sleep: g.sleep }, balances: { usd: 0 } })
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'latency', delayMs: 1000 })
      const first = s.client.refunds.create({ orderId, amount: 5 }, { idempotencyKey: 'refund-1001' })
      await g.arrived

      const { client: second, spy } = newClient(s.mock, s.merchant, {
        maxRetries: 5,
        intercept: async (request, next) => {
          const response = await next(request)
          if (response.status === 409) g.release()
          return response
        },
      })
      const duplicate = await second.refunds.create({ orderId, amount: 5 }, { idempotencyKey: 'refund-1001' })
      const original = await first

      expect(spy.calls[0]!.response?.status).toBe(409)
      expect(await spy.calls[0]!.response!.clone().json()).toMatchObject({ error: { code: 'idempotency_key_in_use' } })
      expect(spy.calls.at(-1)!.response?.status).toBe(200)
      expect(spy.calls.every((c) => c.request.headers.get(HEADERS.idempotentKey) === 'refund-1001')).toBe(true)
      expect(duplicate).toEqual(original)
      expect(duplicate.meta).toMatchObject({
        replayed: true,
        idempotencyKey: 'refund-1001',
        attempts: spy.calls.length,
      })
      expect(duplicate.meta.attempts).toBeGreaterThanOrEqual(2)
      expect(original.meta).toMatchObject({ replayed: false, attempts: 1 })
      expect((await s.mock.balances(s.merchant.merchantId)).usd.freeze).toBe(5)
    },
  )
})

describe('which failures are retried', () => {
  it('429 is retried then succeeds, even for create order (a 429 is refused before processing)', async () => {
    const s = await setup()
    s.mock.faults.add({ route: ROUTES.createOrder, kind: 'error', status: 429, times: 1 })
    const order = await s.client.orders.create({ storeId: s.merchant.storeId, amount: 2, currency: 'USD' })
    expect(s.spy.calls.map((c) => c.response?.status)).toEqual([429, 200])
    expect(order.meta.attempts).toBe(2)
    expect(order.order_id).toBe('1001')
    expect(s.mock.orders.get(1002)).toBeUndefined()
  })

  it('429 on a refund is retried with the same key and refunds once', async () => {
    const s = await setup({ balances: { usd: 0 } })
    const { orderId } = await paidOrder(s.mock, s.merchant, 20)
    s.mock.faults.add({ route: ROUTES.refund, kind: 'error', status: 429, times: 1 })
    const refund = await s.client.refunds.create({ orderId, amount: 4 })
    expect(s.spy.calls.map((c) => c.response?.status)).toEqual([429, 200])
    expect(s.spy.header(1, HEADERS.idempotentKey)).toBe(s.spy.header(0, HEADERS.idempotentKey))
    expect(refund.meta).toMatchObject({ attempts: 2, replayed: false })
    expect((await s.mock.balances(s.merchant.merchantId)).usd.freeze).toBe(4)
  })

  const retried: Array<[string, string, (s: Setup) => Promise<unknown>]> = [
    [
      'transaction detail (GET)',
      ROUTES.transactionDetail,
      async (s) => s.client.transactions.retrieve((await paidOrder(s.mock, s.merchant, 3)).transactionId),
    ],
    ['list stores (POST that only reads)', ROUTES.listStores, (s) => s.client.stores.list()],
    ['balance (POST that only reads)', ROUTES.balance, (s) => s.client.balance.retrieve()],
    [
      'refund',
      ROUTES.refund,
      async (s) => s.client.refunds.create({ orderId: (await paidOrder(s.mock, s.merchant, 3)).orderId, amount: 1 }),
    ],
    [
      'payout',
      ROUTES.payout,
      async (s) => s.client.payouts.create({ accountNumber: '001', amount: 1, currency: 'USD' }),
    ],
  ]
  it.each(retried)('503 is retried for %s and the call succeeds on the second attempt', async (_name, route, run) => {
    const s = await setup()
    s.mock.faults.add({ route, kind: 'error', status: 503, times: 1 })
    await run(s)
    expect(s.spy.calls.map((c) => c.response?.status)).toEqual([503, 200])
  })

  const notRetried: Array<[string, string, (s: Setup) => Promise<unknown>]> = [
    [
      'create order',
      ROUTES.createOrder,
      (s) => s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' }),
    ],
    [
      'generate QR',
      ROUTES.generateQr,
      (s) => s.client.qrCodes.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' }),
    ],
    [
      'cancel order',
      ROUTES.cancelOrder,
      async (s) => s.client.orders.cancel({ orderId: await rawCreateOrder(s.mock, s.merchant, 1) }),
    ],
  ]
  it.each(notRetried)('503 is not retried for %s: one attempt, ServerError', async (_name, route, run) => {
    const s = await setup()
    s.mock.faults.add({ route, kind: 'error', status: 503, times: 1 })
    const error = await failure(() => run(s))
    expect(error).toBeInstanceOf(ServerError)
    expect(error.attempts).toBe(1)
    expect(s.spy.calls).toHaveLength(1)
  })

  it('a network error is retried for transactions.retrieve', async () => {
    const s = await setup()
    const { transactionId } = await paidOrder(s.mock, s.merchant, 3)
    s.mock.faults.add({ route: ROUTES.transactionDetail, kind: 'network', times: 1 })
    const tx = await s.client.transactions.retrieve(transactionId)
    expect(s.spy.calls[0]!.error).toBeInstanceOf(TypeError)
    expect(tx.meta.attempts).toBe(2)
    expect(tx.transaction_id).toBe(String(transactionId))
  })

  it(
    'a network error before processing is retried for a refund, which then ' + 'runs for the first time (not replayed)',
    async () => {
      const s = await setup({ balances: { usd: 0 } })
      const { orderId } = await paidOrder(s.mock, s.merchant, 10)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'network', times: 1 })
      const refund = await s.client.refunds.create({ orderId, amount: 10 })
      expect(refund.meta).toMatchObject({ attempts: 2, replayed: false })
      expect((await s.mock.balances(s.merchant.merchantId)).usd.freeze).toBe(10)
    },
  )

  it.each([0, 1, 3])('maxRetries: %i makes maxRetries + 1 attempts before giving up', async (maxRetries) => {
    const s = await setup({ client: { maxRetries } })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 'always' })
    const error = await failure(() => s.client.balance.retrieve())
    expect(error).toBeInstanceOf(ServerError)
    expect(error.attempts).toBe(maxRetries + 1)
    expect(s.spy.calls).toHaveLength(maxRetries + 1)
  })

  it("maxRetries given for one call wins over the client's", async () => {
    const s = await setup({ client: { maxRetries: 4 } })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 'always' })
    const error = await failure(() => s.client.balance.retrieve({ maxRetries: 1 }))
    expect(error.attempts).toBe(2)
    expect(s.spy.calls).toHaveLength(2)
  })

  it('retryMaxDelay caps the wait between attempts, however large retryBaseDelay is', async () => {
    const s = await setup({ client: { retryBaseDelay: 60_000, retryMaxDelay: 5, maxRetries: 2 } })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 2 })
    // Uncapped, the two waits would be ~60 s each and the test would time out: no timed assertion needed.
    const balance = await s.client.balance.retrieve()
    expect(balance.meta.attempts).toBe(3)
  })
})

describe('Retry-After', () => {
  /** Adds `Retry-After` to every 429/503 answer of the mock. */
  function retryAfter(seconds: string) {
    return async (request: Request, next: (r: Request) => Promise<Response>) => {
      const response = await next(request)
      if (response.status !== 429 && response.status !== 503) return response
      const headers = new Headers(response.headers)
      headers.set('Retry-After', seconds)
      return new Response(await response.text(), { status: response.status, headers })
    }
  }

  it.each([
    [429, RateLimitError],
    [503, ServerError],
  ] as const)(
    'a %i asking to retry after 10 min is not retried sooner: within a 4 s ' +
      'deadline the call gives up at once with what the gateway said',
    async (status, errorClass) => {
      // Had the client waited for Retry-After, or for the deadline, the test would time out or end in a
      // RequestTimeoutError: no timed assertion needed. The deadline is far below the 10 min asked for, and long
      // enough for the first attempt on a loaded machine (at 60 ms, a loaded run timed out before the answer).
      const s = await setup({ client: { intercept: retryAfter('600'), deadline: 4_000 } })
      s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status, times: 1 })
      const outcome = await s.client.balance.retrieve().then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      )
      expect(s.spy.calls).toHaveLength(1)
      expect(outcome.ok).toBe(false)
      expect(!outcome.ok && outcome.error).toBeInstanceOf(errorClass)
      expect(!outcome.ok && (outcome.error as GatewayError).status).toBe(status)
    },
  )

  it(
    'a 429 asking to retry after 0 s is retried and succeeds (Retry-After ' + 'decides the wait, not whether to retry)',
    async () => {
      const s = await setup({ client: { intercept: retryAfter('0') } })
      s.mock.faults.add({ route: ROUTES.createOrder, kind: 'error', status: 429, times: 1 })
      const order = await s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' })
      expect(s.spy.calls.map((c) => c.response?.status)).toEqual([429, 200])
      expect(order.meta.attempts).toBe(2)
    },
  )

  it('a 503 with Retry-After on an unsafe call (create order) is still not retried', async () => {
    const s = await setup({ client: { intercept: retryAfter('0') } })
    s.mock.faults.add({ route: ROUTES.createOrder, kind: 'error', status: 503, times: 1 })
    const error = await failure(() =>
      s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' }),
    )
    expect(error).toBeInstanceOf(ServerError)
    expect(s.spy.calls).toHaveLength(1)
  })
})

describe('time limits', () => {
  it(
    'a per-attempt timeout ends an unsafe call (create order) after one ' + 'attempt with RequestTimeoutError',
    async () => {
      const s = await setup({ client: { timeout: 50, maxRetries: 2 } })
      // 60 s of latency: without the 50 ms timeout the test itself would time out (no timed assertion).
      s.mock.faults.add({ route: ROUTES.createOrder, kind: 'latency', delayMs: 60_000, times: 'always' })
      const error = await failure(() =>
        s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' }),
      )
      expect(error).toBeInstanceOf(RequestTimeoutError)
      expect(error.attempts).toBe(1)
      expect(s.spy.calls).toHaveLength(1)
    },
  )

  it('a per-attempt timeout on a GET is retried, and fails with attempts = maxRetries + 1', async () => {
    const s = await setup({ client: { timeout: 50, maxRetries: 2 } })
    const { transactionId } = await paidOrder(s.mock, s.merchant, 3)
    s.mock.faults.add({ route: ROUTES.transactionDetail, kind: 'latency', delayMs: 60_000, times: 'always' })
    const error = await failure(() => s.client.transactions.retrieve(transactionId))
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect(error.attempts).toBe(3)
    expect(s.spy.calls).toHaveLength(3)
  })

  it('a per-attempt timeout that clears on the retry lets a GET succeed', async () => {
    // The retry must be answered within the timeout: 2 s, so that a busy machine cannot time it out too.
    const s = await setup({ client: { timeout: 2_000, maxRetries: 2 } })
    const { transactionId } = await paidOrder(s.mock, s.merchant, 3)
    s.mock.faults.add({ route: ROUTES.transactionDetail, kind: 'latency', delayMs: 60_000, times: 1 })
    const tx = await s.client.transactions.retrieve(transactionId)
    expect(tx.meta.attempts).toBe(2)
  })

  it('the deadline stops the retries early: RequestTimeoutError before maxRetries + 1 attempts', async () => {
    const s = await setup({ client: { timeout: 50, maxRetries: 10, deadline: 120 } })
    const { transactionId } = await paidOrder(s.mock, s.merchant, 3)
    s.mock.faults.add({ route: ROUTES.transactionDetail, kind: 'latency', delayMs: 60_000, times: 'always' })
    const error = await failure(() => s.client.transactions.retrieve(transactionId))
    expect(error).toBeInstanceOf(RequestTimeoutError)
    // 120 ms of deadline leave room for at most 3 attempts of 50 ms (with backoff): fewer than the 11 allowed.
    expect(error.attempts).toBeLessThanOrEqual(3)
    expect(s.spy.calls.length).toBe(error.attempts)
  })

  it("a deadline given for one call wins over the client's", async () => {
    const s = await setup({ client: { timeout: 50, maxRetries: 10, deadline: 120_000 } })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'latency', delayMs: 60_000, times: 'always' })
    // With the client's 120 s deadline, 10 retries of 50 ms would run: at most 2 show the call's 80 ms won.
    const error = await failure(() => s.client.balance.retrieve({ deadline: 80 }))
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect(error.attempts).toBeLessThanOrEqual(2)
    expect(s.spy.calls.length).toBeLessThanOrEqual(2)
  })
})

describe('abort through signal', () => {
  it(
    'aborting during a latency fault rejects at once with ' + 'RequestAbortedError whose cause is the signal reason',
    async () => {
      const s = await setup({ mock: { sleep: () => new Promise<void>(() => {}) }, balances: { usd: 0 } })
      const { orderId } = await paidOrder(s.mock, s.merchant, 10)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'latency', delayMs: 600_000 })
      const controller = new AbortController()
      const reason = new DOMException('the user left', 'AbortError')
      const pending = failure(() => s.client.refunds.create({ orderId, amount: 1 }, { signal: controller.signal }))
      await vi.waitFor(() => expect(s.spy.calls).toHaveLength(1))
      controller.abort(reason)
      // The mock's latency never ends (its sleep is a promise that never settles): only the abort can end the call.
      const error = await pending
      expect(error).toBeInstanceOf(RequestAbortedError)
      expect(error.cause).toBe(reason)
      expect(error.attempts).toBe(1)
      expect(error.idempotencyKey).toBe(s.spy.header(0, HEADERS.idempotentKey))
      expect(s.spy.calls).toHaveLength(1)
    },
  )

  it('aborting during the wait between attempts rejects at once, without another attempt', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const s = await setup({ client: { retryBaseDelay: 60_000, retryMaxDelay: 60_000, maxRetries: 3 } })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 'always' })
    const controller = new AbortController()
    const pending = failure(() => s.client.balance.retrieve({ signal: controller.signal }))
    await vi.waitFor(() => expect(s.spy.calls[0]?.response?.status).toBe(503))
    controller.abort('stop')
    // The wait is 60 s: had the abort not ended it at once, the test would time out (no timed assertion).
    const error = await pending
    expect(error).toBeInstanceOf(RequestAbortedError)
    expect(error.cause).toBe('stop')
    expect(s.spy.calls).toHaveLength(1)
  })

  it('a signal aborted before the call sends nothing and rejects with RequestAbortedError', async () => {
    const s = await setup()
    const controller = new AbortController()
    controller.abort(new Error('already gone'))
    const error = await failure(() =>
      s.client.orders.create(
        { storeId: s.merchant.storeId, amount: 1, currency: 'USD' },
        { signal: controller.signal },
      ),
    )
    expect(error).toBeInstanceOf(RequestAbortedError)
    expect(error.cause).toEqual(new Error('already gone'))
    expect(error.attempts).toBe(0)
    expect(s.spy.calls).toHaveLength(0)
    expect(s.mock.orders.get(1001)).toBeUndefined()
  })
})

describe('idempotency keys', () => {
  it('a key given by the caller is sent as is on every attempt and returned on meta', async () => {
    const s = await setup({ balances: { usd: 0 } })
    const { orderId } = await paidOrder(s.mock, s.merchant, 10)
    s.mock.faults.add({ route: ROUTES.refund, kind: 'drop-response' })
    const refund = await s.client.refunds.create(
      { orderId, amount: 2 },
      { idempotencyKey: 'merchant-ref:1001/refund#1' },
    )
    expect(s.spy.calls.map((c) => c.request.headers.get(HEADERS.idempotentKey))).toEqual([
      'merchant-ref:1001/refund#1',
      'merchant-ref:1001/refund#1',
    ])
    expect(refund.meta.idempotencyKey).toBe('merchant-ref:1001/refund#1')
  })

  it('a key given by the caller is returned on the error, so the call can be repeated later with it', async () => {
    const s = await setup({ client: { maxRetries: 1 } })
    s.mock.faults.add({ route: ROUTES.payout, kind: 'error', status: 503, times: 'always' })
    const error = await failure(() =>
      s.client.payouts.create(
        { accountNumber: '001', amount: 1, currency: 'USD' },
        { idempotencyKey: 'payout-2026-11-02' },
      ),
    )
    expect(error).toBeInstanceOf(ServerError)
    expect(error.idempotencyKey).toBe('payout-2026-11-02')
    expect(s.spy.calls.map((c) => c.request.headers.get(HEADERS.idempotentKey))).toEqual([
      'payout-2026-11-02',
      'payout-2026-11-02',
    ])
  })

  it(
    'repeating a failed refund later with the key from the error replays ' +
      'the committed result instead of refunding twice',
    async () => {
      const s = await setup({ balances: { usd: 0 }, client: { maxRetries: 0 } })
      const { orderId } = await paidOrder(s.mock, s.merchant, 10)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'drop-response' })
      const error = await failure(() => s.client.refunds.create({ orderId, amount: 3 }))
      expect(error).toBeInstanceOf(ConnectionError)
      const later = await s.client.refunds.create({ orderId, amount: 3 }, { idempotencyKey: error.idempotencyKey })
      expect(later.meta.replayed).toBe(true)
      expect((await s.mock.balances(s.merchant.merchantId)).usd.freeze).toBe(3)
    },
  )

  it('the SDK makes a new key per logical call: two calls, two keys (each kept across its own attempts)', async () => {
    const s = await setup({ balances: { usd: 0 } })
    const { orderId } = await paidOrder(s.mock, s.merchant, 10)
    s.mock.faults.add({ route: ROUTES.refund, kind: 'network', times: 1 })
    const a = await s.client.refunds.create({ orderId, amount: 1 })
    const b = await s.client.refunds.create({ orderId, amount: 1 })
    const keys = s.spy.calls.map((c) => c.request.headers.get(HEADERS.idempotentKey))
    expect(keys).toEqual([a.meta.idempotencyKey, a.meta.idempotencyKey, b.meta.idempotencyKey])
    expect(a.meta.idempotencyKey).not.toBe(b.meta.idempotencyKey)
    expect((await s.mock.balances(s.merchant.merchantId)).usd.freeze).toBe(2)
  })
})
