import { HEADERS } from '@merchant-gateway/contract'
import { describe, expect, it } from 'vitest'
import { ClientValidationError, GatewayClient, InvalidRequestError, type GatewayClientOptions } from '../src/index.js'
import { failure, newClient, newMerchant, newMock, paidOrder, ROUTES, setup, spyFetch, type Setup } from './harness.js'

type Call = (s: Setup) => Promise<unknown>

const longText = (n: number) => 'x'.repeat(n)

/** Every refused call: [what, call, the exact message]. */
const refused: Array<[string, Call, string | RegExp]> = [
  // currency
  [
    'currency "usd" (lower case)',
    (s) => s.client.orders.create({ storeId: 101, amount: 1, currency: 'usd' as never }),
    'currency must be one of USD, KHR (upper case), got "usd"',
  ],
  [
    'currency "EUR"',
    (s) => s.client.qrCodes.create({ storeId: 101, amount: 1, currency: 'EUR' as never }),
    'currency must be one of USD, KHR (upper case), got "EUR"',
  ],
  [
    'payout currency missing',
    (s) => s.client.payouts.create({ accountNumber: '001', amount: 1 } as never),
    'currency must be one of USD, KHR (upper case), got undefined',
  ],
  // amounts
  [
    'amount 0',
    (s) => s.client.orders.create({ storeId: 101, amount: 0, currency: 'USD' }),
    'amount must be greater than 0, got 0',
  ],
  [
    'amount -1',
    (s) => s.client.orders.create({ storeId: 101, amount: -1, currency: 'USD' }),
    'amount must be greater than 0, got -1',
  ],
  [
    'amount NaN',
    (s) => s.client.orders.create({ storeId: 101, amount: Number.NaN, currency: 'USD' }),
    'amount must be a finite number, got NaN',
  ],
  [
    'amount Infinity',
    (s) => s.client.qrCodes.create({ storeId: 101, amount: Number.POSITIVE_INFINITY, currency: 'KHR' }),
    'amount must be a finite number, got Infinity',
  ],
  [
    'amount as a string',
    (s) => s.client.orders.create({ storeId: 101, amount: '12.50' as never, currency: 'USD' }),
    'amount must be a finite number, got "12.50"',
  ],
  [
    'amount 1.005 USD (3 decimals)',
    (s) => s.client.orders.create({ storeId: 101, amount: 1.005, currency: 'USD' }),
    'amount must have at most 2 decimal places for USD, got 1.005',
  ],
  [
    'amount 1.5 KHR (KHR is whole riel)',
    (s) => s.client.orders.create({ storeId: 101, amount: 1.5, currency: 'KHR' }),
    'amount must be a whole number for KHR, got 1.5',
  ],
  [
    'amount above the USD maximum',
    (s) => s.client.orders.create({ storeId: 101, amount: 10_000_000_000.01, currency: 'USD' }),
    'amount must be at most 10000000000.00 USD, got 10000000000.01',
  ],
  [
    'amount above the KHR maximum',
    (s) => s.client.qrCodes.create({ storeId: 101, amount: 1_000_000_000_001, currency: 'KHR' }),
    'amount must be at most 1000000000000 KHR, got 1000000000001',
  ],
  [
    'payout amount 0.001',
    (s) => s.client.payouts.create({ accountNumber: '001', amount: 0.001, currency: 'USD' }),
    'amount must have at most 2 decimal places for USD, got 0.001',
  ],
  [
    'payout amount -5',
    (s) => s.client.payouts.create({ accountNumber: '001', amount: -5, currency: 'KHR' }),
    'amount must be greater than 0, got -5',
  ],
  // refund amounts (the order's currency is unknown to the client)
  [
    'refund amount with 3 decimals',
    (s) => s.client.refunds.create({ orderId: 1001, amount: 2.505 }),
    "amount must have at most 2 decimal places (USD), got 2.505; the order's currency may allow fewer",
  ],
  [
    'refund amount 0',
    (s) => s.client.refunds.create({ orderId: 1001, amount: 0 }),
    'amount must be greater than 0, got 0',
  ],
  [
    'refund amount NaN',
    (s) => s.client.refunds.create({ orderId: 1001, amount: Number.NaN }),
    'amount must be a finite number, got NaN',
  ],
  [
    'refund amount above the largest maximum of any currency',
    (s) => s.client.refunds.create({ orderId: 1001, amount: 1_000_000_000_001 }),
    /^amount must be at most \d+/,
  ],
  // ids
  [
    'storeId 1.5',
    (s) => s.client.orders.create({ storeId: 1.5, amount: 1, currency: 'USD' }),
    'storeId must be a positive integer, got 1.5',
  ],
  [
    'storeId -1',
    (s) => s.client.qrCodes.create({ storeId: -1, amount: 1, currency: 'USD' }),
    'storeId must be a positive integer, got -1',
  ],
  [
    'storeId 0',
    (s) => s.client.orders.create({ storeId: 0, amount: 1, currency: 'USD' }),
    'storeId must be a positive integer, got 0',
  ],
  [
    'storeId "101" (a string)',
    (s) => s.client.orders.create({ storeId: '101' as never, amount: 1, currency: 'USD' }),
    'storeId must be a positive integer, got "101"',
  ],
  [
    'storeId above 2^53 - 1 (at most 9007199254740991)',
    (s) => s.client.orders.create({ storeId: 2 ** 53, amount: 1, currency: 'USD' }),
    `storeId must be at most 9007199254740991, got ${2 ** 53}`,
  ],
  [
    'transactionId 2^60 (at most 9007199254740991)',
    (s) => s.client.transactions.retrieve(2 ** 60),
    'transactionId must be at most 9007199254740991, got 1152921504606847000',
  ],
  [
    'transactionId "99999999999999999" (at most 9007199254740991)',
    (s) => s.client.transactions.retrieve('99999999999999999'),
    'transactionId must be at most 9007199254740991, got "99999999999999999"',
  ],
  [
    'transactionId "7x" (a string of digits)',
    (s) => s.client.transactions.retrieve('7x'),
    'transactionId must be a string of digits, got "7x"',
  ],
  [
    'orderId "01001" (written without leading zeros, cancel)',
    (s) => s.client.orders.cancel({ orderId: '01001' }),
    'orderId must be written without leading zeros, got "01001"',
  ],
  [
    'orderId "00" (greater than 0, refund)',
    (s) => s.client.refunds.create({ orderId: '00', amount: 1 }),
    'orderId must be greater than 0, got "00"',
  ],
  [
    'orderId 2.5 (cancel)',
    (s) => s.client.orders.cancel({ orderId: 2.5 }),
    'orderId must be a positive integer, got 2.5',
  ],
  [
    'orderId -3 (refund)',
    (s) => s.client.refunds.create({ orderId: -3, amount: 1 }),
    'orderId must be a positive integer, got -3',
  ],
  [
    'orderId NaN (refund)',
    (s) => s.client.refunds.create({ orderId: Number.NaN, amount: 1 }),
    'orderId must be a positive integer, got NaN',
  ],
  ['transactionId 0', (s) => s.client.transactions.retrieve(0), 'transactionId must be a positive integer, got 0'],
  [
    'transactionId 7.5',
    (s) => s.client.transactions.retrieve(7.5),
    'transactionId must be a positive integer, got 7.5',
  ],
  [
    'transactionId -700001',
    (s) => s.client.transactions.retrieve(-700_001),
    'transactionId must be a positive integer, got -700001',
  ],
  // texts
  [
    'accountNumber ""',
    (s) => s.client.payouts.create({ accountNumber: '', amount: 1, currency: 'USD' }),
    'accountNumber must be a non-empty string of at most 64 characters, got ""',
  ],
  [
    'accountNumber of blanks',
    (s) => s.client.payouts.create({ accountNumber: '   ', amount: 1, currency: 'USD' }),
    'accountNumber must be a non-empty string of at most 64 characters, got "   "',
  ],
  [
    'accountNumber of 65 characters',
    (s) => s.client.payouts.create({ accountNumber: '1'.repeat(65), amount: 1, currency: 'USD' }),
    `accountNumber must be a non-empty string of at most 64 characters, got "${'1'.repeat(65)}"`,
  ],
  [
    'cancel reason of 501 characters',
    (s) => s.client.orders.cancel({ orderId: 1001, reason: longText(501) }),
    'reason must be a string of at most 500 characters, got a string of 501 characters',
  ],
  // idempotency keys
  [
    'idempotencyKey ""',
    (s) => s.client.refunds.create({ orderId: 1001, amount: 1 }, { idempotencyKey: '' }),
    'idempotencyKey must be a string of 1 to 255 characters (a UUID is best), got 0',
  ],
  [
    'idempotencyKey of 256 characters',
    (s) =>
      s.client.payouts.create({ accountNumber: '001', amount: 1, currency: 'USD' }, { idempotencyKey: longText(256) }),
    'idempotencyKey must be a string of 1 to 255 characters (a UUID is best), got 256',
  ],
]

