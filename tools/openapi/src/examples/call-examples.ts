/**
 * @module openapi-tools/examples/call-examples
 * The success example of an operation the example story does not cover, recorded from the SDK's call of it
 * (the `call` beside its prose in gateway/operations.ts): on a mock of its own, at the examples' instant, the
 * call is made through the SDK and its request and the mock's answer are kept. So a new operation gets an
 * example (a request and its 200) without a story step; the story's hand-picked ones (refusals among them)
 * stay for the operations it covers.
 */
import {
  GATEWAY_OPERATIONS,
  type GatewayOperation,
  type OperationId,
  PIN_OPERATIONS,
  type PinOperation,
} from '@merchant-gateway/contract'
import { createMockGateway, type MockGateway } from '@merchant-gateway/mock'
import { GatewayClient } from '@merchant-gateway/sdk'
import { PinClient } from '@merchant-gateway/sdk/pin'
import type { OperationExamples } from '../gateway/examples.js'
import { type ExampleDay, GATEWAY_CALLS, PIN_CALLS, type PinDay } from '../gateway/operations.js'

/** One exchange the SDK made: the request's path, query and body, and the answer. */
interface Exchange {
  path: string
  query: Record<string, string>
  body: unknown
  status: number
  answer: unknown
}

/** A fetch that answers through the mock and keeps every exchange. */
function recording(mock: MockGateway): { fetch: typeof fetch; exchanges: Exchange[] } {
  const exchanges: Exchange[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const text = await request.clone().text()
    const response = await mock.fetch(request)
    const answer = await response.clone().text()
    exchanges.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text === '' ? undefined : JSON.parse(text),
      status: response.status,
      answer: answer === '' ? undefined : JSON.parse(answer),
    })
    return response
  }
  return { fetch, exchanges }
}

/** A mock at `now` with a merchant, a store, a payout account, and an order of the store paid. */
async function gatewayDay(
  now: string,
): Promise<{ mock: MockGateway; gateway: GatewayClient; day: ExampleDay; exchanges: Exchange[] }> {
  const mock = createMockGateway({ clock: { now, frozen: true } })
  const merchant = await mock.merchants.create({ balances: { usd: 100 } })
  const { storeId } = await mock.stores.add(merchant.merchantId, { storeName: 'Riverside', address: '1 Main St' })
  await mock.accounts.add(merchant.merchantId, { accountNumber: '100200300', accountName: 'Owner' })
  const { fetch, exchanges } = recording(mock)
  const clock = () => Date.parse(mock.clock.now())
  const { apiKey, apiSecret } = merchant
  const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch, now: clock, maxRetries: 0 })
  const order = await gateway.orders.create({ storeId, amount: 10, currency: 'USD' })
  const payment = await mock.payments.create({ orderId: order.order_id, status: 'SUCCESS' })
  exchanges.length = 0
  return { mock, gateway, day: { storeId, orderId: payment.orderId, transactionId: payment.transactionId }, exchanges }
}

/** The examples of one call: the last request it made to the operation's path, and the 200 it got. */
function examplesOf(id: OperationId, path: string, method: 'GET' | 'POST', exchanges: Exchange[]): OperationExamples {
  const exchange = exchanges.filter((e) => e.path === path).at(-1)
  if (exchange?.status !== 200)
    throw new Error(`[openapi] the SDK's call of ${id} made no request to ${path} answered 200`)
  const summary = "The SDK's call"
  return {
    ...(exchange.body === undefined ? {} : { request: { sdk: { summary, value: exchange.body } } }),
    ...(method === 'GET' ? { query: exchange.query } : {}),
    responses: { 200: { sdk: { summary: 'The answer', value: exchange.answer } } },
  }
}

/**
 * Success examples of the given operations, each recorded from the SDK's call of it on a mock of its own at
 * `now` (gateway operations on a day with a paid order; PIN operations after the calls that come before them
 * in the table's order, for a user with a verified e-mail).
 *
 * @example
 * ```ts
 * const { orderDetail } = await collectCallExamples(['orderDetail'], EXAMPLE_NOW)
 * ```
 */
export async function collectCallExamples(
  ids: readonly OperationId[],
  now: string,
): Promise<Partial<Record<OperationId, OperationExamples>>> {
  const examples: Partial<Record<OperationId, OperationExamples>> = {}
  for (const id of ids) {
    if (id in GATEWAY_OPERATIONS) {
      const op = GATEWAY_OPERATIONS[id as GatewayOperation]
      const { gateway, day, exchanges } = await gatewayDay(now)
      await GATEWAY_CALLS[id as GatewayOperation](gateway, day)
      examples[id] = examplesOf(id, op.path, op.methods[0]!, exchanges)
    } else examples[id] = await pinExamples(id as PinOperation, now)
  }
  return examples
}

/** A PIN operation's example: the calls before it in the table's order, then its own, recorded. */
async function pinExamples(id: PinOperation, now: string): Promise<OperationExamples> {
  const mock = createMockGateway({ clock: { now, frozen: true }, pinHashIterations: 1000 })
  const user = await mock.users.create({ email: 'user@example.com', emailVerified: true })
  const { fetch, exchanges } = recording(mock)
  const client = new PinClient({ baseUrl: mock.baseUrl, accessToken: user.accessToken, fetch })
  const state: PinDay = { sessionId: '', code: '' }
  for (const [each, call] of Object.entries(PIN_CALLS) as Array<[PinOperation, (typeof PIN_CALLS)[PinOperation]]>) {
    if (each === id) exchanges.length = 0
    const result = (await call(client, state)) as { sessionId?: unknown }
    if (each === id) break
    if (typeof result.sessionId === 'string') state.sessionId = result.sessionId
    const sent = mock.otp.list().at(-1)
    if (sent !== undefined) state.code = sent.code
  }
  return examplesOf(id, PIN_OPERATIONS[id].path, 'POST', exchanges)
}
