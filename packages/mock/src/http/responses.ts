/**
 * @module responses
 * The documented response shapes: the success envelope, the status-style error body and the code-style
 * error body. Every answer the mock's routes give goes through here.
 */
import { HEADERS, LIMITS, PIN_PATHS, STATUS_NAMES, type ErrorCode, type PinErrorCode } from '@merchant-gateway/contract'
import { RuleError } from '../domain/rule-error.js'
import type { Answer } from './answer.js'

/** A JSON answer with the trace id header. */
export function json(status: number, body: unknown, traceId: string, headers?: Record<string, string>): Answer {
  return jsonText(status, JSON.stringify(body), traceId, headers)
}

/** An answer from already-serialised JSON (a replay sends the stored bytes unchanged). */
export function jsonText(status: number, text: string, traceId: string, headers?: Record<string, string>): Answer {
  // Every answer of an operation is made here: its headers are built of two plain stores, and spread with more
  // only when there are more. A computed key and an empty record spread into a literal cost far more per request.
  const all: Record<string, string> = { 'Content-Type': 'application/json' }
  all[HEADERS.traceId] = traceId
  return { status, headers: headers === undefined ? all : { ...all, ...headers }, body: text }
}

/** `{statusCode, message, data, traceId}`: the current-form success envelope. */
export function envelope(
  data: unknown,
  traceId: string,
): { statusCode: number; message: string; data: unknown; traceId: string } {
  return { statusCode: 200, message: 'Success', data, traceId }
}

/** `{statusCode, message, error}`: the status-style error body. */
export function statusErrorBody(
  status: number,
  message: string,
): { statusCode: number; message: string; error: string } {
  return { statusCode: status, message, error: STATUS_NAMES[status] ?? 'Error' }
}

/** `{error: {code, message, request_id, details?, timestamp}}`: the code-style error body. */
export function codeErrorBody(
  code: ErrorCode | PinErrorCode,
  message: string,
  requestId: string,
  nowMs: number,
  details?: Readonly<Record<string, string>>,
): {
  error: {
    code: ErrorCode | PinErrorCode
    message: string
    request_id: string
    details?: Readonly<Record<string, string>>
    timestamp: number
  }
} {
  return {
    error: {
      code,
      message,
      request_id: requestId,
      ...(details ? { details } : {}),
      timestamp: Math.floor(nowMs / 1000),
    },
  }
}

/** `{status_code, message, code, data}`: a refusal in the PIN module's envelope. */
export function pinErrorBody(
  status: number,
  message: string,
  code: PinErrorCode,
  data: unknown = null,
): { status_code: number; message: string; code: PinErrorCode; data: unknown } {
  return { status_code: status, message, code, data }
}

/** The PIN module's code for a refusal that is not one of its rules (a request it cannot read). */
const PIN_CODE_BY_STATUS: Readonly<Record<number, PinErrorCode>> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  500: 'internal_error',
}

/**
 * The PIN module's code for a refusal without one of its own: by status (404, 405, 413, 414, 415, 500), and
 * `invalid_request` for anything else.
 *
 * @example
 * ```ts
 * pinCodeForStatus(413) // 'payload_too_large'
 * ```
 */
export function pinCodeForStatus(status: number): PinErrorCode {
  return PIN_CODE_BY_STATUS[status] ?? 'invalid_request'
}

/** The prefix of the PIN module's paths (`/api/v1/auth/`). */
const PIN_PREFIX = PIN_PATHS.setPin.slice(0, PIN_PATHS.setPin.lastIndexOf('/') + 1)

/**
 * True for a path of the PIN module (`/api/v1/auth/...`), whose refusals use its own envelope.
 *
 * @example
 * ```ts
 * isPinPath('/api/v1/auth/verify-pin') // true
 * ```
 */
function isPinPath(pathname: string): boolean {
  return pathname.startsWith(PIN_PREFIX)
}

/**
 * The refusal body a path's module uses for a request it cannot take (no such route, wrong method, a body
 * too large or not JSON): the PIN envelope under the PIN module's prefix, the status-style body elsewhere.
 *
 * @example
 * ```ts
 * // { status_code: 405, ..., code: 'method_not_allowed', data: null }
 * refusalBodyFor('/api/v1/auth/set-pin', 405, 'GET is not allowed')
 * // { statusCode: 405, ..., error: 'Method Not Allowed' }
 * refusalBodyFor('/api/v1/payment-gateway/order/create', 405, 'GET is not allowed')
 * ```
 */
export function refusalBodyFor(pathname: string, status: number, message: string): unknown {
  return isPinPath(pathname)
    ? pinErrorBody(status, message, pinCodeForStatus(status))
    : statusErrorBody(status, message)
}

/**
 * A refusal of a request no route took as far as its own checks (a body too large, a guard's refusal, no such
 * file), in the body style of the path's module ({@link refusalBodyFor}), without a trace id.
 *
 * @example
 * ```ts
 * refusal('/api/v1/auth/set-pin', 413, 'The body is larger than 1048576 bytes').status // 413
 * ```
 */
export function refusal(
  pathname: string,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Answer {
  return {
    status,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(refusalBodyFor(pathname, status, message)),
  }
}

/**
 * The 414 answer for a URL whose path and query are longer than the service takes, or undefined when it
 * is not too long. `origin` is the part of `url` before the path.
 *
 * @example
 * ```ts
 * uriTooLong(`https://gateway.mock/${'x'.repeat(9000)}`, 'https://gateway.mock')?.status // 414
 * ```
 */
export function uriTooLong(url: string, origin: string): Answer | undefined {
  if (url.length - origin.length <= LIMITS.maxUrlLength) return undefined
  const pathname = url.slice(origin.length).split('?')[0]!.slice(0, 200)
  const body = refusalBodyFor(pathname, 414, `The request target is longer than ${LIMITS.maxUrlLength} characters`)
  return { status: 414, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}

/**
 * A JSON answer of the control plane (the control API, the sessions' routes): no trace id, as it is not the service's.
 *
 * @example
 * ```ts
 * controlJson(201, { id: 'k3Jq...' }).headers // { 'Content-Type': 'application/json' }
 * ```
 */
export function controlJson(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }
}

/**
 * A refusal of the control plane: the status-style error body, with `headers` (an `Allow`, a `Retry-After`).
 *
 * @example
 * ```ts
 * controlRefusal(405, '/__mock/clock takes GET, POST, not PUT', { Allow: 'GET, POST' }).status // 405
 * ```
 */
export function controlRefusal(status: number, message: string, headers: Record<string, string> = {}): Answer {
  return controlJson(status, statusErrorBody(status, message), headers)
}

/**
 * A request body of the control plane, read as JSON: an empty one is `{}`; one that does not parse is a 400.
 *
 * @example
 * ```ts
 * parseControlJson('') // {}
 * parseControlJson('{"frozen":true}') // { frozen: true }
 * ```
 */
export function parseControlJson(text: string): unknown {
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new RuleError(400, `The body must be JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
}
