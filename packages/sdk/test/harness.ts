/**
 * @module harness
 * Shared setup of the SDK suites: a mock gateway on a frozen clock, a merchant with a store and
 * balances, a fetch spy that records every attempt the SDK makes (request as sent, and the response
 * or error it got back), and a client factory wired to both.
 *
 * The spy sits between the SDK and the mock. An optional `intercept` sits after the spy, so a test can
 * change what reaches the mock (tamper a body, drop a header) or what comes back (add a field, break
 * the body) while the spy still shows what the SDK itself sent and received.
 */
import { createHmac } from 'node:crypto'
import {
  createMockGateway,
  type MerchantCredentials,
  type MockGateway,
  type MockGatewayOptions,
} from '@merchant-gateway/mock'
import { GATEWAY_PATHS } from '@merchant-gateway/contract'
import { expect } from 'vitest'
import { GatewayClient, type GatewayClientOptions } from '../src/index.js'

/** A Monday 09:00 UTC, after the enforcement dates of both releases. */
export const NOW = '2026-11-02T09:00:00.000Z'

/** A UUID v4 (version nibble 4, variant 8-b). */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** Fault routes, as the mock's fault registry spells them. */
export const ROUTES = {
  listStores: `POST ${GATEWAY_PATHS.listStores}`,
  balance: `POST ${GATEWAY_PATHS.balanceInquiry}`,
  createOrder: `POST ${GATEWAY_PATHS.createOrder}`,
  generateQr: `POST ${GATEWAY_PATHS.generateQr}`,
  transactionDetail: `GET ${GATEWAY_PATHS.transactionDetail}`,
  cancelOrder: `POST ${GATEWAY_PATHS.cancelOrder}`,
  refund: `POST ${GATEWAY_PATHS.refundOrder}`,
  payout: `POST ${GATEWAY_PATHS.payout}`,
} as const

/** Retry waits of a few ms at most, so retry tests never sleep for real. */
const FAST_RETRIES = { retryBaseDelay: 1, retryMaxDelay: 5 } as const

/** A mock with its clock frozen at {@link NOW}. */
export function newMock(options: MockGatewayOptions = {}): MockGateway {
  return createMockGateway({ clock: { now: NOW, frozen: true }, ...options })
}

/** A merchant's credentials and its one store. */
export interface Merchant extends MerchantCredentials {
  storeId: number
}

/** A merchant with one store and the given opening balances. */
export async function newMerchant(
  mock: MockGateway,
  balances: { usd?: number; khr?: number } = { usd: 1000, khr: 4_000_000 },
): Promise<Merchant> {
  const merchant = await mock.merchants.create({ balances })
  const store = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St, Phnom Penh' })
  return { ...merchant, storeId: store.storeId }
}

/** One attempt as the SDK made it: the request it sent, and the response or error it got. */
export interface Exchange {
  request: Request
  response?: Response
  error?: unknown
}

