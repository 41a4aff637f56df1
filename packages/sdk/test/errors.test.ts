import { runInNewContext } from 'node:vm'
import { HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import {
  AuthenticationError,
  ClientValidationError,
  ConnectionError,
  errorFromResponse,
  GatewayError,
  IdempotencyError,
  IdempotencyKeyInUseError,
  IdempotencyKeyMismatchError,
  IdempotencyKeyMissingError,
  InvalidRequestError,
  isAuthenticationError,
  isConnectionError,
  isGatewayError,
  isIdempotencyError,
  isInvalidRequestError,
  isNotFoundError,
  isRateLimitError,
  isRequestAbortedError,
  isRequestTimeoutError,
  isResponseValidationError,
  isServerError,
  NotFoundError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
  ResponseValidationError,
  ServerError,
} from '../src/index.js'
import {
  failure,
  gate,
  newClient,
  newMerchant,
  newMock,
  paidOrder,
  rawCreateOrder,
  ROUTES,
  setup,
  type FetchSpy,
} from './harness.js'

/** What the mock answered to attempt `i`: status, parsed body and X-Trace-Id. */
async function answer(
  spy: FetchSpy,
  i = spy.calls.length - 1,
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the answer field by field; its assertions check the shape
): Promise<{ status: number; body: any; traceId: string | null }> {
  const response = spy.calls[i]?.response
  if (!response) throw new Error(`attempt ${i} got no response`)
  return {
    status: response.status,
    body: await response.clone().json(),
    traceId: response.headers.get(HEADERS.traceId),
  }
}

/**
 * The context every error from an answer carries: the status, the raw body as received, the message
 * of the body, the trace id (X-Trace-Id, equal to request_id on code-style bodies), the attempts and,
 * for signed calls, the idempotency key that was sent.
 */
async function expectAnswerContext(
  error: GatewayError,
  spy: FetchSpy,
  expected: { attempts: number; signed: boolean },
): Promise<void> {
  const last = await answer(spy)
  expect(error.status).toBe(last.status)
  expect(error.body).toEqual(last.body)
  expect(error.traceId).toEqual(expect.stringMatching(/^trc_/))
  expect(error.traceId).toBe(last.traceId)
  const codeStyle = typeof last.body.error === 'object'
  if (codeStyle) {
    expect(error.code).toBe(last.body.error.code)
    expect(error.message).toBe(last.body.error.message)
    expect(error.requestId).toBe(last.body.error.request_id)
    expect(error.traceId).toBe(last.body.error.request_id)
  } else {
    expect(error.code).toBeUndefined()
    expect(error.message).toBe(last.body.message)
  }
  expect(error.attempts).toBe(expected.attempts)
  expect(spy.calls).toHaveLength(expected.attempts)
  if (expected.signed) {
    expect(error.idempotencyKey).toEqual(expect.any(String))
    expect(error.idempotencyKey).toBe(spy.header(0, HEADERS.idempotentKey))
  } else {
    expect(error.idempotencyKey).toBeUndefined()
  }
}

/** A request with its JSON body rewritten (standard endpoints only: a signed one would no longer verify). */
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON body of any shape
function withBody(request: Request, change: (body: any) => unknown): Promise<Request> {
  return request
    .clone()
    .json()
    .then((body) => new Request(request, { body: JSON.stringify(change(body)) }))
}

describe('error bodies from the mock map to error classes', () => {
  it('400 status-style (a body the mock refuses) is an InvalidRequestError with the message of the body', async () => {
    const { mock, merchant, client, spy } = await setup({
      client: { intercept: async (request, next) => next(await withBody(request, (body) => ({ ...body, amount: 0 }))) },
    })
    const error = await failure(() => client.orders.create({ storeId: merchant.storeId, amount: 5, currency: 'USD' }))
    expect(error).toBeInstanceOf(InvalidRequestError)
    expect(error).not.toBeInstanceOf(ClientValidationError)
    expect(error.body).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^amount\b.*greater than 0/),
      error: 'Bad Request',
    })
    await expectAnswerContext(error, spy, { attempts: 1, signed: false })
    expect(mock.orders.get(1001)).toBeUndefined()
  })

  it(
    "400 status-style for a refund with decimals its order's currency (KHR) " +
      'does not allow is an InvalidRequestError carrying the key',
    async () => {
      const { mock, merchant, client, spy } = await setup()
      const { orderId } = await paidOrder(mock, merchant, 4000, 'KHR')
      const error = await failure(() => client.refunds.create({ orderId, amount: 1.5 }))
      expect(error).toBeInstanceOf(InvalidRequestError)
      expect(error.status).toBe(400)
      expect(error.message).toMatch(/whole number for KHR/)
      await expectAnswerContext(error, spy, { attempts: 1, signed: true })
      expect((await mock.balances(merchant.merchantId)).khr.freeze).toBe(0)
    },
  )

  it('401 for an unknown API key is an AuthenticationError (status-style, no code)', async () => {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    const { client, spy } = newClient(mock, { ...merchant, apiKey: 'mk_unknown' })
    const error = await failure(() => client.stores.list())
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.body).toEqual({ statusCode: 401, message: 'Invalid API credentials', error: 'Unauthorized' })
    await expectAnswerContext(error, spy, { attempts: 1, signed: false })
  })

  it(
    '401 invalid_signature (wrong apiSecret) is an AuthenticationError with ' +
      'code, request_id as traceId, and no money moved',
    async () => {
      const mock = newMock()
      const merchant = await newMerchant(mock, { usd: 0 })
      const { orderId } = await paidOrder(mock, merchant, 20)
      const { client, spy } = newClient(mock, { ...merchant, apiSecret: 'sk_wrong' })
      const error = await failure(() => client.refunds.create({ orderId, amount: 5 }))
      expect(error).toBeInstanceOf(AuthenticationError)
      expect(error.code).toBe('invalid_signature')
      await expectAnswerContext(error, spy, { attempts: 1, signed: true })
      expect((await mock.balances(merchant.merchantId)).usd).toEqual({ balance: 20, freeze: 0, usable: 20 })
    },
  )

  it('401 invalid_timestamp (client clock 10 minutes off) is an AuthenticationError with that code', async () => {
    const mock = newMock()
    const merchant = await newMerchant(mock)
    const { client, spy } = newClient(mock, merchant, { now: () => Date.parse(mock.clock.now()) + 10 * 60_000 })
    const error = await failure(() => client.payouts.create({ accountNumber: '001', amount: 5, currency: 'USD' }))
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.code).toBe('invalid_timestamp')
    await expectAnswerContext(error, spy, { attempts: 1, signed: true })
  })

  it(
    '401 invalid_authentication (obsolete X-App-Id sent through ' +
      'RequestOptions.headers) is an AuthenticationError with that code',
    async () => {
      const { client, spy } = await setup()
      const error = await failure(() => client.stores.list({ headers: { 'X-App-Id': '1' } }))
      expect(spy.header(0, HEADERS.appId)).toBe('1')
      expect(error).toBeInstanceOf(AuthenticationError)
      expect(error.code).toBe('invalid_authentication')
      expect(error.body.error.details).toMatchObject({ required_header: HEADERS.apiKey })
      await expectAnswerContext(error, spy, { attempts: 1, signed: false })
    },
  )

  it('404 for a store, an order and a transaction that do not exist is a NotFoundError', async () => {
    const { mock, client, spy } = await setup()
    const store = await failure(() => client.orders.create({ storeId: 999, amount: 1, currency: 'USD' }))
    expect(store).toBeInstanceOf(NotFoundError)
    await expectAnswerContext(store, spy, { attempts: 1, signed: false })
    const qr = await failure(() => client.qrCodes.create({ storeId: 999, amount: 1, currency: 'USD' }))
    expect(qr).toBeInstanceOf(NotFoundError)
    const cancel = await failure(() => client.orders.cancel({ orderId: 9999 }))
    expect(cancel).toBeInstanceOf(NotFoundError)
    const refund = await failure(() => client.refunds.create({ orderId: 9999, amount: 1 }))
    expect(refund).toBeInstanceOf(NotFoundError)
    expect(refund.idempotencyKey).toBe(spy.header(3, HEADERS.idempotentKey))
    const tx = await failure(() => client.transactions.retrieve(123_456))
    expect(tx).toBeInstanceOf(NotFoundError)
    for (const error of [store, qr, cancel, refund, tx])
      expect(error).toMatchObject({ status: 404, code: undefined, body: { statusCode: 404, error: 'Not Found' } })
    expect(mock.orders.get(1001)).toBeUndefined()
  })

  it("404 for another merchant's order is a NotFoundError, like a missing one", async () => {
    const mock = newMock()
    const owner = await newMerchant(mock)
    const other = await newMerchant(mock)
    const { orderId } = await paidOrder(mock, owner, 10)
    const { client } = newClient(mock, other)
    expect(await failure(() => client.orders.cancel({ orderId }))).toBeInstanceOf(NotFoundError)
  })

  it('404 for list stores of a merchant without stores is a NotFoundError (as the gateway documents it)', async () => {
    const mock = newMock()
    const bare = await mock.merchants.create({ balances: { usd: 1 } })
    const { client, spy } = newClient(mock, bare)
    const error = await failure(() => client.stores.list())
    expect(error).toBeInstanceOf(NotFoundError)
    await expectAnswerContext(error, spy, { attempts: 1, signed: false })
  })

  it('409 order_not_cancellable (a completed order) is an InvalidRequestError with that code', async () => {
    const { mock, merchant, client, spy } = await setup()
    const { orderId } = await paidOrder(mock, merchant, 10)
    const error = await failure(() => client.orders.cancel({ orderId }))
    expect(error).toBeInstanceOf(InvalidRequestError)
    expect(error).not.toBeInstanceOf(IdempotencyError)
    expect(error.status).toBe(409)
    expect(error.code).toBe('order_not_cancellable')
    await expectAnswerContext(error, spy, { attempts: 1, signed: false })
    expect(mock.orders.get(orderId)?.status).toBe('completed')
  })

  it.each([
    [
      'refund_exceeds_remaining',
      'a refund above what remains of the order',
      async (s: Awaited<ReturnType<typeof setup>>) => {
        const { orderId } = await paidOrder(s.mock, s.merchant, 20)
        return () => s.client.refunds.create({ orderId, amount: 20.01 })
      },
    ],
    [
      'order_not_refundable',
      'a refund of an order that is not completed',
      async (s: Awaited<ReturnType<typeof setup>>) => {
        const orderId = await rawCreateOrder(s.mock, s.merchant, 20)
        return () => s.client.refunds.create({ orderId, amount: 5 })
      },
    ],
    [
      'insufficient_funds',
      'a payout above the usable balance',
      async (s: Awaited<ReturnType<typeof setup>>) => {
        return () => s.client.payouts.create({ accountNumber: '001', amount: 1000.01, currency: 'USD' })
      },
    ],
    [
      'insufficient_funds',
      'a refund above the usable balance',
      async (s: Awaited<ReturnType<typeof setup>>) => {
        const { orderId } = await paidOrder(s.mock, s.merchant, 20)
        await s.mock.payments.create({ orderId: await rawCreateOrder(s.mock, s.merchant, 1), status: 'SUCCESS' })
        await s.client.payouts.create({ accountNumber: '001', amount: 1015, currency: 'USD' }).catch(() => undefined)
        s.spy.calls.length = 0
        return () => s.client.refunds.create({ orderId, amount: 20 })
      },
    ],
  ] as const)(
    '422 %s (%s) is an InvalidRequestError with that code, carrying the idempotency key',
    async (code, _what, arrange) => {
      const s = await setup({ balances: { usd: 1000 } })
      const call = await arrange(s)
      const before = await s.mock.balances(s.merchant.merchantId)
      const error = await failure(call)
      expect(error).toBeInstanceOf(InvalidRequestError)
      expect(error).not.toBeInstanceOf(IdempotencyError)
      expect(error.status).toBe(422)
      expect(error.code).toBe(code)
      await expectAnswerContext(error, s.spy, { attempts: 1, signed: true })
      expect(await s.mock.balances(s.merchant.merchantId)).toEqual(before)
    },
  )

  it(
    '422 idempotency_key_mismatch (one key, two different refunds) is an ' +
      'IdempotencyKeyMismatchError and refunds nothing more',
    async () => {
      const { mock, merchant, client, spy } = await setup({ balances: { usd: 0 } })
      const { orderId } = await paidOrder(mock, merchant, 20)
      await client.refunds.create({ orderId, amount: 5 }, { idempotencyKey: 'order-1-refund' })
      spy.calls.length = 0
      const error = await failure(() =>
        client.refunds.create({ orderId, amount: 6 }, { idempotencyKey: 'order-1-refund' }),
      )
      expect(error).toBeInstanceOf(IdempotencyKeyMismatchError)
      expect(error).toBeInstanceOf(IdempotencyError)
      expect(error.code).toBe('idempotency_key_mismatch')
      expect(error.idempotencyKey).toBe('order-1-refund')
      await expectAnswerContext(error, spy, { attempts: 1, signed: true })
      expect((await mock.balances(merchant.merchantId)).usd.freeze).toBe(5)
    },
  )

  it(
    '409 idempotency_key_in_use once the retries ran out (maxRetries: 0) is ' +
      'an IdempotencyKeyInUseError with the key',
    async () => {
      const g = gate()
      const { mock, merchant, client, spy } = await setup({ mock: { sleep: g.sleep }, balances: { usd: 0 } })
      const { orderId } = await paidOrder(mock, merchant, 20)
      mock.faults.add({ route: ROUTES.refund, kind: 'latency', delayMs: 1000 })
      const first = client.refunds.create({ orderId, amount: 5 }, { idempotencyKey: 'slow-refund' })
      await g.arrived
      const { client: second, spy: secondSpy } = newClient(mock, merchant)
      const error = await failure(() =>
        second.refunds.create({ orderId, amount: 5 }, { idempotencyKey: 'slow-refund', maxRetries: 0 }),
      )
      expect(error).toBeInstanceOf(IdempotencyKeyInUseError)
      expect(error).toBeInstanceOf(IdempotencyError)
      expect(error.status).toBe(409)
      expect(error.code).toBe('idempotency_key_in_use')
      expect(error.idempotencyKey).toBe('slow-refund')
      await expectAnswerContext(error, secondSpy, { attempts: 1, signed: true })
      g.release()
      expect((await first).amount).toBe(5)
      expect(spy.calls).toHaveLength(1)
      expect((await mock.balances(merchant.merchantId)).usd.freeze).toBe(5)
    },
  )

  it(
    '400 missing_idempotent_key (a proxy dropped the header) is an ' +
      'IdempotencyKeyMissingError that still tells the key the SDK sent',
    async () => {
      const { mock, merchant, client, spy } = await setup({
        client: {
          intercept: (request, next) => {
            const headers = new Headers(request.headers)
            headers.delete(HEADERS.idempotentKey)
            return next(new Request(request, { headers }))
          },
        },
      })
      const error = await failure(() => client.payouts.create({ accountNumber: '001', amount: 5, currency: 'USD' }))
      expect(error).toBeInstanceOf(IdempotencyKeyMissingError)
      expect(error).toBeInstanceOf(IdempotencyError)
      expect(error.status).toBe(400)
      expect(error.code).toBe('missing_idempotent_key')
      await expectAnswerContext(error, spy, { attempts: 1, signed: true })
      expect((await mock.balances(merchant.merchantId)).usd.freeze).toBe(0)
    },
  )

  it('429 that keeps coming is a RateLimitError after maxRetries + 1 attempts', async () => {
    const { mock, client, spy } = await setup({ client: { maxRetries: 2 } })
    mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 429, times: 'always' })
    const error = await failure(() => client.balance.retrieve())
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    await expectAnswerContext(error, spy, { attempts: 3, signed: false })
  })

  it.each([500, 503])(
    '%i is a ServerError (create order: one attempt; balance: maxRetries + 1 attempts)',
    async (status) => {
      const { mock, merchant, client, spy } = await setup({ client: { maxRetries: 2 } })
      mock.faults.add({ route: ROUTES.createOrder, kind: 'error', status, times: 'always' })
      mock.faults.add({ route: ROUTES.balance, kind: 'error', status, times: 'always' })
      const create = await failure(() =>
        client.orders.create({ storeId: merchant.storeId, amount: 1, currency: 'USD' }),
      )
      expect(create).toBeInstanceOf(ServerError)
      await expectAnswerContext(create, spy, { attempts: 1, signed: false })
      spy.calls.length = 0
      const balance = await failure(() => client.balance.retrieve())
      expect(balance).toBeInstanceOf(ServerError)
      await expectAnswerContext(balance, spy, { attempts: 3, signed: false })
    },
  )

  it(
    'a connection that fails every time is a ConnectionError without ' + 'status, with the fetch error as cause',
    async () => {
      const { mock, merchant, client, spy } = await setup({ client: { maxRetries: 1 } })
      mock.faults.add({ route: ROUTES.payout, kind: 'network', times: 'always' })
      const error = await failure(() =>
        client.payouts.create({ accountNumber: '001', amount: 5, currency: 'USD' }, { idempotencyKey: 'net-1' }),
      )
      expect(error).toBeInstanceOf(ConnectionError)
      expect(error).toMatchObject({
        status: undefined,
        code: undefined,
        traceId: undefined,
        body: undefined,
        idempotencyKey: 'net-1',
        attempts: 2,
      })
      expect(spy.calls).toHaveLength(2)
      expect(spy.calls.every((c) => c.error instanceof TypeError)).toBe(true)
      expect(error.cause).toBeInstanceOf(Error)
      expect((await mock.balances(merchant.merchantId)).usd.freeze).toBe(0)
    },
  )

  it('an attempt with no answer in time is a RequestTimeoutError without status', async () => {
    const { mock, merchant, client, spy } = await setup({
      mock: { sleep: () => new Promise<void>(() => {}) },
      client: { timeout: 20 },
    })
    mock.faults.add({ route: ROUTES.createOrder, kind: 'latency', delayMs: 60_000 })
    const error = await failure(() => client.orders.create({ storeId: merchant.storeId, amount: 1, currency: 'USD' }))
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect(error).toMatchObject({ status: undefined, code: undefined, idempotencyKey: undefined, attempts: 1 })
    expect(spy.calls).toHaveLength(1)
  })

  it(
    'a call aborted by its signal is a RequestAbortedError whose cause is ' + "the signal's reason, with the key",
    async () => {
      const { mock, client } = await setup({ mock: { sleep: () => new Promise<void>(() => {}) } })
      mock.faults.add({ route: ROUTES.payout, kind: 'latency', delayMs: 60_000 })
      const controller = new AbortController()
      const reason = new Error('user closed the page')
      const pending = failure(() =>
        client.payouts.create(
          { accountNumber: '001', amount: 5, currency: 'USD' },
          { signal: controller.signal, idempotencyKey: 'abort-1' },
        ),
      )
      await new Promise((r) => setTimeout(r, 5))
      controller.abort(reason)
      const error = await pending
      expect(error).toBeInstanceOf(RequestAbortedError)
      expect(error.cause).toBe(reason)
      expect(error).toMatchObject({ status: undefined, idempotencyKey: 'abort-1', attempts: 1 })
    },
  )

  it('a non-2xx HTML answer (a proxy page) still maps by status and keeps the text as body', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>'
    const { client } = await setup({
      client: {
        maxRetries: 0,
        intercept: async () =>
          new Response(html, { status: 502, headers: { 'Content-Type': 'text/html', [HEADERS.traceId]: 'trc_proxy' } }),
      },
    })
    const error = await failure(() => client.transactions.retrieve(1))
    expect(error).toBeInstanceOf(ServerError)
    expect(error).toMatchObject({ status: 502, body: html, code: undefined, traceId: 'trc_proxy', attempts: 1 })
    expect(error.message).toMatch(/502/)
  })
})

