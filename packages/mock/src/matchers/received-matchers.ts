/**
 * @module matchers/received-matchers
 * Test matchers over a mock's request log: `toHaveReceived(operation, body?)` and
 * `toHaveReceivedTimes(operation, times, body?)`, for vitest's `expect.extend` (jest's takes the same). A body
 * is matched as `toMatchObject` matches (the calls' bodies may hold more fields; asymmetric matchers work), and
 * a failure shows the calls that came closest, as a diff. The received value is an in-process mock (or a
 * `startMockServer()` server, through its `mock`), read at once, or a mock served over HTTP ({@link RemoteMock}:
 * a server's root or a session), read through its control API: then the matcher is async and is awaited.
 *
 * The matchers use only what the runner hands them in `this` (`equals`, `isNot`, `utils`), so this module
 * imports no test runner.
 */
import { nearestWord } from '../nearest-word.js'
import { SERVICE_OPERATIONS, type ServiceOperation } from '../http/request-bodies.js'
import type { ReceivedRequest } from '../http/request-log.js'
import { matchedLeaves, redactedPaths, subsetFor } from './closest.js'
import { readLogKept, type RemoteMock } from './remote-log.js'

/**
 * What the test runner hands a matcher in `this`: vitest's `MatcherState` and jest's `MatcherContext` both
 * have it.
 *
 * @example
 * ```ts
 * function toHaveReceived(this: MatcherContext, received: unknown, operation: unknown) {}
 * ```
 */
export interface MatcherContext {
  readonly isNot: boolean
  readonly promise?: string | undefined
  equals(a: unknown, b: unknown, customTesters?: readonly unknown[]): boolean
  readonly utils: {
    matcherHint(
      matcherName: string,
      received?: string,
      expected?: string,
      options?: { isNot?: boolean; promise?: string; secondArgument?: string },
    ): string
    printExpected(value: unknown): string
    printReceived(value: unknown): string
    diff(a: unknown, b: unknown, options?: { aAnnotation?: string; bAnnotation?: string }): string | null | undefined
    readonly iterableEquality: unknown
    readonly subsetEquality: unknown
  }
}

/**
 * What a matcher gives back to the runner.
 *
 * @example
 * ```ts
 * const result: MatcherResult = { pass: true, message: () => 'expected no refundOrder request' }
 * ```
 */
export interface MatcherResult {
  pass: boolean
  message: () => string
}

/** The calls of one operation, and where they were read. */
type Read = ReceivedRequest[] | Promise<ReceivedRequest[]>

/** At most this many calls are shown in a message. */
const SHOWN = 3

/**
 * The matchers, for `expect.extend(mockMatchers)`.
 *
 * @example
 * ```ts
 * import { expect } from 'vitest'
 * import { mockMatchers } from '@merchant-gateway/mock/matchers'
 *
 * expect.extend(mockMatchers)
 * expect(mock).toHaveReceived('refundOrder', { orderId: 1001 })
 * await expect({ baseUrl: session.baseUrl }).toHaveReceivedTimes('createOrder', 2)
 * ```
 */
export const mockMatchers = {
  /**
   * Passes when the mock received a request of `operation` (whatever its answer) whose body matches `body`
   * (as `toMatchObject` matches), or any request of it without `body`.
   */
  toHaveReceived(
    this: MatcherContext,
    received: unknown,
    operation: unknown,
    body?: unknown,
  ): MatcherResult | Promise<MatcherResult> {
    const name = checkedOperation('toHaveReceived', operation)
    const judge = (calls: ReceivedRequest[]) => judgeReceived(this, name, body, calls)
    const calls = callsOf('toHaveReceived', received, name)
    return calls instanceof Promise ? calls.then(judge) : judge(calls)
  },
  /** Passes when the mock received exactly `times` requests of `operation` whose body matches `body`. */
  toHaveReceivedTimes(
    this: MatcherContext,
    received: unknown,
    operation: unknown,
    times: unknown,
    body?: unknown,
  ): MatcherResult | Promise<MatcherResult> {
    const name = checkedOperation('toHaveReceivedTimes', operation)
    if (typeof times !== 'number' || !Number.isSafeInteger(times) || times < 0)
      throw new TypeError(`toHaveReceivedTimes: times must be a whole number >= 0, got ${String(times)}`)
    const judge = (calls: ReceivedRequest[]) => judgeTimes(this, name, times, body, calls)
    const calls = callsOf('toHaveReceivedTimes', received, name)
    return calls instanceof Promise ? calls.then(judge) : judge(calls)
  },
}

