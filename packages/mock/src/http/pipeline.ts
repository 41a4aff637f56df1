/**
 * @module pipeline
 * The path every gateway request takes, so that handlers only parse and shape:
 *
 *   fault (network / error answer at once) -> read body -> authenticate -> parse and validate ->
 *   idempotency (replay / in flight / mismatch) -> latency fault -> domain operation, alone ->
 *   store the outcome for the key -> drop-response fault
 *
 * A refusal before the domain operation stores nothing and changes no state. An error that is not a
 * rule refusal is a bug of the mock: it is logged and answered 500, and the tests assert it never happens.
 */
import { HEADERS, type GatewayOperation } from '@merchant-gateway/contract'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { randomHex, type DomainContext } from '../domain/context.js'
import { fingerprintOf, type IdempotencyDecision } from '../domain/idempotency.js'
import { isRuleError, RuleError } from '../domain/rule-error.js'
import type { MerchantRecord } from '../store/records.js'
import { authenticateSigned, authenticateStandard } from './authenticate.js'
import { parseJsonObject, readBody } from './read-body.js'
import { codeErrorBody, envelope, json, jsonText, statusErrorBody } from './responses.js'
import type { GatewayRuntime } from './runtime.js'

/** How a route is authenticated, what body it takes and how its success is shaped. */
export interface RouteSpec<I> {
  operation: GatewayOperation
  method: 'GET' | 'POST'
  path: string
  auth: 'standard' | 'signed'
  /** `none`: no body, or a JSON object that is ignored; `json`: a JSON object is required. */
  body: 'none' | 'json'
  /** `envelope`: always enveloped (SPEC.md); `documented`: bare unless `responseStyle: 'envelope'`. */
  shape: 'envelope' | 'documented'
  /** Turns the parsed body and URL into the operation's input; throws a 400 {@link RuleError} when invalid. */
  parse(body: Record<string, unknown> | undefined, url: URL): I
  /** Runs the operation and returns the response data in its wire shape. */
  run(ctx: DomainContext, merchant: MerchantRecord, input: I): unknown
}

interface Outcome {
  status: number
  text: string
}

/**
 * Builds the msw handler of one route.
 *
 * @example
 * ```ts
 * const handler = route(runtime, { operation: 'cancelOrder', method: 'POST', path, auth: 'standard', ... })
 * ```
 */
export function route<I>(runtime: GatewayRuntime, spec: RouteSpec<I>): HttpHandler {
  const url = `${runtime.ctx.options.baseUrl}${spec.path}`
  const method = spec.method === 'GET' ? http.get : http.post
  return method(url, async ({ request }) => {
    await runtime.ready()
    const traceId = newTraceId()
    const fault = runtime.faults.take(request.method, spec.path)
    if (fault?.kind === 'network') return HttpResponse.error()
    if (fault?.kind === 'error') return json(fault.status, statusErrorBody(fault.status, `[mock] injected fault on ${spec.method} ${spec.path}`), traceId)
    const response = await handle(runtime, spec, request, traceId, fault?.kind === 'latency' ? fault.delayMs : 0)
    return fault?.kind === 'drop-response' ? HttpResponse.error() : response
  })
}

async function handle<I>(runtime: GatewayRuntime, spec: RouteSpec<I>, request: Request, traceId: string, latencyMs: number): Promise<Response> {
  const { ctx } = runtime
  let decision: IdempotencyDecision | undefined
  try {
    const raw = await readBody(request)
    const auth = spec.auth === 'signed' ? await authenticateSigned(ctx, request, spec.path, raw.bytes) : authenticateStandard(ctx, request, spec.path)
    const body = parseJsonObject(raw, { allowEmpty: spec.body === 'none' })
    const input = spec.parse(body, new URL(request.url))

    if (auth.idempotencyKey !== undefined) {
      decision = runtime.idempotency.begin({
        merchantId: auth.merchant.merchantId,
        key: auth.idempotencyKey,
        operation: spec.operation,
        fingerprint: fingerprintOf(input),
      })
      if (decision.kind === 'replay') return jsonText(decision.status, decision.body, traceId, { [HEADERS.idempotentReplayed]: 'true' })
      if (decision.kind === 'in-use') {
        throw new RuleError(409, `A request with this ${HEADERS.idempotentKey} is still being processed; retry later`, 'idempotency_key_in_use')
      }
      if (decision.kind === 'mismatch') {
        throw new RuleError(
          422,
          `This ${HEADERS.idempotentKey} was used within 24 hours for a different request (${decision.operation}); use a new key for a new request`,
          'idempotency_key_mismatch',
        )
      }
    }

    if (latencyMs > 0) await ctx.options.sleep(latencyMs)
    const outcome = await runtime.serial.run(() => execute(ctx, spec, auth.merchant, input, traceId))
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
    return json(500, statusErrorBody(500, `[mock] unexpected error: ${error instanceof Error ? error.message : String(error)}`), traceId)
  }
}

async function execute<I>(ctx: DomainContext, spec: RouteSpec<I>, merchant: MerchantRecord, input: I, traceId: string): Promise<Outcome> {
  if (ctx.options.autoSettle) {
    ctx.settlement.settleDue(ctx)
    ctx.webhooks.startDue(ctx)
  }
  try {
    const data = await spec.run(ctx, merchant, input)
    const enveloped = spec.shape === 'envelope' || ctx.options.responseStyle === 'envelope'
    return { status: 200, text: JSON.stringify(enveloped ? envelope(data, traceId) : data) }
  } catch (error) {
    if (!isRuleError(error)) throw error
    return { status: error.status, text: JSON.stringify(errorBodyOf(ctx, error, traceId)) }
  }
}

function errorResponse(ctx: DomainContext, error: RuleError, traceId: string): Response {
  return json(error.status, errorBodyOf(ctx, error, traceId), traceId)
}

function errorBodyOf(ctx: DomainContext, error: RuleError, traceId: string): unknown {
  return error.code
    ? codeErrorBody(error.code, error.message, traceId, ctx.clock.now(), error.details)
    : statusErrorBody(error.status, error.message)
}

function newTraceId(): string {
  return `trc_${randomHex(12)}`
}