describe('errorFromResponse', () => {
  it.each([
    [400, InvalidRequestError],
    [401, AuthenticationError],
    [403, AuthenticationError],
    [404, NotFoundError],
    [405, InvalidRequestError],
    [413, InvalidRequestError],
    [422, InvalidRequestError],
    [429, RateLimitError],
    [500, ServerError],
    [502, ServerError],
    [504, ServerError],
  ] as const)(
    'an HTML (non-JSON) body with status %i gives %o by status, with the text kept as body',
    (status, Class) => {
      const body = `<html><head><title>${status}</title></head><body>nginx</body></html>`
      const error = errorFromResponse({ status, body, traceId: 'trc_h', attempts: 2 })
      expect(error).toBeInstanceOf(Class)
      expect(error).toMatchObject({
        status,
        body,
        code: undefined,
        traceId: 'trc_h',
        requestId: undefined,
        attempts: 2,
      })
      expect(error.message).toBe(`The gateway answered ${status}`)
    },
  )

  it('an empty or null body gives a class by status and a message naming the status', () => {
    expect(errorFromResponse({ status: 503, body: undefined })).toMatchObject({
      name: 'ServerError',
      message: 'The gateway answered 503',
      body: undefined,
    })
    expect(errorFromResponse({ status: 404, body: null })).toMatchObject({
      name: 'NotFoundError',
      message: 'The gateway answered 404',
    })
  })

  it('a status-style body gives its message; the trace id comes from the header', () => {
    const body = { statusCode: 401, message: 'Invalid API credentials', error: 'Unauthorized' }
    expect(errorFromResponse({ status: 401, body, traceId: 'trc_1' })).toMatchObject({
      name: 'AuthenticationError',
      message: 'Invalid API credentials',
      code: undefined,
      traceId: 'trc_1',
      body,
    })
  })

  it('a code-style body gives code, message and request_id (as requestId, and as traceId when no header came)', () => {
    const body = {
      error: {
        code: 'insufficient_funds',
        message: 'Payout exceeds the usable balance',
        request_id: 'trc_2',
        timestamp: 1,
      },
    }
    const error = errorFromResponse({ status: 422, body, idempotencyKey: 'k' })
    expect(error).toBeInstanceOf(InvalidRequestError)
    expect(error).toMatchObject({
      code: 'insufficient_funds',
      message: 'Payout exceeds the usable balance',
      requestId: 'trc_2',
      traceId: 'trc_2',
      idempotencyKey: 'k',
      body,
    })
  })

  it.each([
    ['idempotency_key_in_use', 409, IdempotencyKeyInUseError],
    ['idempotency_key_mismatch', 422, IdempotencyKeyMismatchError],
    ['missing_idempotent_key', 400, IdempotencyKeyMissingError],
  ] as const)('code %s (status %i) gets its own idempotency class', (code, status, Class) => {
    const error = errorFromResponse({ status, body: { error: { code, message: 'm', request_id: 'trc_3' } } })
    expect(error).toBeInstanceOf(Class)
    expect(error).toBeInstanceOf(IdempotencyError)
    expect(isIdempotencyError(error)).toBe(true)
    expect(isInvalidRequestError(error)).toBe(false)
  })
})