/** Changes what reaches the mock or what comes back from it. */
export type Intercept = (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>

/** A fetch that records every attempt. */
export interface FetchSpy {
  readonly fetch: typeof fetch
  readonly calls: Exchange[]
  /** The requests, in order. */
  requests(): Request[]
  /** The request body of attempt `i`, as text. */
  bodyText(i: number): Promise<string>
  /** A header of attempt `i`'s request. */
  header(i: number, name: string): string | null
}

/** Wraps `inner` (the mock's fetch) with a recorder and an optional intercept. */
export function spyFetch(inner: typeof fetch, intercept?: Intercept): FetchSpy {
  const calls: Exchange[] = []
  const next = (request: Request) => inner(request)
  const spy: typeof fetch = async (input, init) => {
    // `new Request(input, init)` takes the body of a Request input, so record a clone and send the copy.
    const request = new Request(input, init)
    const exchange: Exchange = { request: request.clone() }
    calls.push(exchange)
    try {
      const response = await (intercept ? intercept(request, next) : next(request))
      exchange.response = response.clone()
      return response
    } catch (error) {
      exchange.error = error
      throw error
    }
  }
  return {
    fetch: spy,
    calls,
    requests: () => calls.map((c) => c.request),
    bodyText: (i) => call(calls, i).request.clone().text(),
    header: (i, name) => call(calls, i).request.headers.get(name),
  }
}

function call(calls: Exchange[], i: number): Exchange {
  const exchange = calls[i]
  if (!exchange) throw new Error(`the spy saw ${calls.length} request(s), not ${i + 1}`)
  return exchange
}

/** Client options a test may set besides the harness's own, and an intercept after the spy. */
export type ClientSetup = Partial<GatewayClientOptions> & { intercept?: Intercept }

/** A client wired to `mock` for `merchant`, with its spy. */
export function newClient(
  mock: MockGateway,
  merchant: MerchantCredentials,
  setup: ClientSetup = {},
): { client: GatewayClient; spy: FetchSpy } {
  const { intercept, ...options } = setup
  const spy = spyFetch(mock.fetch, intercept)
  const client = new GatewayClient({
    apiKey: merchant.apiKey,
    apiSecret: merchant.apiSecret,
    baseUrl: mock.baseUrl,
    fetch: spy.fetch,
    now: () => Date.parse(mock.clock.now()),
    ...FAST_RETRIES,
    ...options,
  })
  return { client, spy }
}

/** A mock, a merchant with a store and balances, and a client with its spy. */
export interface Setup {
  mock: MockGateway
  merchant: Merchant
  client: GatewayClient
  spy: FetchSpy
}

/** Builds a {@link Setup}: mock options, the merchant's opening balances and the client's options. */
export async function setup(
  options: { mock?: MockGatewayOptions; balances?: { usd?: number; khr?: number }; client?: ClientSetup } = {},
): Promise<Setup> {
  const mock = newMock(options.mock)
  const merchant = await newMerchant(mock, options.balances)
  const { client, spy } = newClient(mock, merchant, options.client)
  return { mock, merchant, client, spy }
}

/** An order created through the mock's own wire (not the SDK) and paid by the customer. */
export async function paidOrder(
  mock: MockGateway,
  merchant: Merchant,
  amount = 20,
  currency: 'USD' | 'KHR' = 'USD',
): Promise<{ orderId: number; transactionId: number }> {
  const orderId = await rawCreateOrder(mock, merchant, amount, currency)
  const payment = await mock.payments.create({ orderId, status: 'SUCCESS' })
  return { orderId, transactionId: payment.transactionId }
}

/** Creates an order by hand on the wire, so SDK behaviour is not a precondition of the test. */
export async function rawCreateOrder(
  mock: MockGateway,
  merchant: Merchant,
  amount = 20,
  currency: 'USD' | 'KHR' = 'USD',
): Promise<number> {
  const res = await mock.fetch(`${mock.baseUrl}${GATEWAY_PATHS.createOrder}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': merchant.apiKey },
    body: JSON.stringify({ storeId: merchant.storeId, amount, currency }),
  })
  const body = (await res.json()) as { order_id?: string }
  if (res.status !== 200 || body.order_id === undefined)
    throw new Error(`create order failed: ${res.status} ${JSON.stringify(body)}`)
  return Number(body.order_id)
}

/** The error a call ends with; fails the test when the call succeeds. Sync throws count too. */
// biome-ignore lint/suspicious/noExplicitAny: the caught error is read field by field by each test's assertions
export async function failure(call: () => Promise<unknown>): Promise<any> {
  let result: unknown
  try {
    result = await call()
  } catch (error) {
    return error
  }
  expect.fail(`expected the call to fail, it returned ${JSON.stringify(result)}`)
}

/** The documented signature, computed independently of the SDK: hex HMAC-SHA256(secret, body + timestamp). */
export function expectedSignature(secret: string, body: string, timestamp: string): string {
  return createHmac('sha256', secret)
    .update(body + timestamp)
    .digest('hex')
}

/** A sleep the test releases by hand, and a promise that says a request reached it. */
export function gate() {
  let release!: () => void
  let reached!: () => void
  const released = new Promise<void>((r) => (release = r))
  const arrived = new Promise<void>((r) => (reached = r))
  return {
    sleep: (_ms: number) => {
      reached()
      return released
    },
    arrived,
    release,
  }
}

/** A JSON response as the mock would write it, with the given headers kept. */
export function jsonResponse(body: unknown, from: Response, status = from.status): Response {
  const headers = new Headers(from.headers)
  headers.set('Content-Type', 'application/json')
  return new Response(JSON.stringify(body), { status, headers })
}
