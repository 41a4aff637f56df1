/**
 * @module pin-pipeline
 * The PIN module's routes: what a handler says about one operation (which operation, how its input is parsed,
 * what it runs), and {@link pinRoute}, which reads the rest from the contract (the operation table's path and
 * authentication, `PIN_MESSAGES`) and runs each request through the PIN module's steps (pipelines.ts):
 *
 *   fault -> bearer authentication -> read body -> media type -> parse -> the operation, alone -> PIN envelope
 *
 * Authentication comes before the body is read, as a careful service checks who is asking before it
 * reads what they sent: a request without a valid token is 401 whatever its body.
 *
 * Success: `{status_code: 200, message, data}` with the module's exact messages. Refusal: the same
 * envelope plus `code` (`{status_code, message, code, data}`). Bad input is a 4xx; nothing here answers
 * 5xx unless a fault was injected.
 */
import { PIN_MESSAGES, PIN_OPERATIONS, type PinOperation } from '@merchant-gateway/contract'
import type { DomainContext } from '../domain/context.js'
import type { UserRecord } from '../store/records.js'
import { PIN_STEPS, pipeline } from './pipelines.js'
import type { GatewayRuntime } from './runtime.js'
import type { ServiceRoute } from './service-routes.js'
import { PIN_STYLE } from './steps/refusals.js'

/**
 * What a handler says about one PIN route: which operation and what it does. Its path, its authentication
 * and its success message are the contract's (the operation table, `PIN_MESSAGES`).
 */
export interface PinRouteSpec<I> {
  operation: PinOperation
  parse(body: Record<string, unknown>): I
  run(ctx: DomainContext, user: UserRecord | undefined, input: I): Promise<unknown>
}

/**
 * Builds the service route of one PIN operation.
 *
 * @example
 * ```ts
 * pinRoute(runtime, { operation: 'setPin', parse, run })
 * ```
 */
export function pinRoute<I>(runtime: GatewayRuntime, handler: PinRouteSpec<I>): ServiceRoute {
  const op = PIN_OPERATIONS[handler.operation]
  const message = PIN_MESSAGES[handler.operation]
  const answer = pipeline(
    runtime,
    {
      operation: handler.operation,
      method: 'POST',
      path: op.path,
      auth: op.auth,
      carrier: op.request,
      style: PIN_STYLE,
      input: (_call, body) => handler.parse(body!),
      run: (call) => handler.run(call.runtime.ctx, call.user, call.input as I),
      body: (_call, data) => ({ status_code: 200, message, data: data ?? null }),
    },
    PIN_STEPS,
  )
  return { method: 'POST', path: op.path, answer }
}
