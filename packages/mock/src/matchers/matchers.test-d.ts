/**
 * @module matchers.test-d
 * The types of the request log's query by operation and of the matchers, checked by `npm run typecheck`
 * (never run): the operation's name is one of the table's, the expected body is a part of the operation's
 * request type (a misspelt field is an error), and the async form is a promise only for a mock over HTTP.
 */
import type { GATEWAY_OPERATIONS, OperationRequest, PIN_OPERATIONS } from '@merchant-gateway/contract'
import { expect, expectTypeOf } from 'vitest'
import { createMockGateway, type ReceivedRequest } from '../index.js'
import type { startMockServer } from '../server.js'
import type { RemoteMock } from '../matchers.js'
import '../vitest.js'

const mock = createMockGateway()

// The query by operation: the body is the operation's request type, in the form the request came in.
const [refund] = mock.requests.list({ operation: 'refundOrder' })
expectTypeOf(refund).toEqualTypeOf<ReceivedRequest<'refundOrder'> | undefined>()
if (refund?.form === 'current')
  expectTypeOf(refund.body).toEqualTypeOf<{ orderId: number; refundAmount: number } | null>()
// ...which is the operation table's request type of the refund: the form a test writes today.
expectTypeOf<
  Extract<ReceivedRequest<'refundOrder'>, { form: 'current' }>['body']
>().toEqualTypeOf<OperationRequest<'refundOrder'> | null>()
expectTypeOf(
  mock.requests.list({ operation: 'createOrder' })[0]!.body,
).toEqualTypeOf<OperationRequest<'createOrder'> | null>()
if (refund?.form === 'earlier') expectTypeOf(refund.body?.order_id).toEqualTypeOf<string | undefined>()
expectTypeOf(mock.requests.list({ operation: 'changePin' })[0]!.body).toEqualTypeOf<{
  current_pin: string
  new_pin: string
} | null>()
expectTypeOf(mock.requests.list({ operation: 'listStores' })[0]!.body).toEqualTypeOf<null>()
// Without an operation, the entries are the plain ones.
expectTypeOf(mock.requests.list({ status: '4xx' })[0]!).not.toHaveProperty('body')
// @ts-expect-error: no such operation
mock.requests.list({ operation: 'refundOrdr' })

// The matchers: sync on an in-process mock.
expectTypeOf(expect(mock).toHaveReceived('refundOrder', { orderId: 1001 })).toEqualTypeOf<void>()
expect(mock).toHaveReceived('refundOrder', { order_id: '1001' }) // the earlier form
expect(mock).not.toHaveReceived('payout')
expect(mock).toHaveReceivedTimes('createOrder', 2, { storeId: 101 })
expect(mock).toHaveReceived('verifyOtp', { email: 'dara@example.com' })
expect(mock).toHaveReceived('refundOrder', { refundAmount: expect.any(Number) })
// The operation's name autocompletes: the parameter is the union of the operation table's names, no wider.
type TableOperation = keyof typeof GATEWAY_OPERATIONS | keyof typeof PIN_OPERATIONS
expectTypeOf(expect(mock).toHaveReceived).parameter(0).toEqualTypeOf<TableOperation>()
expectTypeOf(expect(mock).toHaveReceivedTimes).parameter(0).toEqualTypeOf<TableOperation>()
expectTypeOf(mock.requests.list).parameter(0).exclude<undefined>().toHaveProperty('operation')
// @ts-expect-error: a misspelt field of the refund's body
expect(mock).toHaveReceived('refundOrder', { orderID: 1001 })
// @ts-expect-error: a field of the wrong type
expect(mock).toHaveReceived('refundOrder', { orderId: '1001' })
// @ts-expect-error: a misspelt operation
expect(mock).toHaveReceived('refundOrdr')
// @ts-expect-error: a misspelt field counted too
expect(mock).toHaveReceivedTimes('createOrder', 1, { storeID: 101 })
// @ts-expect-error: over HTTP, the expected body is checked alike
void expect({ baseUrl: 'http://127.0.0.1:4010' }).toHaveReceived('refundOrder', { orderID: 1001 })
// @ts-expect-error: list stores carries no body
expect(mock).toHaveReceived('listStores', { storeId: 1 })
// @ts-expect-error: a PIN operation's field checked too
expect(mock).toHaveReceived('changePin', { newPin: '123456' })

// A server started in-process: sync, through its mock.
declare const server: Awaited<ReturnType<typeof startMockServer>>
expectTypeOf(expect(server).toHaveReceived('createOrder')).toEqualTypeOf<void>()

// A mock over HTTP (a server's address, a session's baseUrl): a promise.
declare const session: RemoteMock
expectTypeOf(expect(session).toHaveReceived('createOrder')).toEqualTypeOf<Promise<void>>()
expectTypeOf(expect({ baseUrl: 'http://127.0.0.1:4010/s/abc' }).not.toHaveReceivedTimes('payout', 0)).toEqualTypeOf<
  Promise<void>
>()
