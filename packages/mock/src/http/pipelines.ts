/**
 * @module pipelines
 * The path every operation's request takes, as named steps in one ordered list per module. The gateway and
 * the PIN module share their steps, and their lists differ only where the contract does:
 *
 *   gateway  ready  retention  arrival  log  faults  refusals  body  authentication  media type  parse
 *            idempotency  latency  one at a time  due work  operation
 *   PIN      ready  retention  arrival  log  faults  refusals  authentication  body  media type  parse
 *            latency  one at a time  operation
 *
 * - the gateway reads the body before authenticating: a signed request's signature covers its exact bytes;
 *   the PIN module checks who asks before it reads what they sent (a request without a valid token is 401
 *   whatever its body);
 * - idempotency: the gateway's refund and payout take an idempotency key; no PIN operation does;
 * - due work: what fell due on the mock clock (refunds and payouts to settle, webhook attempts) touches the
 *   gateway's records, which its operations read; the PIN module's records never fall due.
 *
 * Where else they differ, the operation table decides and the steps read it: which authentication (`auth`),
 * whether an empty body is none (`request`), the style of an answer (`response`: the gateway's bodies or
 * the PIN envelope), which answers carry the era's deprecation warning (the gateway's).
 *
 * A refusal before the operation stores nothing and changes no state.
 */
import { chain } from './middleware.js'
import type { OperationCall, OperationRoute, OperationStep } from './operation-call.js'
import type { GatewayRuntime } from './runtime.js'
import type { RouteAnswer } from './answer.js'
import { arrival, log, ready, retention } from './steps/arrival.js'
import { faults } from './steps/faults.js'
import { idempotency } from './steps/idempotency.js'
import { alone, dueWork, latency, operation } from './steps/operation.js'
import { refusals } from './steps/refusals.js'
import { authentication, body, mediaType, parse } from './steps/request.js'
import type { IncomingRequest } from './answer.js'
import { newNotes } from './request-log.js'

/**
 * The gateway's steps, in order.
 *
 * @example
 * ```ts
 * GATEWAY_STEPS.map((step) => step.name).join(' -> ')
 * ```
 */
export const GATEWAY_STEPS: readonly OperationStep[] = [
  ready,
  retention,
  arrival,
  log,
  faults,
  refusals,
  body,
  authentication,
  mediaType,
  parse,
  idempotency,
  latency,
  alone,
  dueWork,
  operation,
]

/**
 * The PIN module's steps, in order.
 *
 * @example
 * ```ts
 * PIN_STEPS.map((step) => step.name).join(' -> ')
 * ```
 */
export const PIN_STEPS: readonly OperationStep[] = [
  ready,
  retention,
  arrival,
  log,
  faults,
  refusals,
  authentication,
  body,
  mediaType,
  parse,
  latency,
  alone,
  operation,
]

/**
 * The answer function of a route: a new call through the steps.
 *
 * @example
 * ```ts
 * const answer = pipeline(runtime, route, GATEWAY_STEPS)
 * await answer(request)
 * ```
 */
export function pipeline(
  runtime: GatewayRuntime,
  route: OperationRoute,
  steps: readonly OperationStep[],
): (request: IncomingRequest) => Promise<RouteAnswer> {
  const run = chain(steps, () => {
    throw new Error(`[mock] the steps of ${route.operation} end without its operation`)
  })
  return (request) => run(newCall(runtime, route, request))
}

/** A call that just arrived: the arrival step sets its era, arrival and trace id before any step reads them. */
function newCall(runtime: GatewayRuntime, route: OperationRoute, request: IncomingRequest): OperationCall {
  return {
    runtime,
    route,
    request,
    notes: newNotes(),
    era: undefined as unknown as OperationCall['era'],
    arrival: undefined as unknown as OperationCall['arrival'],
    traceId: '',
    latencyMs: 0,
    // Every field there from the start: one shape for every call.
    raw: undefined,
    merchant: undefined,
    user: undefined,
    form: 'current',
    idempotencyKey: undefined,
    input: undefined,
  }
}
