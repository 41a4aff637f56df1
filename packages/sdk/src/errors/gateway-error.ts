/**
 * @module gateway-error
 * The base of every error the SDK throws. A program branches on the class (or `name`, across realms)
 * and on `code`; a person reads `message`; support asks for `traceId` / `requestId`.
 */
import { DENO_INSPECT, describeError, type InspectValue, NODE_INSPECT } from './inspect.js'

/**
 * Sets an error's fields as own properties, in the order given, each enumerable only when it holds a value:
 * a field without one is still there to read (`error.code === undefined`, `'code' in error`), but a printout
 * (`console.log`, Node's report of an uncaught error, which lists enumerable fields) and `toJSON` leave it out.
 *
 * @example
 * ```ts
 * setFields(this, { attemptsRemaining: init.attemptsRemaining })
 * ```
 */
export function setFields(error: Error, fields: Record<string, unknown>): void {
  Object.assign(error, fields)
  for (const key in fields) if (fields[key] === undefined) Object.defineProperty(error, key, { enumerable: false })
}

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
  // The fields are declared, not class fields: the constructor sets each one, in the order the class fields
  // had (so the own properties keep theirs), and a class field would be defined once more, empty, before it:
  // bytes in every browser bundle for nothing.
  /** HTTP status of the answer; undefined when there was none (connection, timeout, client validation). */
  declare readonly status: number | undefined
  /** The code of a code-style error body (`insufficient_funds`, ...), or the SDK's own code. */
  declare readonly code: string | undefined
  /** Trace id of the answer (envelope `traceId`, code-style `request_id`, or the `X-Trace-Id` header). */
  declare readonly traceId: string | undefined
  /** `request_id` of a code-style error body, when the gateway sent one. */
  declare readonly requestId: string | undefined
  /**
   * The error body as received, parsed when it was JSON. Not enumerable, so that an uncaught error prints
   * in a few lines; `toJSON()` includes it.
   */
  declare readonly body: unknown
  /** The idempotency key the call used, so the caller can store it and retry later with it. */
  declare readonly idempotencyKey: string | undefined
  /** How many attempts were made before giving up. */
  declare readonly attempts: number | undefined

  constructor(message: string, init: GatewayErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    setFields(this, {
      status: init.status,
      code: init.code,
      traceId: init.traceId ?? init.requestId,
      requestId: init.requestId,
      idempotencyKey: init.idempotencyKey,
      attempts: init.attempts,
    })
    // Read-only and not enumerable (the descriptor's defaults); after the others, as it was when they were
    // class fields.
    Object.defineProperty(this, 'body', { value: init.body })
  }

  /**
   * The error as a plain object for structured logs: name, message, every field (the body included) and
   * the cause's `name: message`; never the cause's request, which holds the request's headers.
   *
   * @example
   * ```ts
   * logger.error({ err: error.toJSON() }, 'refund failed')
   * // { name: 'InvalidRequestError', message: '...', status: 400, code: 'refund_exceeds_remaining', ... }
   * ```
   */
  toJSON(): Record<string, unknown> {
    const cause = this.cause
    // Own enumerable fields: these and a subclass's (`attemptsRemaining`, `lockedUntil`, ...).
    const fields: Record<string, unknown> = { ...(this as object) }
    return {
      ...fields,
      name: this.name,
      message: this.message,
      body: this.body,
      ...(cause === undefined
        ? {}
        : { cause: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause) }),
    }
  }

  /**
   * How Node and Bun print the error (`console.log(error)`): the fields above and a one-line cause, not the
   * cause's whole Request, Response and options (which would also show the request's headers).
   *
   * @internal
   */
  [NODE_INSPECT](_depth: number, options: object, inspect?: InspectValue): string {
    return describeError(this, options, inspect)
  }

  /**
   * The same for Deno.
   *
   * @internal
   */
  [DENO_INSPECT](inspect?: InspectValue, options?: object): string {
    return describeError(this, options, inspect)
  }
}