describe('parameters are checked before anything is sent', () => {
  it.each(refused)(
    '%s is refused with a message that says what to fix, and nothing is sent',
    async (_what, call, message) => {
      const s = await setup()
      const error = await failure(() => call(s))
      expect(error).toBeInstanceOf(ClientValidationError)
      expect(error).toBeInstanceOf(InvalidRequestError)
      if (typeof message === 'string') expect(error.message).toBe(message)
      else expect(error.message).toMatch(message)
      expect(error).toMatchObject({ status: undefined, body: undefined, traceId: undefined })
      expect(s.spy.calls).toHaveLength(0)
      expect(s.mock.orders.get(1001)).toBeUndefined()
    },
  )

  it(
    'refund and payout without apiSecret are refused, saying to pass ' +
      'apiSecret, and nothing is sent; standard calls still work',
    async () => {
      const mock = newMock()
      const merchant = await newMerchant(mock)
      const { client, spy } = newClient(mock, { ...merchant, apiSecret: undefined as never })
      const refund = await failure(() => client.refunds.create({ orderId: 1001, amount: 1 }))
      expect(refund).toBeInstanceOf(ClientValidationError)
      expect(refund.message).toBe(
        'refunds.create needs apiSecret: pass it to the GatewayClient (from the ' +
          'API configuration screen of the merchant app), got undefined',
      )
      const payout = await failure(() => client.payouts.create({ accountNumber: '001', amount: 1, currency: 'USD' }))
      expect(payout).toBeInstanceOf(ClientValidationError)
      expect(payout.message).toMatch(/^payouts.create needs apiSecret: pass it to the GatewayClient/)
      expect(spy.calls).toHaveLength(0)
      await client.stores.list()
      expect(spy.calls).toHaveLength(1)
    },
  )

  it('an invalid call is reported as a rejected promise, never as a synchronous throw', async () => {
    const { client } = await setup()
    const calls: Array<() => Promise<unknown>> = [
      () => client.orders.create({ storeId: -1, amount: 1, currency: 'USD' }),
      () => client.orders.cancel({ orderId: -1 }),
      () => client.qrCodes.create({ storeId: 101, amount: 1, currency: 'usd' as never }),
      () => client.transactions.retrieve(0),
      () => client.refunds.create({ orderId: 1001, amount: 0 }),
      () => client.payouts.create({ accountNumber: '', amount: 1, currency: 'USD' }),
    ]
    for (const call of calls) {
      let returned: unknown
      expect(() => (returned = call())).not.toThrow()
      expect(returned).toBeInstanceOf(Promise)
      await expect(returned).rejects.toBeInstanceOf(ClientValidationError)
    }
  })

  it(
    'the limits themselves pass the client: a 255-character key, a ' +
      '500-character reason, a 64-character account, 0.01 USD, the maximum ' +
      'amount',
    async () => {
      const s = await setup({ balances: { usd: 100 } })
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      const refund = await s.client.refunds.create({ orderId, amount: 0.01 }, { idempotencyKey: 'k'.repeat(255) })
      expect(refund.meta.idempotencyKey).toBe('k'.repeat(255))
      const order = await s.client.orders.create({
        storeId: s.merchant.storeId,
        amount: 10_000_000_000,
        currency: 'USD',
      })
      const cancelled = await s.client.orders.cancel({ orderId: Number(order.order_id), reason: longText(500) })
      expect(cancelled.status).toBe('cancelled')
      // Only what the client let through matters here, not the payout's answer.
      await s.client.payouts
        .create({ accountNumber: '9'.repeat(64), amount: 1, currency: 'USD' })
        .catch(() => undefined)
      expect(s.spy.calls).toHaveLength(4)
      expect(JSON.parse(await s.spy.bodyText(3))).toEqual({ accountNumber: '9'.repeat(64), amount: 1, currency: 'USD' })
      expect(s.spy.calls[3]!.response?.status).toBe(200)
    },
  )

  it('a refund of a KHR order above the USD maximum (valid in riel) is not refused by the client', async () => {
    const s = await setup({ balances: { usd: 0, khr: 0 } })
    const { orderId } = await paidOrder(s.mock, s.merchant, 20_000_000_000, 'KHR')
    const refund = await s.client.refunds.create({ orderId, amount: 20_000_000_000 })
    expect(refund).toMatchObject({ amount: 20_000_000_000, currency: 'KHR' })
  })
})

