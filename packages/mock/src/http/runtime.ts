/**
 * @module runtime
 * Everything the HTTP layer of one mock instance needs besides the domain: idempotency records in
 * flight, armed faults, the serial queue, the request log, and the promise that the seed is in place.
 */
import type { FaultRegistry } from '../faults/faults.js'
import type { DomainContext } from '../domain/context.js'
import type { IdempotencyStore } from '../domain/idempotency.js'
import type { Serial } from '../domain/serial.js'
import type { RequestLog } from './request-log.js'
import type { SeenSignatures } from './seen-signatures.js'

/** The live parts of one mock instance, shared by its handlers and its control API. */
export interface GatewayRuntime {
  readonly ctx: DomainContext
  readonly idempotency: IdempotencyStore
  readonly faults: FaultRegistry
  readonly serial: Serial
  /** The requests this instance answered, newest last (bounded). */
  readonly requests: RequestLog
  /** Signatures seen while valid, for `rejectReplayedSignatures`. */
  readonly signatures: SeenSignatures
  /** Resolves when the seed is in place; every request and control call waits for it. */
  ready(): Promise<void>
}

/**
 * Whether a request's headers and body are noted for its log entry (secrets redacted): only when the log keeps
 * entries (`requestLogLimit` above 0) and their bodies (`requestLogBodies`).
 *
 * @example
 * ```ts
 * if (logsDetail(call.runtime)) call.notes.headers = redactHeaders(call.request.headers)
 * ```
 */
export function logsDetail(runtime: GatewayRuntime): boolean {
  return runtime.requests.keeps && runtime.ctx.options.requestLogBodies
}
