/**
 * @module test/guides/prelude
 * What a guide's example runs against in the doc-test.
 *
 * A self-contained guide's example (see `SELF_CONTAINED_GUIDES` in blocks.ts) gets what its reader has, and
 * nothing more: {@link installServer} starts the mock as a real HTTP server, as `npx merchant-gateway-mock
 * serve` does (the demo merchant: API key `mk_test_demo`, store 101; the real clock, running), on a free
 * port of 127.0.0.1, and sets the three environment variables the reader exports (`GATEWAY_BASE_URL`, its
 * address, `GATEWAY_API_KEY`, `GATEWAY_API_SECRET`). No fetch is intercepted and no order is paid for the
 * example: one that refunds an order pays it first, through the control API, as its reader must.
 *
 * The other guides' examples take more for granted, in two layers:
 *
 * - {@link installGateway}: a gateway behind every `https://*.example.com` address and the environment
 *   variables an example may read (`GATEWAY_API_KEY`, ...). The gateway is the mock, seeded with the CLI's
 *   demo merchant, on the real clock, so that the SDK's signatures with `Date.now` are fresh. An order an
 *   example creates is paid at once, as if the customer scanned the QR code right away, so that the
 *   example's refund goes through.
 * - {@link installPrelude}: the gateway, plus the names the guides' examples use without defining them (a
 *   merchant's `apiKey`, an `auth` service, a `tracer`, an Express `app`...) as globals.
 *
 * The names are declared for the type check in `prelude.d.ts`; a name added here goes there too.
 */
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { DEMO_MERCHANT, startMockServer } from '@merchant-gateway/mock/server'
import { GatewayClient } from '@merchant-gateway/sdk'

/** The user the PIN examples act as, with the contact the reset examples use. */
const EMAIL = 'dara@example.com'
/** The one-time code the reset examples type. */
const OTP = '482913'
/** Where a mock made without `baseUrl` answers (`.mock` is not a domain of the internet). */
const MOCK_ORIGIN = 'https://gateway.mock'

/**
 * What an example runs against; `restore` puts the globals and the environment back as they were (and
 * closes the server of {@link installServer}).
 */
export interface Installed {
  mock: MockGateway
  restore: () => Promise<void>
}

/** Sets the variables of `env` in `process.env`; returns what puts the previous values back. */
function setEnv(env: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

/**
 * Creates an order of 12.50 USD at the demo store and pays it, as its customer would: the mock builds the
 * payment's webhook, signed with the demo merchant's API secret. Returns the order's id.
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
 * The mock as its reader runs it, for an example of a self-contained guide: a real HTTP server (see the
 * module's comment) and the three environment variables; nothing else. `restore` closes the server.
 */
export async function installServer(): Promise<Installed & { url: string }> {
  const server = await startMockServer({ seed: [DEMO_MERCHANT], port: 0, host: '127.0.0.1' })
  const restoreEnv = setEnv({
    GATEWAY_BASE_URL: server.url,
    GATEWAY_API_KEY: DEMO_MERCHANT.apiKey,
    GATEWAY_API_SECRET: DEMO_MERCHANT.apiSecret,
  })
  const realFetch = globalThis.fetch
  const restore = async () => {
    // Not an interception: an example may replace fetch itself (msw's setupServer does, until its close()).
    if (globalThis.fetch !== realFetch) globalThis.fetch = realFetch
    restoreEnv()
    await server.close()
  }
  return { mock: server.mock, restore, url: server.url }
}

/** Sets each global of `values` (a data property); returns what puts the previous ones back. */
function defineGlobals(values: Record<string, unknown>): () => void {
  const previous = new Map(Object.keys(values).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]))
  for (const [name, value] of Object.entries(values))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
  return () => {
    for (const [name, descriptor] of previous) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
    }
  }
}

/** {@link installGateway}'s mock, with what the names of {@link installPrelude} are made of. */
interface InstalledGateway extends Installed {
  /** The order the setup paid. */
  orderId: number
  /** The PIN user's token. */
  accessToken: string
  /** `METHOD /path` of each request an example sent to `*.example.com`. */
  calls: string[]
}

/**
 * The gateway behind `https://*.example.com` (the global `fetch` answers those addresses from the mock and
 * refuses any other) and the environment variables; no other global.
 */
export async function installGateway(): Promise<InstalledGateway> {
  const mock = createMockGateway({ seed: [DEMO_MERCHANT], otpDevCode: OTP })
  const user = await mock.users.create({ email: EMAIL, emailVerified: true })
  const origin = new URL(mock.baseUrl).origin
  const calls: string[] = []
  const realFetch = globalThis.fetch
  const fetchViaMock = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    // The mock's own default address, which no network serves: an example's msw `setupServer` (which
    // intercepts below the platform fetch) answers it, or the platform fetch fails to resolve it.
    if (url.origin === MOCK_ORIGIN) return realFetch(request)
    if (!url.hostname.endsWith('example.com'))
      throw new TypeError(`a guide example called ${url.href}: only *.example.com is served in the doc-test`)
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

  const restoreEnv = setEnv({
    GATEWAY_API_KEY: DEMO_MERCHANT.apiKey,
    GATEWAY_API_SECRET: DEMO_MERCHANT.apiSecret,
    GATEWAY_BASE_URL: 'https://pay.example.com',
    WEBHOOK_SECRET: DEMO_MERCHANT.apiSecret,
  })
  const restoreFetch = defineGlobals({ fetch: fetchViaMock })
  const restore = async () => {
    restoreFetch()
    // An example may replace fetch itself (msw's setupServer does, until its close()).
    if (globalThis.fetch !== realFetch) globalThis.fetch = realFetch
    restoreEnv()
  }
  return { mock, restore, calls, orderId, accessToken: user.accessToken }
}

/** The gateway of {@link installGateway}, and the names the guides' examples take for granted as globals. */
export async function installPrelude(): Promise<Installed> {
  const { mock, restore: restoreGateway, orderId, accessToken } = await installGateway()
  const noop = () => undefined
  const restoreNames = defineGlobals({
    GatewayClient,
    apiKey: DEMO_MERCHANT.apiKey,
    apiSecret: DEMO_MERCHANT.apiSecret,
    secret: DEMO_MERCHANT.apiSecret,
    baseUrl: 'https://pay.example.com',
    orderId,
    input: '012345',
    rawBody: '{"orderId":1024,"refundAmount":5}',
    res: new Response(
      JSON.stringify({
        order_id: String(orderId),
        qr_code: 'https://pay.example.com/qr/x.png',
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
  })
  const restore = async () => {
    restoreNames()
    await restoreGateway()
  }
  return { mock, restore }
}