describe('client construction', () => {
  const mock = newMock({ baseUrl: 'https://sandbox.gateway.test' })
  const base = (options: Partial<GatewayClientOptions>): GatewayClientOptions => ({
    apiKey: 'mk_1',
    fetch: mock.fetch,
    ...options,
  })

  it.each([
    [
      'missing apiKey',
      { baseUrl: 'https://gateway.mock', apiKey: undefined },
      'apiKey is required: the merchant API key from the merchant app, got undefined',
    ],
    [
      'empty apiKey',
      { baseUrl: 'https://gateway.mock', apiKey: '' },
      'apiKey is required: the merchant API key from the merchant app, got an empty string',
    ],
    [
      'neither baseUrl nor environment',
      {},
      'baseUrl is required (the gateway address), or choose one with environment from environments; got neither',
    ],
    [
      'an unknown environment (lists the configured names)',
      {
        environments: { production: 'https://pay.example.com', sandbox: 'https://sandbox.gateway.test' },
        environment: 'staging',
      },
      'Unknown environment "staging"; configured: production, sandbox',
    ],
    [
      'an environment without environments (says how to configure them)',
      { environment: 'sandbox' },
      'Unknown environment "sandbox"; configured: none (pass environments: { ' +
        'production: "https://...", sandbox: "https://..." })',
    ],
    [
      'baseUrl and environment together',
      {
        baseUrl: 'https://gateway.mock',
        environments: { sandbox: 'https://sandbox.gateway.test' },
        environment: 'sandbox',
      },
      'Give baseUrl or environment, not both, got baseUrl "https://gateway.mock" and environment "sandbox"',
    ],
    [
      'a baseUrl without scheme',
      { baseUrl: 'gateway.mock' },
      'baseUrl must be an absolute http(s) URL, got "gateway.mock"',
    ],
    [
      'a non-http baseUrl',
      { baseUrl: 'ftp://gateway.mock' },
      'baseUrl must be an absolute http(s) URL, got "ftp://gateway.mock"',
    ],
    ['timeout 0', { baseUrl: 'https://gateway.mock', timeout: 0 }, 'timeout must be a number >= 1, got 0'],
    ['maxRetries -1', { baseUrl: 'https://gateway.mock', maxRetries: -1 }, 'maxRetries must be a number >= 0, got -1'],
    ['maxRetries 1.5', { baseUrl: 'https://gateway.mock', maxRetries: 1.5 }, 'maxRetries must be an integer, got 1.5'],
  ] as Array<[string, Partial<GatewayClientOptions>, string]>)(
    '%s is refused with a message that says what to fix',
    (_what, options, message) => {
      let error: unknown
      try {
        new GatewayClient(base(options))
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ClientValidationError)
      expect((error as Error).message).toBe(message)
    },
  )

  it('environment picks its URL from environments: requests go to the sandbox address', async () => {
    const sandbox = newMock({ baseUrl: 'https://sandbox.gateway.test' })
    const merchant = await newMerchant(sandbox)
    const spy = spyFetch(sandbox.fetch)
    const client = new GatewayClient({
      apiKey: merchant.apiKey,
      environments: { production: 'https://pay.example.com', sandbox: 'https://sandbox.gateway.test' },
      environment: 'sandbox',
      fetch: spy.fetch,
    })
    const stores = await client.stores.list()
    expect(stores).toHaveLength(1)
    expect(spy.requests()[0]!.url).toBe('https://sandbox.gateway.test/api/v1/payment-gateway/stores/list')
  })

  it('a base URL with a path prefix and a trailing slash keeps the prefix', async () => {
    const prefixed = newMock({ baseUrl: 'https://gw.example.test/merchant' })
    const merchant = await newMerchant(prefixed)
    const spy = spyFetch(prefixed.fetch)
    const client = new GatewayClient({
      apiKey: merchant.apiKey,
      baseUrl: 'https://gw.example.test/merchant/',
      fetch: spy.fetch,
    })
    await client.balance.retrieve()
    expect(spy.requests()[0]!.url).toBe('https://gw.example.test/merchant/api/v1/payment-gateway/balance-inquiry')
  })
})

