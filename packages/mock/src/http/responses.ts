/**
 * @module responses
 * The documented response shapes: the success envelope, the status-style error body and the
 * code-style error body of SPEC.md. Every response the mock writes goes through here.
 */
import { HEADERS, STATUS_NAMES, type ErrorCode, type PinErrorCode } from '@merchant-gateway/contract'

/** A JSON response with the trace id header. */
export function json(status: number, body: unknown, traceId: string, headers: Record<string, string> = {}): Response {
  return jsonText(status, JSON.stringify(body), traceId, headers)
}

/** A response from already-serialised JSON (a replay sends the stored bytes unchanged). */
export function jsonText(status: number, text: string, traceId: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'application/json', [HEADERS.traceId]: traceId, ...headers } })
}

/** `{statusCode, message, data, traceId}`: the current-form success envelope. */
export function envelope(data: unknown, traceId: string): { statusCode: number; message: string; data: unknown; traceId: string } {
  return { statusCode: 200, message: 'Success', data, traceId }
}

/** `{statusCode, message, error}`: the status-style error body. */
export function statusErrorBody(status: number, message: string): { statusCode: number; message: string; error: string } {
  return { statusCode: status, message, error: STATUS_NAMES[status] ?? 'Error' }
}

/** `{error: {code, message, request_id, details?, timestamp}}`: the code-style error body. */
export function codeErrorBody(
  code: ErrorCode | PinErrorCode,
  message: string,
  requestId: string,
  nowMs: number,
  details?: Readonly<Record<string, string>>,
): { error: { code: ErrorCode | PinErrorCode; message: string; request_id: string; details?: Readonly<Record<string, string>>; timestamp: number } } {
  return { error: { code, message, request_id: requestId, ...(details ? { details } : {}), timestamp: Math.floor(nowMs / 1000) } }
}
