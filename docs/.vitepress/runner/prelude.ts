/**
 * @module docs/runner/prelude
 * What the guides' examples take for granted, in one place for the two places that run them: the doc-test
 * in Node (test/guides/prelude.ts installs it as globals and environment variables) and the docs site's
 * runner in the reader's browser (runner.ts passes it to the example's code). The same names, values and
 * routing, so what a reader runs on the page is what the doc-test ran.
 *
 * - A guide's example gets the mock, seeded with the CLI's demo merchant, behind every
 *   `https://*.example.com` address ({@link createGuideGateway}); an order it creates is paid at once, as if
 *   the customer scanned the QR code right away, so that its refund goes through. It gets the environment
 *   variables of {@link guideEnv} and the names of {@link preludeGlobals} (a merchant's `apiKey`, an `auth`
 *   service, a `tracer`, an Express `app`...).
 * - A self-contained guide's example (the SDK's README) gets what its reader has: the mock as
 *   `npx merchant-gateway-mock serve` runs it and the three variables of {@link selfContainedEnv}.
 *
 * Nothing here reaches Node's modules: this file is bundled into the page.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { createMockGateway, type MockGateway, type MockGatewayOptions } from '@merchant-gateway/mock'
import { GatewayClient } from '@merchant-gateway/sdk'
// The demo merchant's file itself: the mock exports it from `./server` only, whose `node:http` a page
// cannot load, and this file holds nothing but the seed's data.
import { DEMO_MERCHANT } from '../../../packages/mock/src/cli/demo-merchant.js'

export { DEMO_MERCHANT }

/**
 * The user the PIN examples act as, with the contact the reset examples use.
 *
 * @example
 * ```ts
 * await mock.users.create({ email: EMAIL, emailVerified: true })
 * ```
 */
const EMAIL = 'dara@example.com'

/**
 * The one-time code the reset examples type (the mock's `otpDevCode`).
 *
 * @example
 * ```ts
 * createMockGateway({ seed: [DEMO_MERCHANT], otpDevCode: OTP })
 * ```
 */
const OTP = '482913'

/**
 * Where a mock made without `baseUrl` answers (`.mock` is not a domain of the internet).
 *
 * @example
 * ```ts
 * new URL(createMockGateway().baseUrl).origin === MOCK_ORIGIN // true
 * ```
 */
const MOCK_ORIGIN = 'https://gateway.mock'

/**
 * The gateway's address in the guides' examples (`baseUrl`, `GATEWAY_BASE_URL`).
 *
 * @example
 * ```ts
 * new GatewayClient({ apiKey, baseUrl: GUIDE_BASE_URL })
 * ```
 */
const GUIDE_BASE_URL = 'https://pay.example.com'

/**
 * The environment variables a guide's example may read.
 *
 * @example
 * ```ts
 * guideEnv().GATEWAY_API_KEY // 'mk_test_demo'
 * ```
 */
export function guideEnv(): Record<string, string> {
  return {
    GATEWAY_API_KEY: DEMO_MERCHANT.apiKey,
    GATEWAY_API_SECRET: DEMO_MERCHANT.apiSecret,
    GATEWAY_BASE_URL: GUIDE_BASE_URL,
    WEBHOOK_SECRET: DEMO_MERCHANT.apiSecret,
  }
}

/**
 * The three environment variables a self-contained guide's reader exports ("Try the examples"), for the
 * mock at `baseUrl`.
 *
 * @example
 * ```ts
 * selfContainedEnv('http://127.0.0.1:4010').GATEWAY_BASE_URL // 'http://127.0.0.1:4010'
 * ```
 */
export function selfContainedEnv(baseUrl: string): Record<string, string> {
  return {
    GATEWAY_BASE_URL: baseUrl,
    GATEWAY_API_KEY: DEMO_MERCHANT.apiKey,
    GATEWAY_API_SECRET: DEMO_MERCHANT.apiSecret,
  }
}

/**
 * Creates an order of 12.50 USD at the demo store and pays it, as its customer would: the mock builds the
 * payment's webhook, signed with the demo merchant's API secret. Returns the order's id.
 *
 * @example
 * ```ts
 * const orderId = await payAnOrder(mock)
 * mock.webhooks.list().at(-1)?.payload.orderId === orderId // true
 * ```
 */
export async function payAnOrder(mock: MockGateway): Promise<number> {
  const response = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': DEMO_MERCHANT.apiKey },
    body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
  })
  const orderId = Number(((await response.json()) as { order_id: string }).order_id)
  await mock.payments.create({ orderId, status: 'SUCCESS' })
  return orderId
}