describe('guards and class relations', () => {
  const cases = [
    [new InvalidRequestError('x'), isInvalidRequestError],
    [new ClientValidationError('x'), isInvalidRequestError],
    [new AuthenticationError('x'), isAuthenticationError],
    [new NotFoundError('x'), isNotFoundError],
    [new IdempotencyKeyInUseError('x'), isIdempotencyError],
    [new IdempotencyKeyMismatchError('x'), isIdempotencyError],
    [new IdempotencyKeyMissingError('x'), isIdempotencyError],
    [new RateLimitError('x'), isRateLimitError],
    [new ServerError('x'), isServerError],
    [new ConnectionError('x'), isConnectionError],
    [new RequestTimeoutError('x'), isRequestTimeoutError],
    [new RequestAbortedError('x'), isRequestAbortedError],
    [new ResponseValidationError('x', 'issues'), isResponseValidationError],
  ] as const
  const allGuards = [
    isInvalidRequestError,
    isAuthenticationError,
    isNotFoundError,
    isIdempotencyError,
    isRateLimitError,
    isServerError,
    isConnectionError,
    isRequestTimeoutError,
    isRequestAbortedError,
    isResponseValidationError,
  ]

  it(
    'each guard recognises instances of its class and subclasses, every ' +
      'instance is a GatewayError, and the other guards say no',
    () => {
      for (const [error, guard] of cases) {
        expect(error).toBeInstanceOf(GatewayError)
        expect(error).toBeInstanceOf(Error)
        expect(isGatewayError(error)).toBe(true)
        expect(guard(error)).toBe(true)
        for (const other of allGuards)
          if (other !== guard) expect(other(error), `${other.name}(${error.name})`).toBe(false)
      }
    },
  )

  it('the guards recognise plain objects with the right name (errors from another realm or copy of the SDK)', () => {
    for (const [error, guard] of cases) {
      const plain = { name: error.name, message: 'from elsewhere' }
      expect(isGatewayError(plain)).toBe(true)
      expect(guard(plain)).toBe(true)
    }
    expect(isGatewayError({ name: 'GatewayError' })).toBe(true)
    expect(isIdempotencyError({ name: 'IdempotencyError' })).toBe(true)
  })

  it('an error built in another realm (node:vm) with an SDK name is recognised although instanceof fails', () => {
    const foreign = runInNewContext(
      'class E extends Error {}; const e = new E("in use"); e.name = "IdempotencyKeyInUseError"; e',
    ) as unknown
    expect(foreign).not.toBeInstanceOf(Error)
    expect(foreign).not.toBeInstanceOf(IdempotencyKeyInUseError)
    expect(isIdempotencyError(foreign)).toBe(true)
    expect(isGatewayError(foreign)).toBe(true)
    expect(isInvalidRequestError(foreign)).toBe(false)
  })

  it('lookalikes with other names, and non-objects, are rejected', () => {
    const lookalikes: unknown[] = [
      new Error('x'),
      new TypeError('fetch failed'),
      { name: 'NotFound' },
      { name: 'notfounderror' },
      { name: 'NotFoundErrorX' },
      { name: 'HTTPError', response: { status: 404 } },
      { message: 'NotFoundError' },
      Object.assign(new Error('x'), { name: 'TimeoutError' }),
      'NotFoundError',
      null,
      undefined,
      404,
    ]
    for (const value of lookalikes) {
      expect(isGatewayError(value)).toBe(false)
      for (const guard of allGuards) expect(guard(value)).toBe(false)
    }
  })

  it('family lines are kept: a client validation error is an invalid request; an idempotency error is not', () => {
    expect(new ClientValidationError('x')).toBeInstanceOf(InvalidRequestError)
    expect(new IdempotencyKeyInUseError('x')).toBeInstanceOf(IdempotencyError)
    expect(new IdempotencyKeyMismatchError('x')).toBeInstanceOf(IdempotencyError)
    expect(new IdempotencyKeyMissingError('x')).toBeInstanceOf(IdempotencyError)
    expect(new IdempotencyKeyInUseError('x')).not.toBeInstanceOf(InvalidRequestError)
    expect(isInvalidRequestError({ name: 'ClientValidationError' })).toBe(true)
    expect(isIdempotencyError({ name: 'IdempotencyKeyMissingError' })).toBe(true)
    expect(isInvalidRequestError({ name: 'IdempotencyKeyMismatchError' })).toBe(false)
    expect(isIdempotencyError({ name: 'InvalidRequestError' })).toBe(false)
    expect(isInvalidRequestError({ name: 'GatewayError' })).toBe(false)
  })

  it('each class has its literal name, so it survives serialisation and minification', () => {
    expect(cases.map(([e]) => e.name)).toEqual([
      'InvalidRequestError',
      'ClientValidationError',
      'AuthenticationError',
      'NotFoundError',
      'IdempotencyKeyInUseError',
      'IdempotencyKeyMismatchError',
      'IdempotencyKeyMissingError',
      'RateLimitError',
      'ServerError',
      'ConnectionError',
      'RequestTimeoutError',
      'RequestAbortedError',
      'ResponseValidationError',
    ])
    expect(new GatewayError('x').name).toBe('GatewayError')
  })
})
