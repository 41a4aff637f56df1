/**
 * @module send
 * The send core both transports share: one call on the client's ky instance, from the ky options the
 * transport built (method, headers, body, time limits, retries or none, signal, the call's state in
 * `context`) to the answer's text, or to one of the SDK's errors. What a call is for either client is
 * here, once: nothing is sent for a signal that has already aborted; ky's body read runs under the
 * attempt's time limit; every attempt ends in the logger, answered or not; and what ky threw is read in
 * one order (the caller's abort, an answer outside 2xx, the SDK's own error passed through, no answer)
 * and kept, quieted, as `cause`.
 *
 * What each client makes of a refusal, and what its errors for no answer say, stay its own, passed in as
 * two functions: the gateway reads refusals with `errorFromResponse` and counts its attempts against a
 * deadline; the PIN module maps its refusal codes and makes one request. Like the rest of `http/`, it
 * brings neither zod nor the contract's schemas nor the signer: the PIN client's bundle carries it.
 */
import { HEADERS } from '@merchant-gateway/contract/constants'
import { isHTTPError, type KyInstance, type Options } from 'ky'
import { RequestAbortedError } from '../errors/classes.js'
import { GatewayError } from '../errors/gateway-error.js'
import { quietCause } from '../errors/inspect.js'
import type { Call } from './call.js'
import { failureLabel, httpErrorBody, unansweredError } from './failure.js'

/**
 * A 2xx answer, its body read as text.
 *
 * @example
 * ```ts
 * const answer: Answer = { status: 200, headers: new Headers({ 'x-trace-id': 'trc_1' }), text: '{"data":[]}' }
 * ```
 */
export interface Answer {
  status: number
  headers: Headers
  text: string
}

/**
 * An answer outside 2xx, read: what a client's mapping of refusals starts from (`errorFromResponse`
 * takes it as it is).
 *
 * @example
 * ```ts
 * const refusal: Refusal = { status: 404, body: { message: 'Order 1 not found' }, traceId: 'trc_1',
 *   retryAfter: null, cause: httpError, attempts: 1, idempotencyKey: undefined }
 * errorFromResponse(refusal) // NotFoundError
 * ```
 */
export interface Refusal {
  status: number
  /** The body, parsed when it was JSON. */
  body: unknown
  /** `X-Trace-Id` of the answer, if any. */
  traceId: string | undefined
  /** The `Retry-After` header, if any. */
  retryAfter: string | null
  /** ky's HTTPError, quieted: an uncaught error prints it on one line. */
  cause: unknown
  /** Attempts made. */
  attempts: number
  /** The call's idempotency key (a refund's or a payout's). */
  idempotencyKey: string | undefined
}

/**
 * What the error for a call without an answer says: the attempts it counts, and its message for each cause.
 *
 * @example
 * ```ts
 * const unanswered: Unanswered = { attempts: 1, timeout: 'No answer within 30000 ms',
 *   unreachable: 'Could not reach the PIN service' }
 * ```
 */
export interface Unanswered {
  attempts: number
  /** The time ran out. */
  timeout: string
  /** The service could not be reached (the fetch's message is added after it). */
  unreachable: string
}

/**
 * The error for a call its signal aborted, after `attempts` attempts (0: nothing was sent).
 *
 * @example
 * ```ts
 * if (signal?.aborted) throw abortedError(0, signal, undefined)
 * ```
 */
export function abortedError(attempts: number, signal: AbortSignal, idempotencyKey: string | undefined): GatewayError {
  return new RequestAbortedError('The call was aborted by its signal', {
    attempts,
    cause: signal.reason,
    idempotencyKey,
  })
}

/**
 * Sends one call and reads its answer; every failure is thrown as one of the SDK's errors.
 *
 * The client's two functions are positional rather than an object's methods: an object of them, made per
 * call, measured 18 B more in the PIN client's bundle, which has none to spare.
 *
 * @param http The client's ky instance.
 * @param path Path and query, relative to the base URL.
 * @param options ky's options of the call: `context` is `call.context()`.
 * @param call The call's state across its attempts.
 * @param refused The client's error for an answer outside 2xx.
 * @param unanswered What the client's error for no answer says, after `attempts` attempts. `failedAt`
 *   (`performance.now()`) is when the failure reached the send core, before the attempt was logged: a slow
 *   logger cannot make an attempt's timeout look like the deadline's.
 *
 * @example
 * ```ts
 * const call = new Call(observer, { operation: 'verifyPin', method: 'POST', path, idempotencyKey: undefined })
 * const answer = await send(http.ky, path, { method: 'post', headers, retry: 0, context: call.context() }, call,
 *   (refusal) => pinErrorFromResponse({ ...refusal, operation: 'verifyPin' }),
 *   () => ({ attempts: 1, timeout: 'No answer in time', unreachable: 'Could not reach the PIN service' }))
 * ```
 */
export async function send(
  http: KyInstance,
  path: string,
  options: Options,
  call: Call,
  refused: (refusal: Refusal) => GatewayError,
  unanswered: (attempts: number, failedAt: number) => Unanswered,
): Promise<Answer> {
  const { signal } = options
  const { idempotencyKey } = call.info
  // Nothing is signed or sent for a call whose signal has already aborted.
  if (signal?.aborted) throw abortedError(0, signal, idempotencyKey)
  let response: Response
  let text: string
  try {
    const pending = http(path, options)
    response = await pending
    // ky's body read, under the attempt's time limit.
    text = await pending.text()
  } catch (error) {
    // The errors are made here rather than in a helper, which would add a line to each one's stack.
    const failedAt = performance.now()
    const attempts = call.attempts
    if (signal?.aborted) {
      call.fail('aborted')
      throw abortedError(attempts, signal, idempotencyKey)
    }
    if (isHTTPError(error)) {
      call.answered(error.response)
      const { headers } = error.response
      throw refused({
        status: error.response.status,
        body: httpErrorBody(error),
        traceId: headers.get(HEADERS.traceId) ?? undefined,
        retryAfter: headers.get('Retry-After'),
        cause: quietCause(error),
        attempts,
        idempotencyKey,
      })
    }
    call.fail(failureLabel(error))
    // The SDK's own (the gateway's deadline guard), or a merchant's hook that threw one of the SDK's errors.
    if (error instanceof GatewayError) throw error
    const said = unanswered(attempts, failedAt)
    throw unansweredError(error, { attempts: said.attempts, idempotencyKey }, said)
  }
  call.answered(response)
  return { status: response.status, headers: response.headers, text }
}

/**
 * Ends the current attempt with what ky threw: its answer, or why there was none.
 *
 * @example
 * ```ts
 * shouldRetry: ({ error }) => { closeAttempt(call, error); return policy(error) }
 * ```
 */
export function closeAttempt(call: Call, error: unknown): void {
  if (isHTTPError(error)) call.answered(error.response)
  else call.fail(failureLabel(error))
}
