/**
 * @module pipeline
 * The path every gateway request takes, so that handlers only parse and shape:
 *
 *   fault (network / error answer at once) -> read body -> authenticate (by the era in force) ->
 *   media type, parse and validate (in the request's form) -> idempotency (replay / in flight / mismatch) ->
 *   latency fault -> domain operation, alone -> store the outcome for the key -> drop-response fault
 *
 * Every answer gets the era's `X-Service-Deprecation-Warning` where it applies, and a request-log entry.
 * A refusal before the domain operation stores nothing and changes no state. An error that is not a rule
 * refusal is a bug of the mock: it is logged and answered 500, and the tests assert it never happens.
 */
import {
  GATEWAY_OPERATIONS,
  HEADERS,
  OPERATION_REQUESTS,
  type ContractEra,
  type GatewayOperation,
  type OperationInput,
} from '@merchant-gateway/contract'
import { randomHex, type DomainContext } from '../domain/context.js'
import { fingerprintOf, type IdempotencyDecision } from '../domain/idempotency.js'
import { isRuleError, RuleError } from '../domain/rule-error.js'
import { runDue } from '../domain/settlement.js'
import { deprecationHeader, eraNow } from '../domain/timeline.js'
import type { MerchantRecord } from '../store/records.js'
import { authenticateMoney, authenticateStandard } from './authenticate.js'
import { checkMediaType, parseJsonObject, readBody } from './read-body.js'
import { arrive, logAnswer, newNotes, type Arrival, type RequestNotes } from './request-log.js'
import { codeErrorBody, envelope, json, jsonText, statusErrorBody } from './responses.js'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { validate } from './validate.js'
import type { GatewayRuntime } from './runtime.js'
import type { ServiceRoute } from './service-routes.js'
import { NO_ANSWER, type Answer, type IncomingRequest, type RouteAnswer } from './answer.js'

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

/** A route as the pipeline runs it: the handler's spec, and what the operation table says of it. */
interface ResolvedRoute<I, R> extends RouteSpec<I, R> {
  parse(body: Record<string, unknown> | undefined, url: URL): I
  method: 'GET' | 'POST'
  path: string
  /** `standard`: X-Api-Key; `money`: refund and payout (signed, or the earlier form by era). */
  auth: 'standard' | 'money'
  /** `none`: no body, or a JSON object that is ignored; `json`: a JSON object is required. */
  body: 'none' | 'json'
  /** `envelope`: always enveloped; `documented`: bare unless `responseStyle: 'envelope'`. */
  shape: 'envelope' | 'documented'
}

/** Reads the operation table for a handler's spec; a method the operation is not served on is a bug. */
function resolve<I, R>(spec: RouteSpec<I, R>): ResolvedRoute<I, R> {
  const op = GATEWAY_OPERATIONS[spec.operation]
  const methods: readonly string[] = op.methods
  const method = spec.method ?? op.methods[0]
  if (!methods.includes(method) || (spec.method === undefined && methods.length > 1))
    throw new Error(`[mock] ${spec.operation} is served on ${methods.join(' and ')}: a route names one of them`)
  const schema: StandardSchemaV1 | null = OPERATION_REQUESTS[spec.operation]
  return {
    ...spec,
    parse: spec.parse ?? ((body) => (schema === null ? undefined : validate(schema, body)) as I),
    method,
    path: op.path,
    auth: op.auth === 'signed' ? 'money' : 'standard',
    body: op.request === 'json' ? 'json' : 'none',
    shape: op.response === 'envelope' ? 'envelope' : 'documented',
  }
}

interface Outcome {
  status: number
  text: string
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
  const spec = resolve(handler)
  const kind = spec.auth
  return {
    method: spec.method,
    path: spec.path,
    answer: async (request) => {
      await runtime.ready()
      const { ctx } = runtime
      // What expired by the mock clock goes first (amortised: only what is due is looked at).
      ctx.retention.prune(ctx.clock.now())
      const era = eraNow(ctx)
      const arrival = arrive(request, ctx.clock.now(), era.name)
      const traceId = newTraceId()
      const notes = newNotes()
      const fault = runtime.faults.take(request.method, spec.path)
      let response: RouteAnswer
      if (fault?.kind === 'network') response = NO_ANSWER
      else if (fault?.kind === 'error')
        response = json(
          fault.status,
          statusErrorBody(fault.status, `[mock] injected fault on ${spec.method} ${spec.path}`),
          traceId,
        )
      else {
        response = await handle(
          runtime,
          spec,
          era,
          request,
          traceId,
          notes,
          fault?.kind === 'latency' ? fault.delayMs : 0,
        )
        if (fault?.kind === 'drop-response') response = NO_ANSWER
      }
      return finish(runtime, { era, kind, arrival, traceId, notes, response })
    },
  }
}

/**
 * Adds the era's deprecation warning to a gateway answer (`kind` null: not a gateway answer) and logs it.
 * A network error (no answer) is logged with status null.
 */
