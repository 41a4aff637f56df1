/**
 * @module pipeline
 * The gateway's routes: what a handler says about one operation (which operation, how its input is parsed,
 * what it runs, how its result is shaped), and {@link route}, which reads the rest from the contract's
 * operation table (path, methods, authentication, what the request carries, the answer's shape) and runs
 * each request through the gateway's steps (pipelines.ts):
 *
 *   fault (network / error answer at once) -> read body -> authenticate (by the era in force) ->
 *   media type, parse and validate (in the request's form) -> idempotency (replay / in flight / mismatch) ->
 *   latency fault -> due work and the operation, alone -> store the outcome for the key -> drop-response fault
 *
 * Every answer gets the era's `X-Service-Deprecation-Warning` where it applies, and a request-log entry.
 * A refusal before the domain operation stores nothing and changes no state. An error that is not a rule
 * refusal is a bug of the mock: it is logged and answered 500, and the tests assert it never happens.
 */
import {
  GATEWAY_OPERATIONS,
  OPERATION_REQUESTS,
  type GatewayOperation,
  type OperationInput,
} from '@merchant-gateway/contract'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { DomainContext } from '../domain/context.js'
import type { MerchantRecord } from '../store/records.js'
import type { IncomingRequest } from './answer.js'
import type { OperationRoute } from './operation-call.js'
import { GATEWAY_STEPS, pipeline } from './pipelines.js'
import { envelope } from './responses.js'
import type { GatewayRuntime } from './runtime.js'
import type { ServiceRoute } from './service-routes.js'
import { GATEWAY_STYLE } from './steps/refusals.js'
import { validate } from './validate.js'

export { finish } from './steps/arrival.js'
export { newTraceId } from './operation-call.js'

/**
 * The earlier request form of a refund or payout (unsigned, snake_case, a bare result): a second wire
 * mapping onto the same domain operation.
 */
interface EarlierForm<I, R> {
  /** Turns the earlier body into the same input the current form gives the operation; a 400 when invalid. */
  parse(body: Record<string, unknown>): I
  /** The operation's result in the earlier result shape. */
  render(ctx: DomainContext, result: R): unknown
}

/**
 * What a handler says about one gateway route: which operation it serves and what it does. Everything else
 * (path, methods, authentication, body, shape of the answer) is the contract's operation table's.
 */
export interface RouteSpec<I, R> {
  operation: GatewayOperation
  /** For an operation served on several methods (transaction detail), the one this route takes. */
  method?: 'GET' | 'POST'
  /**
   * Turns the parsed body and URL into the operation's input; throws a 400 {@link RuleError} when invalid.
   * Default: the body validated against the operation's request schema (`OPERATION_REQUESTS`).
   */
  parse?(body: Record<string, unknown> | undefined, url: URL): I
  /** Runs the operation. */
  run(ctx: DomainContext, merchant: MerchantRecord, input: I): R | Promise<R>
  /** The result in its current wire shape; without it the result is already the wire shape. */
  render?(ctx: DomainContext, result: R): unknown
  /** The earlier form, for refund and payout. */
  earlier?: EarlierForm<I, R>
}

/** Reads the operation table for a handler's spec; a method the operation is not served on is a bug. */
function resolve<I, R>(spec: RouteSpec<I, R>): OperationRoute {
  const op = GATEWAY_OPERATIONS[spec.operation]
  const methods: readonly string[] = op.methods
  const method = spec.method ?? op.methods[0]
  if (!methods.includes(method) || (spec.method === undefined && methods.length > 1))
    throw new Error(`[mock] ${spec.operation} is served on ${methods.join(' and ')}: a route names one of them`)
  // `envelope`: always enveloped; `documented`: bare unless the option `responseStyle: 'envelope'`.
  const enveloped = (ctx: DomainContext) => op.response === 'envelope' || ctx.options.responseStyle === 'envelope'
  const earlier = (form: 'current' | 'earlier') => (form === 'earlier' ? spec.earlier : undefined)
  const schema: StandardSchemaV1 | null = OPERATION_REQUESTS[spec.operation]
  // The request's URL is parsed only for a route whose own parse reads it (transaction detail's query): the
  // default parse reads the body alone, and a URL parsed per request showed in the server's profile.
  const parse: (body: Record<string, unknown> | undefined, request: IncomingRequest) => I = spec.parse
    ? (body, request) => spec.parse!(body, new URL(request.url))
    : (body) => (schema === null ? undefined : validate(schema, body)) as I
  return {
    operation: spec.operation,
    method,
    path: op.path,
    auth: op.auth,
    carrier: op.request,
    style: GATEWAY_STYLE,
    input: (call, body) => {
      const form = earlier(call.form)
      return form ? form.parse(body!) : parse(body, call.request)
    },
    run: (call) => spec.run(call.runtime.ctx, call.merchant!, call.input as I),
    body: (call, result) => {
      const { ctx } = call.runtime
      // The earlier results are bare objects; the current ones follow the route's shape.
      const form = earlier(call.form)
      if (form) return form.render(ctx, result as R)
      const data = spec.render ? spec.render(ctx, result as R) : result
      return enveloped(ctx) ? envelope(data, call.traceId) : data
    },
  }
}

/**
 * Builds the service route of one gateway operation.
 *
 * @example
 * ```ts
 * const cancel: ServiceRoute = route(runtime, { operation: 'cancelOrder', parse, run })
 * ```
 */
export function route<Id extends GatewayOperation, I = OperationInput<Id>, R = unknown>(
  runtime: GatewayRuntime,
  handler: RouteSpec<I, R> & { operation: Id },
): ServiceRoute {
  const resolved = resolve(handler)
  return { method: resolved.method, path: resolved.path, answer: pipeline(runtime, resolved, GATEWAY_STEPS) }
}
