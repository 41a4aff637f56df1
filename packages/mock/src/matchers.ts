/**
 * Test matchers over the mock's request log, for vitest (jest's `expect.extend` takes the same):
 * `expect(mock).toHaveReceived('refundOrder', { orderId: 1001 })`, `toHaveReceivedTimes('createOrder', 2)`,
 * their `.not`, and the same against a mock served over HTTP (`await expect({ baseUrl }).toHaveReceived(...)`).
 * The operation's name is one of the operation table's, and the expected body is checked against that
 * operation's request type. This entry imports no test runner: with vitest, import
 * `@merchant-gateway/mock/vitest` once in a setup file instead (it registers them and adds their types); with
 * another runner whose `expect.extend` takes jest's matchers, register {@link mockMatchers} yourself.
 *
 * @module \@merchant-gateway/mock/matchers
 */
import type { RequestBody, ServiceOperation } from './http/request-bodies.js'
import type { RemoteMock } from './matchers/remote-log.js'

export { mockMatchers, type MatcherContext, type MatcherResult } from './matchers/received-matchers.js'
export { readRequestLog, type RemoteMock } from './matchers/remote-log.js'

/**
 * Every field optional, at any depth: what `toMatchObject` compares a body with.
 *
 * @example
 * ```ts
 * const part: DeepPartial<{ a: { b: number; c: string } }> = { a: { b: 1 } }
 * ```
 */
export type DeepPartial<T> = T extends readonly (infer Item)[]
  ? readonly DeepPartial<Item>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T

/**
 * The body a matcher expects of a request of `Id`: a part of its request type, in either form it may come in
 * (refund and payout: the current or the earlier form). A field the type does not have is a compile error.
 *
 * @example
 * ```ts
 * const expected: ExpectedBody<'refundOrder'> = { orderId: 1001 }
 * ```
 */
export type ExpectedBody<Id extends ServiceOperation> = DeepPartial<RequestBody<Id>>

/**
 * What an assertion on `T` gives back: at once for an in-process mock (a `MockGateway`, or a server with its
 * `mock`), a promise to await for a mock served over HTTP ({@link RemoteMock}).
 *
 * @example
 * ```ts
 * type Sync = Asserted<void, MockGateway> // void
 * type Async = Asserted<void, RemoteMock> // Promise<void>
 * ```
 */
export type Asserted<R, T> = T extends { requests: unknown } | { mock: { requests: unknown } }
  ? R
  : T extends RemoteMock
    ? Promise<void>
    : R

/**
 * The matchers' types, added to vitest's `Assertion` by this entry (`R`: what a matcher returns, `T`: the
 * type of the received value).
 *
 * @example
 * ```ts
 * expect(mock).toHaveReceived('refundOrder', { orderId: 1001 })
 * expect(mock).not.toHaveReceived('payout')
 * expect(mock).toHaveReceivedTimes('createOrder', 2)
 * await expect(session).toHaveReceived('verifyPin')
 * ```
 */
export interface MockMatchers<R = unknown, T = unknown> {
  /**
   * The mock received a request of `operation` (whatever it answered) whose body matches `body` as
   * `toMatchObject` matches; without `body`, any request of `operation`. On failure the closest calls are shown
   * as diffs. Against a mock served over HTTP, await it.
   */
  toHaveReceived<Id extends ServiceOperation>(operation: Id, body?: ExpectedBody<Id>): Asserted<R, T>
  /** The mock received exactly `times` requests of `operation` whose body matches `body` (any, without it). */
  toHaveReceivedTimes<Id extends ServiceOperation>(
    operation: Id,
    times: number,
    body?: ExpectedBody<Id>,
  ): Asserted<R, T>
}