export function finish(
  runtime: GatewayRuntime,
  request: {
    era: ContractEra
    kind: 'money' | 'standard' | null
    arrival: Arrival
    traceId: string
    notes: RequestNotes
    response: RouteAnswer
  },
): RouteAnswer {
  const { era, kind, arrival, traceId, notes, response } = request
  if (response !== NO_ANSWER && kind !== null) {
    const warning = deprecationHeader(era, kind, notes.uses, runtime.ctx.options.deprecationHeader)
    if (warning !== undefined) response.headers[HEADERS.deprecationWarning] = warning
  }
  logAnswer(runtime.requests, arrival, traceId, response === NO_ANSWER ? null : response.status, notes)
  return response
}

async function handle<I, R>(
  runtime: GatewayRuntime,
  spec: ResolvedRoute<I, R>,
  era: ContractEra,
  request: IncomingRequest,
  traceId: string,
  notes: RequestNotes,
  latencyMs: number,
): Promise<Answer> {
  const { ctx } = runtime
  let decision: IdempotencyDecision | undefined
  try {
    const raw = await readBody(request)
    const auth =
      spec.auth === 'money'
        ? await authenticateMoney(ctx, era, request, spec.path, raw.bytes, notes, runtime.signatures)
        : authenticateStandard(ctx, era, request, spec.path, notes)
    checkMediaType(request, raw, ctx.options.strictContentType)
    const body = parseJsonObject(raw, { allowEmpty: spec.body === 'none' })
    const earlier = auth.form === 'earlier' ? spec.earlier : undefined
    const input = earlier ? earlier.parse(body!) : spec.parse(body, new URL(request.url))

    if (auth.idempotencyKey !== undefined) {
      decision = runtime.idempotency.begin({
        merchantId: auth.merchant.merchantId,
        key: auth.idempotencyKey,
        operation: spec.operation,
        // The form is part of the request: a key sent in one form and again in the other is not a replay.
        fingerprint: fingerprintOf({ form: auth.form, input }),
      })
      if (decision.kind === 'replay') {
        notes.replayed = true
        return jsonText(decision.status, decision.body, traceId, { [HEADERS.idempotentReplayed]: 'true' })
      }
      if (decision.kind === 'in-use') {
        throw new RuleError(
          409,
          `A request with this ${HEADERS.idempotentKey} is still being processed; retry later`,
          'idempotency_key_in_use',
        )
      }
      if (decision.kind === 'mismatch') {
        throw new RuleError(
          422,
          `This ${HEADERS.idempotentKey} was used within 24 hours for a different ` +
            `request (${decision.operation}); use a new key for a new request`,
          'idempotency_key_mismatch',
        )
      }
    }

    if (latencyMs > 0) await ctx.options.sleep(latencyMs)
    const outcome = await runtime.serial.run(() => execute(ctx, spec, earlier, auth.merchant, input, traceId))
    if (decision?.kind === 'proceed') {
      // 400 and 404 say the request itself was wrong: the client fixes it and may keep the key.
      if (outcome.status === 400 || outcome.status === 404) decision.release()
      else await decision.complete(outcome.status, outcome.text)
    }
    return jsonText(outcome.status, outcome.text, traceId)
  } catch (error) {
    if (decision?.kind === 'proceed') decision.release()
    if (isRuleError(error)) return errorResponse(ctx, error, traceId)
    console.error(`[mock] unexpected error on ${spec.method} ${spec.path}:`, error)
    return json(
      500,
      statusErrorBody(500, `[mock] unexpected error: ${error instanceof Error ? error.message : String(error)}`),
      traceId,
    )
  }
}

async function execute<I, R>(
  ctx: DomainContext,
  spec: ResolvedRoute<I, R>,
  earlier: EarlierForm<I, R> | undefined,
  merchant: MerchantRecord,
  input: I,
  traceId: string,
): Promise<Outcome> {
  // What fell due on the mock clock runs first, so the operation sees it settled (not while autoSettle is off).
  runDue(ctx, 'auto')
  try {
    const result = await spec.run(ctx, merchant, input)
    // The earlier results are bare objects; the current ones follow the route's shape.
    if (earlier) return { status: 200, text: JSON.stringify(earlier.render(ctx, result)) }
    const data = spec.render ? spec.render(ctx, result) : result
    const enveloped = spec.shape === 'envelope' || ctx.options.responseStyle === 'envelope'
    return { status: 200, text: JSON.stringify(enveloped ? envelope(data, traceId) : data) }
  } catch (error) {
    if (!isRuleError(error)) throw error
    return { status: error.status, text: JSON.stringify(errorBodyOf(ctx, error, traceId)) }
  }
}

function errorResponse(ctx: DomainContext, error: RuleError, traceId: string): Answer {
  return json(error.status, errorBodyOf(ctx, error, traceId), traceId)
}

function errorBodyOf(ctx: DomainContext, error: RuleError, traceId: string): unknown {
  return error.code
    ? codeErrorBody(error.code, error.message, traceId, ctx.clock.now(), error.details)
    : statusErrorBody(error.status, error.message)
}

/** A new trace id: `trc_` and 24 hex digits. */
export function newTraceId(): string {
  return `trc_${randomHex(12)}`
}
