/**
 * @module harness
 * Test harness for the mock's HTTP-level suites: a mock with a frozen clock, a merchant with a store,
 * and a raw client that speaks the wire protocol by hand (no SDK: the mock must not depend on it).
 */
import { GATEWAY_PATHS, HEADERS } from '@merchant-gateway/contract'
import { expect } from 'vitest'
import { signer } from '@merchant-gateway/contract/crypto'
import { createMockGateway, type MerchantCredentials, type MockGateway, type MockGatewayOptions } from '../src/index.js'

/** A Monday 09:00 UTC, well after both releases' enforcement dates. */
export const MONDAY = '2026-11-02T09:00:00.000Z'

export interface Merchant extends MerchantCredentials {
  storeId: number
}

/** A mock with a frozen clock at {@link MONDAY}. */
export function newMock(options: MockGatewayOptions = {}): MockGateway {
  return createMockGateway({ clock: { now: MONDAY, frozen: true }, ...options })
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

// biome-ignore lint/suspicious/noExplicitAny: a test reads the answer field by field; its assertions check the shape
export interface Reply<T = any> {
  status: number
  body: T
  headers: Headers
}

/** Sends a standard-auth request with a JSON body (or a raw string body as given). */
export async function call(
  mock: MockGateway,
  path: string,
  options: {
    apiKey?: string | null
    body?: unknown
    rawBody?: string
    method?: string
    headers?: Record<string, string>
    query?: string
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers }
  if (options.apiKey) headers[HEADERS.apiKey] = options.apiKey
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const res = await mock.fetch(`${mock.baseUrl}${path}${options.query ?? ''}`, {
    method: options.method ?? 'POST',
    headers,
    body,
  })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** Sends a signed request (refund, payout) over the exact bytes of `rawBody` or `JSON.stringify(body)`. */
export async function signedCall(
  mock: MockGateway,
  merchant: MerchantCredentials,
  path: string,
  body: unknown,
  options: {
    key?: string | null
    timestamp?: string
    rawBody?: string
    secret?: string
    headers?: Record<string, string>
    tamper?: (raw: string) => string
  } = {},
): Promise<Reply> {
  const raw = options.rawBody ?? JSON.stringify(body)
  const timestamp = options.timestamp ?? String(Math.floor(Date.parse(mock.clock.now()) / 1000))
  const signature = await signer.signRequest({ secret: options.secret ?? merchant.apiSecret, body: raw, timestamp })
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [HEADERS.apiKey]: merchant.apiKey,
    [HEADERS.timestamp]: timestamp,
    [HEADERS.signature]: signature,
    ...options.headers,
  }
  if (options.key !== null) headers[HEADERS.idempotentKey] = options.key ?? crypto.randomUUID()
  const sent = options.tamper ? options.tamper(raw) : raw
  const res = await mock.fetch(`${mock.baseUrl}${path}`, { method: 'POST', headers, body: sent })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/**
 * Sends a refund or payout in the earlier form (before release 1.4.0): X-App-Id, X-Api-Key and X-Timestamp,
 * no signature, a snake_case body. `key: null` sends no X-Idempotent-Key; a header given as null is removed.
 */
export async function earlierCall(
  mock: MockGateway,
  merchant: MerchantCredentials,
  path: string,
  body: unknown,
  options: { key?: string | null; headers?: Record<string, string | null> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [HEADERS.appId]: String(merchant.appId),
    [HEADERS.apiKey]: merchant.apiKey,
    [HEADERS.timestamp]: String(Math.floor(Date.parse(mock.clock.now()) / 1000)),
  }
  if (options.key !== null) headers[HEADERS.idempotentKey] = options.key ?? crypto.randomUUID()
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name]
    else headers[name] = value
  }
  const res = await mock.fetch(`${mock.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** Creates an order through the API and returns its numeric id. */
export async function createOrder(
  mock: MockGateway,
  merchant: Merchant,
  amount = 25,
  currency: 'USD' | 'KHR' = 'USD',
): Promise<number> {
  const reply = await call(mock, GATEWAY_PATHS.createOrder, {
    apiKey: merchant.apiKey,
    body: { storeId: merchant.storeId, amount, currency },
  })
  if (reply.status !== 200) throw new Error(`create order failed: ${JSON.stringify(reply.body)}`)
  return Number(reply.body.order_id)
}

/** Creates an order and has the customer pay it (SUCCESS); returns the order and payment ids. */
export async function paidOrder(
  mock: MockGateway,
  merchant: Merchant,
  amount = 25,
  currency: 'USD' | 'KHR' = 'USD',
): Promise<{ orderId: number; transactionId: number }> {
  const orderId = await createOrder(mock, merchant, amount, currency)
  const payment = await mock.payments.create({ orderId, status: 'SUCCESS' })
  return { orderId, transactionId: payment.transactionId }
}

/** Refund through the API. */
export function refund(
  mock: MockGateway,
  merchant: Merchant,
  orderId: number,
  refundAmount: number,
  key?: string,
): Promise<Reply> {
  return signedCall(
    mock,
    merchant,
    GATEWAY_PATHS.refundOrder,
    { orderId, refundAmount },
    key === undefined ? {} : { key },
  )
}

/** Payout through the API. */
export function payout(
  mock: MockGateway,
  merchant: Merchant,
  body: { accountNumber: string; amount: number; currency: string },
  key?: string,
): Promise<Reply> {
  return signedCall(mock, merchant, GATEWAY_PATHS.payout, body, key === undefined ? {} : { key })
}

/** Balance figures of the merchant through the API. */
export async function balance(mock: MockGateway, merchant: Merchant): Promise<{ usd: Figures; khr: Figures }> {
  const reply = await call(mock, GATEWAY_PATHS.balanceInquiry, { apiKey: merchant.apiKey })
  return reply.body.data
}

export interface Figures {
  balance: number
  freeze: number
  usable: number
}

/** Advances the mock clock by whole days. */
export function days(n: number): number {
  return n * 86_400_000
}

/** What a wrongly accepted request could have changed, for {@link expectNoStateChange}. */
export interface StateProbe {
  mock: MockGateway
  m: Merchant
  /** Orders whose state must not move. */
  watchedOrders: number[]
  /** The last order id and transaction id used so far. */
  lastOrderId: number
  lastTransactionId: number
}

/** A snapshot of everything {@link expectNoStateChange} compares. */
export async function snapshotState(p: StateProbe) {
  return {
    balance: await balance(p.mock, p.m),
    orders: p.watchedOrders.map((id) => p.mock.orders.get(id)),
    nextOrder: p.mock.orders.get(p.lastOrderId + 1),
    nextTransaction: p.mock.transactions.get(p.lastTransactionId + 1),
    webhooks: p.mock.webhooks.list().length,
    audit: p.mock.audit(),
  }
}

/**
 * The state equals `before`, the books balance, no order or transaction was added, and no id of either
 * sequence was used up (the next order and payment take the very next ids).
 */
export async function expectNoStateChange(
  p: StateProbe,
  before: Awaited<ReturnType<typeof snapshotState>>,
): Promise<void> {
  const after = await snapshotState(p)
  expect(after).toEqual(before)
  expect(after.nextOrder).toBeUndefined()
  expect(after.nextTransaction).toBeUndefined()
  expect(after.audit).toEqual([])
  const next = await createOrder(p.mock, p.m, 1)
  expect(next).toBe(p.lastOrderId + 1)
  expect((await p.mock.payments.create({ orderId: next, status: 'SUCCESS' })).transactionId).toBe(
    p.lastTransactionId + 1,
  )
}
