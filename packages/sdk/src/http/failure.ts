/**
 * @module failure
 * Reading what ky throws, for the send core (`send.ts`) and the gateway's retry policy: the answer inside
 * an HTTPError, the kind of failure when there was no answer, the text of an error for a message, and
 * the SDK's error for a call that got no answer. No ky error reaches a caller except as `cause`.
 */
import { isNetworkError, isTimeoutError, type HTTPError } from 'ky'
import { ConnectionError, RequestTimeoutError } from '../errors/classes.js'
import { GatewayError, type GatewayErrorInit } from '../errors/gateway-error.js'
import { quietCause } from '../errors/inspect.js'

/** A body as JSON when it parses, else the text (undefined when empty). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text === '' ? undefined : text
  }
}

/**
 * The body of a non-2xx answer. ky parses it when the Content-Type says JSON and keeps the text
 * otherwise; a JSON body sent as text (a proxy, a hand-made Response) is parsed here too.
 */
export function httpErrorBody(error: HTTPError): unknown {
  const data: unknown = error.data
  return typeof data === 'string' ? parseBody(data) : data
}

/**
 * Whether `error` means the request got no answer: ky's NetworkError, or a TypeError from a fetch whose
 * messages ky does not know (fetch rejects with a TypeError when no answer arrives).
 */
export function isNoAnswer(error: unknown): boolean {
  return isNetworkError(error) || error instanceof TypeError
}

/**
 * Why an attempt ended without an answer, as the logger has it: 'timeout', 'network error', or the error's name.
 *
 * @example
 * ```ts
 * call.fail(failureLabel(error)) // 'timeout' for ky's TimeoutError
 * ```
 */
export function failureLabel(error: unknown): string {
  if (isTimeoutError(error)) return 'timeout'
  if (isNoAnswer(error)) return 'network error'
  return error instanceof Error ? error.name : typeof error
}

/** An error's message with its cause's, for error messages. */
export function describeError(error: unknown): string {
  if (error instanceof Error)
    return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message
  return String(error)
}

/**
 * The SDK's error for a failure without an answer (`init` carries the attempts, and the key of a
 * refund or payout): the time ran out, the service could not be reached, or something else failed (a
 * merchant's hook, a custom fetch), kept as `cause`.
 */
export function unansweredError(
  error: unknown,
  init: GatewayErrorInit,
  messages: { timeout: string; unreachable: string },
): GatewayError {
  // ky's and fetch's errors are made for this call: printed as one line under the SDK's. Anything else (a
  // merchant's hook, a custom fetch) keeps its stack and fields as they are.
  if (isTimeoutError(error)) return new RequestTimeoutError(messages.timeout, { ...init, cause: quietCause(error) })
  if (isNoAnswer(error)) {
    const message = `${messages.unreachable}: ${describeError(error)}`
    return new ConnectionError(message, { ...init, cause: quietCause(error) })
  }
  return new GatewayError(`The call failed: ${describeError(error)}`, { ...init, cause: error })
}
