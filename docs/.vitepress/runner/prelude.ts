/**
 * @module docs/runner/prelude
 * What the guides' examples take for granted, in one place for the two places that run them: the doc-test
 * in Node (test/guides/prelude.ts installs it as globals and environment variables) and the docs site's
 * runner in the reader's browser (runner.ts passes it to the example's code). The same names, values and
 * routing, so what a reader runs on the page is what the doc-test ran.
 *
 * The page's mock is the mock as `merchant-gateway-mock serve` runs it (the demo merchant, the real clock),
 * and does nothing more for an example: an example that refunds an order pays it first, in its own code,
 * through the control API (`POST /__mock/payments`), as its reader must against the server. The doc-test
 * runs every example both ways, in this in-page mock and against a `serve` child process, and requires
 * the same output.
 *
 * - A guide's example gets that mock behind every `https://*.example.com` address, its control API under
 *   `/__mock` there too ({@link createGuideGateway}), with the one-time code {@link OTP} accepted (the
 *   server's `--otp-dev-code`) and a signed-in user with a verified e-mail address, whose token the
 *   example's `auth` gives. It gets the environment variables of {@link guideEnv} and the names of
 *   {@link preludeGlobals} (a merchant's `apiKey`, an `auth` service, a `tracer`, an Express `app`...).
 * - A self-contained guide's example (the SDK's README) gets what its reader has: the mock at
 *   {@link SERVER_BASE_URL} ({@link createServerStandIn}) and the three variables of {@link selfContainedEnv}.
 *
 * Nothing here reaches Node's modules: this file is bundled into the page.
 */
import { GATEWAY_PATHS, STATUS_NAMES } from '@merchant-gateway/contract'
import {
  createControlHandler,
  createMockGateway,
  isControlPath,
  type MockGateway,
  type MockGatewayOptions,
} from '@merchant-gateway/mock'
import { GatewayClient } from '@merchant-gateway/sdk'
// The demo merchant's file itself: the mock exports it from `./server` only, whose `node:http` a page
// cannot load, and this file holds nothing but the seed's data.
import { DEMO_MERCHANT } from '../../../packages/mock/src/cli/demo-merchant.js'

/**
 * The one-time code the reset examples type: the mock's `otpDevCode`, the server's `--otp-dev-code`.
 *
 * @example
 * ```ts
 * createMockGateway({ seed: [DEMO_MERCHANT], otpDevCode: OTP })
 * ```
 */
export const OTP = '482913'

/**
 * The signed-in user the PIN examples act as (`auth.currentToken()` is its token): the control API's
 * `POST /__mock/users` body that makes it.
 *
 * @example
 * ```ts
 * const { accessToken } = await mock.users.create(PIN_USER)
 * ```
 */
export const PIN_USER = { email: 'dara@example.com', emailVerified: true } as const

/**
 * Where the self-contained examples' mock answers: the address the SDK's README has its reader export,
 * `npx merchant-gateway-mock serve`'s default.
 *
 * @example
 * ```ts
 * selfContainedEnv(SERVER_BASE_URL).GATEWAY_BASE_URL // 'http://127.0.0.1:4010'
 * ```
 */
export const SERVER_BASE_URL = 'http://127.0.0.1:4010'

/**
 * Where a mock made without `baseUrl` answers (`.mock` is not a domain of the internet).
 *
 * @example
 * ```ts
 * new URL(createMockGateway().baseUrl).origin === MOCK_ORIGIN // true
 * ```
 */
export const MOCK_ORIGIN = 'https://gateway.mock'

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
 * Creates an order of 12.50 USD at the demo store of the gateway at `baseUrl` and pays it through the control
 * API, as its customer would, over `fetch` (the page's, or the platform's against a server): the mock builds
 * the payment's webhook, signed with the demo merchant's API secret. Returns the order's id.
 *
 * @example
 * ```ts
 * const orderId = await payAnOrder('http://127.0.0.1:4010', fetch)
 * ```
 */
export async function payAnOrder(baseUrl: string, fetch: typeof globalThis.fetch): Promise<number> {
  const response = await fetch(`${baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': DEMO_MERCHANT.apiKey },
    body: JSON.stringify({ storeId: 101, amount: 12.5, currency: 'USD' }),
  })
  const orderId = Number(((await response.json()) as { order_id: string }).order_id)
  const paid = await fetch(`${baseUrl}/__mock/payments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderId, status: 'SUCCESS' }),
  })
  if (paid.status !== 201) throw new Error(`the payment of order ${orderId} answered ${paid.status}`)
  return orderId
}

