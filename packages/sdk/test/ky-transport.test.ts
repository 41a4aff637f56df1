/**
 * The clients on ky: the `hooks` option passes ky's hooks through (and they see the request as sent,
 * signed per attempt); every failure reaches the caller as one of the SDK's errors with ky's error as
 * `cause`; the waits between attempts are ky's (backoff with full jitter, `Retry-After`), watched here
 * on fake timers; every request carries the SDK's User-Agent on Node, and `VERSION` is the package's.
 */
import { readFileSync } from 'node:fs'
import { HEADERS } from '@merchant-gateway/contract'
import { HTTPError, isHTTPError, isKyError, isNetworkError, isTimeoutError, type AfterResponseHook } from 'ky'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectionError, GatewayError, RequestTimeoutError, ServerError, VERSION } from '../src/index.js'
import { PinClient, VERSION as PIN_VERSION } from '../src/pin/index.js'
import { expectedSignature, failure, jsonResponse, paidOrder, ROUTES, setup } from './harness.js'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('hooks: ky hooks passed through', () => {
  it(
    'beforeRequest and beforeRetry see each attempt signed with its own timestamp but not its body, ' +
      'and a header they add is sent',
    async () => {
      type Seen = { phase: string; signature: string | null; timestamp: string | null; body: string | null }
      const seen: Seen[] = []
      const record =
        (phase: string) =>
        async ({ request }: { request: Request }): Promise<void> => {
          seen.push({
            phase,
            signature: request.headers.get(HEADERS.signature),
            timestamp: request.headers.get(HEADERS.timestamp),
            body: request.body === null ? null : await request.clone().text(),
          })
          request.headers.set('traceparent', `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`)
        }
      let ticks = 0
      const s = await setup({ balances: { usd: 0 } })
      const { client, spy } = await import('./harness.js').then((h) =>
        h.newClient(s.mock, s.merchant, {
          now: () => Date.parse(s.mock.clock.now()) + 1000 * ticks++,
          hooks: { beforeRequest: [record('beforeRequest')], beforeRetry: [record('beforeRetry')] },
        }),
      )
      const { orderId } = await paidOrder(s.mock, s.merchant, 20)
      s.mock.faults.add({ route: ROUTES.refund, kind: 'drop-response' })
      await client.refunds.create({ orderId, amount: 5 })

      expect(seen.map((x) => x.phase)).toEqual(['beforeRequest', 'beforeRetry'])
      expect(seen[0]!.timestamp).not.toBe(seen[1]!.timestamp)
      for (const [i, hook] of seen.entries()) {
        // The body is attached as the attempt is sent: the signature a hook sees covers the bytes sent.
        expect(hook.body).toBeNull()
        expect(hook.signature).toBe(expectedSignature(s.merchant.apiSecret, await spy.bodyText(i), hook.timestamp!))
        expect(spy.header(i, HEADERS.signature)).toBe(hook.signature)
        expect(spy.header(i, 'traceparent')).toMatch(/^00-a{32}-b{16}-01$/)
      }
    },
  )

  it(
    'afterResponse sees every answer (a 503 and the 200 after it) with the ' +
      "operation in options.context; beforeRetry gets ky's error and the " +
      'retry count',
    async () => {
      const answers: Array<[unknown, number, number]> = []
      const retries: Array<[number, boolean]> = []
      const afterResponse: AfterResponseHook = ({ response, options, retryCount }) => {
        answers.push([options.context.operation, response.status, retryCount])
      }
      const s = await setup({
        client: {
          hooks: {
            afterResponse: [afterResponse],
            beforeRetry: [({ error, retryCount }) => void retries.push([retryCount, isHTTPError(error)])],
          },
        },
      })
      s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 503, times: 1 })
      await s.client.balance.retrieve()
      expect(answers).toEqual([
        ['balanceInquiry', 503, 0],
        ['balanceInquiry', 200, 1],
      ])
      expect(retries).toEqual([[1, true]])
    },
  )

  it(
    "beforeError sees ky's HTTPError before the SDK turns it into its own " +
      'error, which keeps it as cause; the idempotency key is in ' +
      'options.context',
    async () => {
      const seen: unknown[] = []
      const s = await setup({
        client: {
          maxRetries: 0,
          hooks: {
            beforeError: [
              ({ error, options }) => {
                seen.push(error, options.context.idempotencyKey)
                return error
              },
            ],
          },
        },
      })
      s.mock.faults.add({ route: ROUTES.payout, kind: 'error', status: 503, times: 1 })
      const error = await failure(() =>
        s.client.payouts.create({ accountNumber: '001', amount: 1, currency: 'USD' }, { idempotencyKey: 'payout-7' }),
      )
      expect(error).toBeInstanceOf(ServerError)
      expect(seen[0]).toBeInstanceOf(HTTPError)
      expect(seen[1]).toBe('payout-7')
      expect(error.cause).toBe(seen[0])
    },
  )

  it('an afterResponse hook may replace the answer, as in ky', async () => {
    const s = await setup({
      client: {
        hooks: {
          afterResponse: [
            async ({ response }) =>
              jsonResponse(
                {
                  ...((await response.json()) as object),
                  statusCode: 200,
                  data: { usd: { balance: 1, freeze: 0, usable: 1 }, khr: { balance: 0, freeze: 0, usable: 0 } },
                },
                response,
              ),
          ],
        },
      },
    })
    expect((await s.client.balance.retrieve()).usd).toEqual({ balance: 1, freeze: 0, usable: 1 })
  })

  it('PinClient passes its hooks through too', async () => {
    const seen: string[] = []
    const client = new PinClient({
      baseUrl: 'https://pin.test',
      accessToken: 'tok_1',
      fetch: async () =>
        new Response(JSON.stringify({ status_code: 200, message: 'PIN verified', data: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      hooks: {
        beforeRequest: [({ request }) => void seen.push(request.headers.get('authorization')!)],
        afterResponse: [({ options }) => void seen.push(String(options.context.operation))],
      },
    })
    await client.pin.verify({ pin: '123456' })
    expect(seen).toEqual(['Bearer tok_1', 'verifyPin'])
  })

  it("a PIN never reaches a merchant's hook, and the service still receives it", async () => {
    const sent: string[] = []
    const inHooks: string[] = []
    const look = async ({ request, options }: { request: Request; options: object }): Promise<void> => {
      inHooks.push(request.body === null ? '' : await request.clone().text(), JSON.stringify(options))
    }
    const client = new PinClient({
      baseUrl: 'https://pin.test',
      accessToken: 'tok_1',
      fetch: async (input, init) => {
        sent.push(await new Request(input, init).text())
        return new Response(JSON.stringify({ status_code: 200, message: 'PIN changed', data: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      },
      hooks: { beforeRequest: [look], afterResponse: [look] },
    })
    await client.pin.change({ currentPin: '135790', newPin: '246802' })
    expect(sent).toEqual([JSON.stringify({ current_pin: '135790', new_pin: '246802' })])
    expect(inHooks).toHaveLength(4)
    for (const seen of inHooks) expect(seen).not.toMatch(/135790|246802/)
  })

  it('the injected fetch gets the request as the hooks left it and the body as init.body', async () => {
    const calls: Array<{ input: unknown; init: RequestInit | undefined }> = []
    const client = new PinClient({
      baseUrl: 'https://pin.test',
      accessToken: 'tok_1',
      fetch: async (input, init) => {
        calls.push({ input, init })
        return new Response(JSON.stringify({ status_code: 200, message: 'PIN set', data: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      },
    })
    await client.pin.set({ pin: '135790' })
    expect(calls).toHaveLength(1)
    const { input, init } = calls[0]!
    expect(input).toBeInstanceOf(Request)
    expect((input as Request).body).toBeNull()
    expect((input as Request).headers.get('Authorization')).toBe('Bearer tok_1')
    expect(init).toEqual({ body: JSON.stringify({ pin: '135790' }) })
    // What a platform fetch makes of the two: the request with that body.
    expect(await new Request(input as Request, init).text()).toBe('{"pin":"135790"}')
  })

  it.each([
    [
      { init: [() => {}] },
      'hooks.init is not supported (only beforeRequest, afterResponse, beforeRetry, beforeError), got an array',
    ],
    [{ beforeRequest: () => {} }, 'hooks.beforeRequest must be an array of functions, got a function'],
    [{ afterResponse: ['log'] }, 'hooks.afterResponse must be an array of functions, got an array'],
    ['trace', 'hooks must be an object of hook arrays, got "trace"'],
  ])('hooks %j are refused when the client is made: %s', async (hooks, message) => {
    const s = await setup()
    expect(() => s.client.withOptions({ hooks: hooks as never })).toThrow(message)
    expect(() => new PinClient({ baseUrl: 'https://pin.test', accessToken: 't', hooks: hooks as never })).toThrow(
      message,
    )
  })
})

describe('no ky error class reaches the caller', () => {
  it(
    "a refusal, no answer, and a timeout are SDK errors whose cause is ky's " +
      'HTTPError, NetworkError and TimeoutError',
    async () => {
      const s = await setup({
        client: { maxRetries: 0, timeout: 20 },
        mock: { sleep: () => new Promise<void>(() => {}) },
      })
      s.mock.faults.add({ route: ROUTES.listStores, kind: 'error', status: 500, times: 1 })
      s.mock.faults.add({ route: ROUTES.balance, kind: 'network', times: 1 })
      s.mock.faults.add({ route: ROUTES.createOrder, kind: 'latency', delayMs: 60_000, times: 1 })
      const refused = await failure(() => s.client.stores.list())
      const unanswered = await failure(() => s.client.balance.retrieve())
      const late = await failure(() =>
        s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' }),
      )
      for (const error of [refused, unanswered, late]) {
        expect(error).toBeInstanceOf(GatewayError)
        expect(isKyError(error)).toBe(false)
      }
      expect(refused).toBeInstanceOf(ServerError)
      expect(isHTTPError(refused.cause)).toBe(true)
      expect(unanswered).toBeInstanceOf(ConnectionError)
      expect(isNetworkError(unanswered.cause)).toBe(true)
      expect(late).toBeInstanceOf(RequestTimeoutError)
      expect(isTimeoutError(late.cause)).toBe(true)
    },
  )

  it('a merchant hook that throws ends the call with a GatewayError carrying what it threw', async () => {
    const thrown = new Error('tracer not started')
    const s = await setup({
      client: {
        hooks: {
          beforeRequest: [
            () => {
              throw thrown
            },
          ],
        },
      },
    })
    const error = await failure(() => s.client.stores.list())
    expect(error).toBeInstanceOf(GatewayError)
    expect(error.message).toBe('The call failed: tracer not started')
    expect(error.cause).toBe(thrown)
    expect(s.spy.calls).toHaveLength(0)
  })
})

describe("the waits between attempts are ky's (fake timers)", () => {
  /** Lets everything that is due now run (promises, 0 ms timers), without moving the fake clock. */
  async function settle(): Promise<void> {
    for (let i = 0; i < 50; i++) await vi.advanceTimersByTimeAsync(0)
  }

  /** The number of attempts just before and just at `ms` from now. */
  async function attemptsAround(calls: () => number, ms: number): Promise<[number, number]> {
    await vi.advanceTimersByTimeAsync(ms - 1)
    await settle()
    const before = calls()
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    return [before, calls()]
  }

  it(
    'backoff with full jitter: with Math.random at 0.5 the first retry ' +
      'waits half of retryBaseDelay, the second half of twice it',
    async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      vi.spyOn(Math, 'random').mockReturnValue(0.5)
      const s = await setup({ client: { retryBaseDelay: 400, retryMaxDelay: 10_000, maxRetries: 2 } })
      s.mock.faults.add({ route: ROUTES.balance, kind: 'error', status: 500, times: 2 })
      const pending = s.client.balance.retrieve()
      await settle()
      expect(s.spy.calls).toHaveLength(1)
      expect(await attemptsAround(() => s.spy.calls.length, 200)).toEqual([1, 2])
      expect(await attemptsAround(() => s.spy.calls.length, 400)).toEqual([2, 3])
      expect((await pending).meta.attempts).toBe(3)
    },
  )

  it('Retry-After on a 429 sets the wait exactly (no jitter), however small the backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const s = await setup({
      client: {
        retryBaseDelay: 1,
        intercept: async (request, next) => {
          const response = await next(request)
          if (response.status !== 429) return response
          const headers = new Headers(response.headers)
          headers.set('Retry-After', '2')
          return new Response(await response.text(), { status: 429, headers })
        },
      },
    })
    s.mock.faults.add({ route: ROUTES.createOrder, kind: 'error', status: 429, times: 1 })
    const pending = s.client.orders.create({ storeId: s.merchant.storeId, amount: 1, currency: 'USD' })
    await settle()
    expect(s.spy.calls).toHaveLength(1)
    expect(await attemptsAround(() => s.spy.calls.length, 2_000)).toEqual([1, 2])
    expect((await pending).meta.attempts).toBe(2)
  })
})

describe('User-Agent and VERSION', () => {
  it('VERSION is the version in package.json, from both entry points', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(VERSION).toBe(pkg.version)
    expect(PIN_VERSION).toBe(VERSION)
  })

  it('on Node every request of both clients carries merchant-gateway-sdk/<version> node/<version>', async () => {
    const expected = `merchant-gateway-sdk/${VERSION} node/${process.versions.node}`
    const s = await setup({ balances: { usd: 0 } })
    const { orderId } = await paidOrder(s.mock, s.merchant, 5)
    s.mock.faults.add({ route: ROUTES.refund, kind: 'network', times: 1 })
    await s.client.stores.list()
    await s.client.refunds.create({ orderId, amount: 1 })
    expect(s.spy.requests().map((r) => r.headers.get('User-Agent'))).toEqual([expected, expected, expected])

    const agents: Array<string | null> = []
    const pin = new PinClient({
      baseUrl: 'https://pin.test',
      accessToken: 't',
      fetch: async (input, init) => {
        agents.push(new Request(input, init).headers.get('User-Agent'))
        return new Response(JSON.stringify({ status_code: 200, message: 'ok', data: null }), {
          headers: { 'Content-Type': 'application/json' },
        })
      },
    })
    await pin.pin.verify({ pin: '123456' })
    expect(agents).toEqual([expected])
  })

  it("a merchant's own User-Agent header replaces the SDK's, whatever its case", async () => {
    const s = await setup({ client: { headers: { 'user-agent': 'riverside-pos/3.2' } } })
    await s.client.stores.list()
    await s.client.balance.retrieve({ headers: { 'USER-AGENT': 'riverside-pos/3.2 nightly' } })
    expect(s.spy.requests().map((r) => r.headers.get('User-Agent'))).toEqual([
      'riverside-pos/3.2',
      'riverside-pos/3.2 nightly',
    ])
  })
})