/** A name the matchers take: an operation of the service, or a `TypeError` naming the nearest. */
function checkedOperation(matcher: string, operation: unknown): ServiceOperation {
  if (typeof operation === 'string' && (SERVICE_OPERATIONS as readonly string[]).includes(operation))
    return operation as ServiceOperation
  const nearest = typeof operation === 'string' ? nearestWord(operation, SERVICE_OPERATIONS) : undefined
  const hint = nearest ? `did you mean ${nearest}?` : `the operations: ${SERVICE_OPERATIONS.join(', ')}`
  throw new TypeError(`${matcher}: ${JSON.stringify(operation)} is not an operation of the service; ${hint}`)
}

/** An in-process mock: `createMockGateway()`'s, or a server's `mock`. */
interface InProcess {
  requests: { list(filter: { operation: ServiceOperation }): ReceivedRequest[]; readonly limit?: number }
}

function isInProcess(value: unknown): value is InProcess {
  const requests = (value as { requests?: { list?: unknown } } | null)?.requests
  return typeof requests?.list === 'function'
}

function isRemote(value: unknown): value is RemoteMock {
  const baseUrl = (value as { baseUrl?: unknown } | null)?.baseUrl
  return typeof baseUrl === 'string' || baseUrl instanceof URL
}

/** The calls of `operation`: at once from an in-process mock, through its control API from a remote one. */
function callsOf(matcher: string, received: unknown, operation: ServiceOperation): Read {
  const server = (received as { mock?: unknown } | null)?.mock
  const local = isInProcess(received) ? received : isInProcess(server) ? server : undefined
  if (local) {
    refuseEmptyLog(matcher, local.requests.limit, 'requestLogLimit: 0')
    return local.requests.list({ operation })
  }
  if (isRemote(received))
    return readLogKept(received, { operation }).then(({ entries, limit, url }) => {
      refuseEmptyLog(matcher, limit, `GET ${url} says its log keeps 0: the server runs with --keep-requests 0`)
      return entries as ReceivedRequest[]
    })
  throw new TypeError(
    `${matcher}: expect() takes a mock (createMockGateway(), or startMockServer()'s server) or a mock served ` +
      `over HTTP ({ baseUrl, controlToken? }: a server's address or a session's baseUrl), got ${describe(received)}`,
  )
}

/**
 * A log that keeps no requests lists none whatever was called: a matcher on it could only pass as `.not` and
 * fail otherwise, whatever the app did. So it judges nothing: it throws, which fails the assertion either way.
 */
function refuseEmptyLog(matcher: string, limit: number | undefined, why: string): void {
  if (limit !== 0) return
  throw new Error(
    `${matcher}: the mock's request log keeps no requests (${why}), so no call can be asserted on, made or ` +
      'not; give the log a limit above 0 (by default it keeps the last 1 000)',
  )
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value)
  const keys = Object.keys(value).slice(0, 5)
  return `an object with ${keys.length > 0 ? keys.join(', ') : 'no fields'}`
}

/** The calls whose body matches `body` (every call when there is none), as `toMatchObject` matches. */
function matching(ctx: MatcherContext, calls: ReceivedRequest[], body: unknown): ReceivedRequest[] {
  if (body === undefined) return calls
  const testers = [ctx.utils.iterableEquality, ctx.utils.subsetEquality]
  return calls.filter((call) => ctx.equals(call.body, body, testers))
}

function judgeReceived(
  ctx: MatcherContext,
  operation: ServiceOperation,
  body: unknown,
  calls: ReceivedRequest[],
): MatcherResult {
  const found = matching(ctx, calls, body)
  const hint = ctx.utils.matcherHint('toHaveReceived', 'mock', body === undefined ? 'operation' : 'operation, body', {
    isNot: ctx.isNot,
    ...(ctx.promise ? { promise: ctx.promise } : {}),
  })
  const withBody = body === undefined ? '' : ` with a body matching ${ctx.utils.printExpected(body)}`
  const wanted = `${operation} request${withBody}`
  if (found.length > 0)
    return {
      pass: true,
      message: () =>
        `${hint}\n\nExpected: no ${wanted}\nReceived: ${count(found.length, operation)} matching:\n\n` +
        shown(ctx, found.slice(-SHOWN)),
    }
  return {
    pass: false,
    message: () => `${hint}\n\nExpected: a ${wanted}\nReceived: ${missed(ctx, operation, body, calls)}`,
  }
}