/**
 * A fetch-style function that answers one mock as its HTTP server does: its control API (`/__mock/...`) and
 * its gateway. `request` must already be addressed to the mock's `baseUrl`.
 */
function serveLikeTheServer(mock: MockGateway): (request: Request) => Promise<Response> {
  const control = createControlHandler(mock, { httpServer: true })
  return async (request) => {
    const response = await (isControlPath(new URL(request.url).pathname) ? control(request) : mock.fetch(request))
    // The server's answers carry the reason phrase (Node writes it), which the SDK's error messages show
    // (`status code 404 Not Found`): an in-page answer of an error status gets it too.
    const reason = STATUS_NAMES[response.status]
    if (response.statusText !== '' || reason === undefined) return response
    return new Response(response.body, { status: response.status, statusText: reason, headers: response.headers })
  }
}

/**
 * The gateway of the guides' examples: the mock, a `fetch` that serves it behind `*.example.com`, and what
 * the setup made in it.
 *
 * @example
 * ```ts
 * const { mock, fetch, accessToken } = await createGuideGateway({ servedIn: 'this page' })
 * ```
 */
export interface GuideGateway {
  mock: MockGateway
  /** Answers `https://*.example.com/...` from the mock (`/__mock/...`: its control API), refuses other addresses. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>
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
 * Creates the guides' gateway (see the module's comment): the mock as `merchant-gateway-mock serve
 * --otp-dev-code 482913` runs it (the demo merchant, the real clock, so that the SDK's signatures with
 * `Date.now` are fresh), and the PIN user {@link PIN_USER}. An order is paid only when an example pays it.
 *
 * @example
 * ```ts
 * const gateway = await createGuideGateway({ servedIn: 'this page' })
 * await gateway.fetch('https://pay.example.com/api/v1/payment-gateway/stores/list', { method: 'POST', headers })
 * ```
 */
export async function createGuideGateway(options: GuideGatewayOptions): Promise<GuideGateway> {
  const mock = createMockGateway({ ...options.mock, seed: [DEMO_MERCHANT], otpDevCode: OTP })
  const user = await mock.users.create(PIN_USER)
  const origin = new URL(mock.baseUrl).origin
  const serve = serveLikeTheServer(mock)
  const calls: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.origin === MOCK_ORIGIN && options.atMockOrigin) return options.atMockOrigin(request)
    if (!url.hostname.endsWith('example.com')) {
      throw new TypeError(`a guide example called ${url.href}: only *.example.com is served in ${options.servedIn}`)
    }
    calls.push(`${request.method} ${url.pathname}`)
    return serve(new Request(`${origin}${url.pathname}${url.search}`, request))
  }
  return { mock, fetch, accessToken: user.accessToken, calls }
}

/**
 * The mock a self-contained example runs against in the page: as `npx merchant-gateway-mock serve` runs it
 * at {@link SERVER_BASE_URL} (the demo merchant, the control API under `/__mock`), answered by `fetch`, which
 * refuses any other address as an unreachable one.
 *
 * @example
 * ```ts
 * const { mock, fetch } = createServerStandIn()
 * await fetch(new Request(`${SERVER_BASE_URL}/__mock/clock`))
 * ```
 */
export function createServerStandIn(options: MockGatewayOptions = {}): {
  mock: MockGateway
  fetch: (request: Request) => Promise<Response>
} {
  const mock = createMockGateway({ ...options, seed: [DEMO_MERCHANT], baseUrl: SERVER_BASE_URL })
  const serve = serveLikeTheServer(mock)
  return {
    mock,
    fetch: async (request) => {
      const url = new URL(request.url)
      if (url.origin !== SERVER_BASE_URL) {
        throw new TypeError('fetch failed', {
          cause: new Error(`this page answers only the mock at ${SERVER_BASE_URL}, not ${url.origin}`),
        })
      }
      return serve(request)
    },
  }
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
export function preludeGlobals(gateway: { accessToken: string }): Record<string, unknown> {
  const { accessToken } = gateway
  const noop = () => undefined
  return {
    GatewayClient,
    apiKey: DEMO_MERCHANT.apiKey,
    apiSecret: DEMO_MERCHANT.apiSecret,
    secret: DEMO_MERCHANT.apiSecret,
    baseUrl: GUIDE_BASE_URL,
    input: '012345',
    rawBody: '{"orderId":1024,"refundAmount":5}',
    res: new Response(
      JSON.stringify({
        order_id: '1024',
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
