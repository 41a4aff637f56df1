/**
 * @module steps/refusals
 * Every refusal becomes an answer here, in the style of the route's module: a {@link RuleError} thrown by a
 * later step (reading, authenticating, validating the request) with its status, message and code; anything
 * else is a bug of the mock, logged and answered 500 (the tests assert it never happens).
 *
 * The two styles: the gateway answers a refusal with a code in the code-style body (`{error: {code, ...}}`),
 * without one in the status-style body (`{statusCode, message, error}`); the PIN module in its envelope with
 * a code (`{status_code, message, code, data}`), a refusal that says when to come back (a PIN block, the
 * reset-code limit) with `Retry-After` too.
 */
import { isRuleError, type RuleError } from '../../domain/rule-error.js'
import type { AnswerStyle, OperationCall, OperationStep } from '../operation-call.js'
import { codeErrorBody, json, pinCodeForStatus, pinErrorBody, statusErrorBody } from '../responses.js'

export const refusals: OperationStep = {
  name: 'refusals',
  run: (call, next) => next().catch((error: unknown) => answerError(call, error)),
}

/**
 * The answer to what a step threw: a rule's refusal, or a 500 for anything else (a bug, logged).
 *
 * @example
 * ```ts
 * catch (error) { return answerError(call, error) }
 * ```
 */
function answerError(call: OperationCall, error: unknown): ReturnType<AnswerStyle['refused']> {
  if (isRuleError(error)) return call.route.style.refused(call, error)
  console.error(`[mock] unexpected error on ${call.route.method} ${call.route.path}:`, error)
  const message = `[mock] unexpected error: ${error instanceof Error ? error.message : String(error)}`
  return call.route.style.ownError(call, 500, message, 'bug')
}

/**
 * The gateway's style.
 *
 * @example
 * ```ts
 * GATEWAY_STYLE.refused(call, new RuleError(422, 'Refund exceeds the remaining amount', 'refund_exceeds_amount'))
 * ```
 */
export const GATEWAY_STYLE: AnswerStyle = {
  refused: (call, error) => {
    // The code-style body carries the rule's code; the status-style body none.
    call.notes.refusal = error.code ?? null
    return json(error.status, gatewayErrorBody(call, error), call.traceId)
  },
  ownError: (call, status, message) => json(status, statusErrorBody(status, message), call.traceId),
}

/**
 * The gateway's error body of a rule's refusal: code-style when the rule names a code, status-style else.
 *
 * @example
 * ```ts
 * gatewayErrorBody(call, new RuleError(404, 'Order not found')) // { statusCode: 404, ... }
 * ```
 */
function gatewayErrorBody(call: OperationCall, error: RuleError): unknown {
  return error.code
    ? codeErrorBody(error.code, error.message, call.traceId, call.runtime.ctx.clock.now(), error.details)
    : statusErrorBody(error.status, error.message)
}

/**
 * The PIN module's style.
 *
 * @example
 * ```ts
 * PIN_STYLE.refused(call, new RuleError(401, 'Unknown or expired access token', 'invalid_token'))
 * ```
 */
export const PIN_STYLE: AnswerStyle = {
  refused: (call, error) => {
    const retryAfter = error.data?.retry_after_seconds
    // A refusal without a PIN code of its own (reading or validating the request) is named by its status.
    const code = (error.code as Parameters<typeof pinErrorBody>[2] | undefined) ?? pinCodeForStatus(error.status)
    call.notes.refusal = code
    return json(
      error.status,
      pinErrorBody(error.status, error.message, code, error.data ?? null),
      call.traceId,
      typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {},
    )
  },
  ownError: (call, status, message, cause) => {
    const code = cause === 'fault' ? 'injected_fault' : 'internal_error'
    call.notes.refusal = code
    return json(status, pinErrorBody(status, message, code), call.traceId)
  },
}
