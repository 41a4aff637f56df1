/**
 * @module from-response
 * The one place where an HTTP status and an error body become an error class. Both documented body
 * shapes are read: status-style `{statusCode, message, error}` and code-style
 * `{error: {code, message, request_id}}`; anything else (an HTML page from a proxy) still gives a
 * class by status, with the raw body kept.
 */
import { ERROR_CODES } from '@merchant-gateway/contract/constants'
import { errorForStatus } from './by-status.js'
import { IdempotencyKeyInUseError, IdempotencyKeyMismatchError, IdempotencyKeyMissingError } from './classes.js'
import type { GatewayError, GatewayErrorInit } from './gateway-error.js'

/**
 * What the transport knows when a call ends with a non-2xx answer.
 *
 * @example
 * ```ts
 * const input: ErrorResponse = { status: 404, body: { statusCode: 404, message: 'Order 1 not found',
 *   error: 'Not Found' } }
 * errorFromResponse(input) // NotFoundError
 * ```
 */
export interface ErrorResponse {
  status: number
  body: unknown
  /** `X-Trace-Id` of the answer, if any. */
  traceId?: string
  idempotencyKey?: string
  attempts?: number
  /** What the error was built from (the transport passes ky's HTTPError). */
  cause?: unknown
}

/**
 * Builds the error for a non-2xx answer.
 *
 * @example
 * ```ts
 * errorFromResponse({ status: 422, body: { error: { code: 'insufficient_funds', message: '...',
 *   request_id: 'trc_1' } } })
 * // InvalidRequestError, code 'insufficient_funds', traceId 'trc_1'
 * ```
 */
export function errorFromResponse(response: ErrorResponse): GatewayError {
  const { code, message, requestId } = readBody(response.body)
  const init: GatewayErrorInit = {
    status: response.status,
    body: response.body,
    ...(code === undefined ? {} : { code }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(response.traceId === undefined ? {} : { traceId: response.traceId }),
    ...(response.idempotencyKey === undefined ? {} : { idempotencyKey: response.idempotencyKey }),
    ...(response.attempts === undefined ? {} : { attempts: response.attempts }),
    ...(response.cause === undefined ? {} : { cause: response.cause }),
  }
  if (requestId !== undefined) init.traceId = requestId
  const text = message ?? `The gateway answered ${response.status}`
  const status = response.status
  if (code === ERROR_CODES.idempotency_key_in_use) return new IdempotencyKeyInUseError(text, init)
  if (code === ERROR_CODES.idempotency_key_mismatch) return new IdempotencyKeyMismatchError(text, init)
  if (code === ERROR_CODES.missing_idempotent_key) return new IdempotencyKeyMissingError(text, init)
  return errorForStatus(status, text, init)
}

function readBody(body: unknown): { code?: string; message?: string; requestId?: string } {
  if (typeof body !== 'object' || body === null) return {}
  const record = body as Record<string, unknown>
  const error = record.error
  if (typeof error === 'object' && error !== null) {
    const e = error as Record<string, unknown>
    return {
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(typeof e.message === 'string' ? { message: e.message } : {}),
      ...(typeof e.request_id === 'string' ? { requestId: e.request_id } : {}),
    }
  }
  return typeof record.message === 'string' ? { message: record.message } : {}
}