/**
 * The gateway of the guides' examples: the mock, a `fetch` that serves it behind `*.example.com`, and what
 * the setup made in it.
 *
 * @example
 * ```ts
 * const { mock, fetch, orderId } = await createGuideGateway({ servedIn: 'this page' })
 * ```
 */
export interface GuideGateway {
  mock: MockGateway
  /** Answers `https://*.example.com/...` from the mock, pays each order created, refuses other addresses. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>
  /** The order the setup paid. */
  orderId: number
  /** The PIN user's token. */
  accessToken: string
  /** `METHOD /path` of each request an example sent to `*.example.com`. */
  calls: string[]
}

/**
 * What {@link createGuideGateway} does with what it does not serve.
 *
 * @example
 * ```ts
 * const options: GuideGatewayOptions = { servedIn: 'the doc-test', atMockOrigin: (request) => fetch(request) }
 * ```
 */
export interface GuideGatewayOptions {
  /** Where the examples run, for the refusal's message: `the doc-test`, `this page`. */
  servedIn: string
  /**
   * A request to {@link MOCK_ORIGIN}, the address of a mock an example made itself: in Node an example's msw
   * `setupServer` answers it below the platform's fetch. Without this option it is refused.
   */
  atMockOrigin?: (request: Request) => Promise<Response>
  /** More options for the mock (the seed, clock and `otpDevCode` are the prelude's). */
  mock?: MockGatewayOptions
}

/**
 * Creates the guides' gateway (see the module's comment): the demo merchant, the PIN user with
 * {@link EMAIL}, one order paid ({@link payAnOrder}), the mock on the real clock so that the SDK's
 * signatures with `Date.now` are fresh.
 *
 * @example
 * ```ts
 * const gateway = await createGuideGateway({ servedIn: 'this page' })
 * await gateway.fetch('https://pay.example.com/api/v1/payment-gateway/stores/list', { method: 'POST', headers })
 * ```
 */
export async function createGuideGateway(options: GuideGatewayOptions): Promise<GuideGateway> {
  const mock = createMockGateway({ ...options.mock, seed: [DEMO_MERCHANT], otpDevCode: OTP })
  const user = await mock.users.create({ email: EMAIL, emailVerified: true })
  const origin = new URL(mock.baseUrl).origin
  const calls: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.origin === MOCK_ORIGIN && options.atMockOrigin) return options.atMockOrigin(request)
    if (!url.hostname.endsWith('example.com')) {
      throw new TypeError(`a guide example called ${url.href}: only *.example.com is served in ${options.servedIn}`)
    }
    calls.push(`${request.method} ${url.pathname}`)
    const response = await mock.fetch(new Request(`${origin}${url.pathname}${url.search}`, request))
    if (request.method === 'POST' && url.pathname === GATEWAY_PATHS.createOrder && response.ok) {
      const order = (await response.clone().json()) as { order_id?: string; data?: { order_id?: string } }
      const orderId = Number(order.order_id ?? order.data?.order_id)
      await mock.payments.create({ orderId, status: 'SUCCESS' })
    }
    return response
  }
  const orderId = await payAnOrder(mock)
  return { mock, fetch, orderId, accessToken: user.accessToken, calls }
}

/**
 * The names the guides' examples use without defining them, with their values (declared for the type check
 * in test/guides/prelude.d.ts: a name added here goes there too).
 *
 * @example
 * ```ts
 * const names = preludeGlobals(await createGuideGateway({ servedIn: 'this page' }))
 * names.apiKey // 'mk_test_demo'
 * ```
 */
export function preludeGlobals(gateway: { orderId: number; accessToken: string }): Record<string, unknown> {
  const { orderId, accessToken } = gateway
  const noop = () => undefined
  return {
    GatewayClient,
    apiKey: DEMO_MERCHANT.apiKey,
    apiSecret: DEMO_MERCHANT.apiSecret,
    secret: DEMO_MERCHANT.apiSecret,
    baseUrl: GUIDE_BASE_URL,
    orderId,
    input: '012345',
    rawBody: '{"orderId":1024,"refundAmount":5}',
    res: new Response(
      JSON.stringify({
        order_id: String(orderId),
        qr_code: `${GUIDE_BASE_URL}/qr/x.png`,
        status: 'pending',
        created_at: '2026-11-02T09:00:00.000Z',
      }),
    ),
    auth: { currentToken: () => accessToken, currentAccessToken: () => accessToken },
    tracer: { traceparent: () => '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    metrics: { count: noop },
    log: { info: noop, warn: noop },
    alerts: { notify: noop },
    showAttemptsLeft: noop,
    showUnlockTime: noop,
    showHint: noop,
    showCountdown: noop,
    markPaid: async () => undefined,
    onEvent: async () => undefined,
    app: { post: noop },
    express: { raw: () => noop },
  }
}
