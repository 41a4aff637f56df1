/**
 * @module gateway-error
 * The base of every error the SDK throws. A program branches on the class (or `name`, across realms)
 * and on `code`; a person reads `message`; support asks for `traceId` / `requestId`.
 */

/**
 * What an error knows about the request and response it came from.
 *
 * @example
 * ```ts
 * new GatewayError('The gateway answered 502', { status: 502, traceId: 'trc_1', attempts: 3 })
 * ```
 */
export interface GatewayErrorInit {
  status?: number
  code?: string
  traceId?: string
  requestId?: string
  body?: unknown
  idempotencyKey?: string
  attempts?: number
  cause?: unknown
}

/**
 * Base class of every SDK error.
 *
 * @example
 * ```ts
 * try {
 *   await gateway.refunds.create({ orderId: 1024, amount: 5 })
 * } catch (error) {
 *   if (isGatewayError(error)) console.log(error.status, error.code, error.traceId, error.idempotencyKey)
 * }
 * ```
 */
export class GatewayError extends Error {
  override readonly name: string = 'GatewayError'
  /** HTTP status of the answer; undefined when there was none (connection, timeout, client validation). */
  readonly status: number | undefined
  /** The code of a code-style error body (`insufficient_funds`, ...), or the SDK's own code. */
  readonly code: string | undefined
  /** Trace id of the answer (envelope `traceId`, code-style `request_id`, or the `X-Trace-Id` header). */
  readonly traceId: string | undefined
  /** `request_id` of a code-style error body, when the gateway sent one. */
  readonly requestId: string | undefined
  /** The error body as received, parsed when it was JSON. */
  readonly body: unknown
  /** The idempotency key the call used, so the caller can store it and retry later with it. */
  readonly idempotencyKey: string | undefined
  /** How many attempts were made before giving up. */
  readonly attempts: number | undefined

  constructor(message: string, init: GatewayErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.status = init.status
    this.code = init.code
    this.traceId = init.traceId ?? init.requestId
    this.requestId = init.requestId
    this.body = init.body
    this.idempotencyKey = init.idempotencyKey
    this.attempts = init.attempts
  }
}