describe('withOptions', () => {
  it('returns a client on another environment and leaves the original on its own', async () => {
    const sandbox = newMock({ baseUrl: 'https://sandbox.gateway.test' })
    const production = newMock({
      baseUrl: 'https://pay.gateway.test',
      seed: [{ apiKey: 'mk_same', stores: [{ storeName: 'Prod store', address: 'P' }] }],
    })
    await sandbox.merchants
      .create({ apiKey: 'mk_same' })
      .then((m) => sandbox.stores.add(m.merchantId, { storeName: 'Sandbox store', address: 'S' }))
    const urls: string[] = []
    const routed: typeof fetch = (input, init) => {
      const request = new Request(input, init)
      urls.push(request.url)
      return request.url.startsWith('https://sandbox.') ? sandbox.fetch(request) : production.fetch(request)
    }
    const original = new GatewayClient({
      apiKey: 'mk_same',
      environments: { production: 'https://pay.gateway.test', sandbox: 'https://sandbox.gateway.test' },
      environment: 'sandbox',
      fetch: routed,
    })
    const live = original.withOptions({ environment: 'production' })
    expect(live).not.toBe(original)
    expect((await live.stores.list())[0]!.storeName).toBe('Prod store')
    expect((await original.stores.list())[0]!.storeName).toBe('Sandbox store')
    expect(urls.map((u) => new URL(u).host)).toEqual(['pay.gateway.test', 'sandbox.gateway.test'])
  })

  it(
    'a new baseUrl replaces the environment, and a new environment replaces ' + 'the baseUrl, instead of clashing',
    async () => {
      const s = await setup()
      const environments = { sandbox: s.mock.baseUrl, production: 'https://elsewhere.test' }
      const viaEnv = new GatewayClient({
        apiKey: s.merchant.apiKey,
        environments,
        environment: 'production',
        fetch: s.spy.fetch,
      })
      await viaEnv.withOptions({ baseUrl: s.mock.baseUrl }).stores.list()
      const viaUrl = new GatewayClient({
        apiKey: s.merchant.apiKey,
        environments,
        baseUrl: 'https://elsewhere.test',
        fetch: s.spy.fetch,
      })
      await viaUrl.withOptions({ environment: 'sandbox' }).stores.list()
      expect(s.spy.requests().map((r) => r.url)).toEqual([
        `${s.mock.baseUrl}/api/v1/payment-gateway/stores/list`,
        `${s.mock.baseUrl}/api/v1/payment-gateway/stores/list`,
      ])
    },
  )

  it(
    'returns a client with other headers and retries, keeping credentials ' + 'and fetch; the original is unchanged',
    async () => {
      const s = await setup({ client: { maxRetries: 2 } })
      s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 'always' })
      const batch = s.client.withOptions({ headers: { 'X-Request-Source': 'nightly-batch' }, maxRetries: 0 })

      const fromBatch = await failure(() => batch.balance.retrieve())
      expect(fromBatch.attempts).toBe(1)
      expect(s.spy.header(0, 'X-Request-Source')).toBe('nightly-batch')
      expect(s.spy.header(0, HEADERS.apiKey)).toBe(s.merchant.apiKey)

      for (const client of [s.client, s.client.withOptions({})]) {
        s.spy.calls.length = 0
        const fromOriginal = await failure(() => client.balance.retrieve())
        expect(fromOriginal.attempts).toBe(3)
        expect(s.spy.calls.every((c) => c.request.headers.get('X-Request-Source') === null)).toBe(true)
      }
    },
  )

  it('returns a client with another timeout; the original keeps its own', async () => {
    const s = await setup({
      mock: { sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
      // The original's own timeout is far above the fault's 60 ms, so that a busy machine cannot time it out.
      client: { timeout: 10_000, maxRetries: 0 },
    })
    s.mock.faults.add({ route: ROUTES.balance, kind: 'latency', delayMs: 60, times: 2 })
    const impatient = s.client.withOptions({ timeout: 10 })
    expect(await failure(() => impatient.balance.retrieve())).toMatchObject({
      name: 'RequestTimeoutError',
      attempts: 1,
    })
    const balance = await s.client.balance.retrieve()
    expect(balance.meta.attempts).toBe(1)
  })
})