function judgeTimes(
  ctx: MatcherContext,
  operation: ServiceOperation,
  times: number,
  body: unknown,
  calls: ReceivedRequest[],
): MatcherResult {
  const found = matching(ctx, calls, body)
  const hint = ctx.utils.matcherHint(
    'toHaveReceivedTimes',
    'mock',
    body === undefined ? 'operation, times' : 'operation, times, body',
    { isNot: ctx.isNot, ...(ctx.promise ? { promise: ctx.promise } : {}) },
  )
  const matchingText = body === undefined ? '' : ` with a body matching ${ctx.utils.printExpected(body)}`
  const pass = found.length === times
  const message = () => {
    const expected = `${ctx.isNot ? 'not ' : ''}${count(times, operation)}${matchingText}`
    const lines = [`${hint}\n`, `Expected: ${expected}`, `Received: ${found.length}`]
    if (found.length > 0) lines.push(`\n${shown(ctx, found.slice(-SHOWN))}`)
    const others = calls.length - found.length
    if (!pass && body !== undefined && others > 0)
      lines.push(`\n${count(others, operation)} not matching; the closest:\n\n${closest(ctx, body, calls, found)}`)
    return lines.join('\n')
  }
  return { pass, message }
}

/** What was received when nothing matched: no call at all, or the closest calls as diffs. */
function missed(ctx: MatcherContext, operation: ServiceOperation, body: unknown, calls: ReceivedRequest[]): string {
  if (calls.length === 0) return `no ${operation} request (the log keeps the requests answered, the newest last)`
  return `${count(calls.length, operation)}, none matching; the closest:\n\n${closest(ctx, body, calls, [])}`
}

/** The calls nearest to `body`, best first (the newest of equals first), each with its diff. */
function closest(ctx: MatcherContext, body: unknown, calls: ReceivedRequest[], skip: ReceivedRequest[]): string {
  const equals = (a: unknown, b: unknown) => ctx.equals(a, b, [ctx.utils.iterableEquality])
  const ranked = calls
    .filter((call) => !skip.includes(call))
    .map((call) => ({ call, score: matchedLeaves(call.body, body, equals) }))
    .sort((a, b) => b.score - a.score || b.call.seq - a.call.seq)
    .slice(0, SHOWN)
  return ranked.map(({ call }) => `${headline(call)}\n${difference(ctx, body, call)}`).join('\n\n')
}

/** One call's body against the expected one: the diff, or why the call has no body to compare. */
function difference(ctx: MatcherContext, body: unknown, call: ReceivedRequest): string {
  if (call.body === null)
    return (
      "body: null (the request was refused before its body was read as the operation's, or the mock keeps no " +
      'bodies: requestLogBodies)'
    )
  const diff = ctx.utils.diff(body, subsetFor(call.body, body), { aAnnotation: 'Expected', bAnnotation: 'Received' })
  const secrets = redactedPaths(call.body, body)
  const note =
    secrets.length === 0
      ? ''
      : `\n(${secrets.join(', ')}: a secret the request log never keeps, shown as '[redacted]'; match it with ` +
        'expect.any(String) or leave it out)'
  return `${diff ?? ctx.utils.printReceived(call.body)}${note}`
}

/** Calls listed with their bodies. */
function shown(ctx: MatcherContext, calls: ReceivedRequest[]): string {
  return calls.map((call) => `${headline(call)}\nbody: ${ctx.utils.printReceived(call.body)}`).join('\n\n')
}

/** A call in one line: its place in the log, method, path, status and the code of a refusal. */
function headline(call: ReceivedRequest): string {
  const answer = call.status === null ? 'no answer' : String(call.status)
  const form = call.form === 'earlier' ? ' (earlier form)' : ''
  return `#${call.seq} ${call.method} ${call.path}${form}: ${answer}${call.refusal ? ` ${call.refusal}` : ''}`
}

function count(n: number, operation: string): string {
  return `${n} ${operation} request${n === 1 ? '' : 's'}`
}
