/**
 * @module pin-pipeline
 * The path of every PIN module request, beside the gateway's `pipeline.ts`:
 *
 *   fault -> bearer authentication -> read body -> media type -> parse -> domain operation, alone -> PIN envelope
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
import { isRuleError, RuleError } from '../domain/rule-error.js'
import { eraNow } from '../domain/timeline.js'
import { userByToken } from '../domain/users.js'
import type { UserRecord } from '../store/records.js'
import { newTraceId } from './pipeline.js'
import { checkMediaType, parseJsonObject, readBody } from './read-body.js'
import { arrive, logAnswer, newNotes, type RequestNotes } from './request-log.js'
import { json, pinCodeForStatus, pinErrorBody } from './responses.js'
import type { GatewayRuntime } from './runtime.js'
import type { ServiceRoute } from './service-routes.js'
import { NO_ANSWER, type Answer, type IncomingRequest, type RouteAnswer } from './answer.js'

/**
 * What a handler says about one PIN route: which operation and what it does. Its path, its authentication
 * and its success message are the contract's (the operation table, `PIN_MESSAGES`).
 */
export interface PinRouteSpec<I> {
  operation: PinOperation
  parse(body: Record<string, unknown>): I
  run(ctx: DomainContext, user: UserRecord | undefined, input: I): Promise<unknown>
}

/** A PIN route as the pipeline runs it. */
interface ResolvedPinRoute<I> extends PinRouteSpec<I> {
  path: string
  /**
   * `required`: a bearer token of a known user; `ignored`: reset-pin, which the service gates by the
   * verified session alone (a token is looked at only to refuse another user's, or when the mock is told
   * to require it).
   */
  bearer: 'required' | 'ignored'
  /** The module's success message. */
  message: string
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
  const spec: ResolvedPinRoute<I> = {
    ...handler,
    path: op.path,
    bearer: op.auth === 'bearer' ? 'required' : 'ignored',
    message: PIN_MESSAGES[handler.operation],
  }
  return {
    method: 'POST',
    path: spec.path,
    answer: async (request) => {
      await runtime.ready()
      const { ctx } = runtime
      // What expired by the mock clock goes first (amortised: only what is due is looked at).
      ctx.retention.prune(ctx.clock.now())
      const arrival = arrive(request, ctx.clock.now(), eraNow(ctx).name)
      const traceId = newTraceId()
      const notes = newNotes()
      const fault = runtime.faults.take(request.method, spec.path)
      let response: RouteAnswer
      if (fault?.kind === 'network') response = NO_ANSWER
      else if (fault?.kind === 'error')
        response = json(
          fault.status,
          pinErrorBody(fault.status, `[mock] injected fault on POST ${spec.path}`, 'injected_fault'),
          traceId,
        )
      else {
        response = await handle(runtime, spec, request, traceId, notes, fault?.kind === 'latency' ? fault.delayMs : 0)
        if (fault?.kind === 'drop-response') response = NO_ANSWER
      }
      logAnswer(runtime.requests, arrival, traceId, response === NO_ANSWER ? null : response.status, notes)
      return response
    },
  }
}

async function handle<I>(
  runtime: GatewayRuntime,
  spec: ResolvedPinRoute<I>,
  request: IncomingRequest,
  traceId: string,
  notes: RequestNotes,
  latencyMs: number,
): Promise<Answer> {
  const { ctx } = runtime
  try {
    const user = authenticate(ctx, request, spec.bearer)
    notes.userId = user?.userId ?? null
    const raw = await readBody(request)
    checkMediaType(request, raw, ctx.options.strictContentType)
    const input = spec.parse(parseJsonObject(raw, { allowEmpty: false })!)
    if (latencyMs > 0) await ctx.options.sleep(latencyMs)
    const data = await runtime.serial.run(() => spec.run(ctx, user, input))
    return json(200, { status_code: 200, message: spec.message, data: data ?? null }, traceId)
  } catch (error) {
    if (isRuleError(error)) {
      // A refusal that says when to come back (a PIN block, the reset-code limit) says it in Retry-After too.
      const retryAfter = error.data?.retry_after_seconds
      return json(
        error.status,
        failure(error),
        traceId,
        typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {},
      )
    }
    console.error(`[mock] unexpected error on POST ${spec.path}:`, error)
    return json(
      500,
      pinErrorBody(
        500,
        `[mock] unexpected error: ${error instanceof Error ? error.message : String(error)}`,
        'internal_error',
      ),
      traceId,
    )
  }
}

/**
 * The user behind the bearer token. On reset-pin (`ignored`) a missing, malformed, unknown or expired
 * token is no token: the service decides on the verified session alone. With `resetPinBearer: 'required'`
 * the token is required there too.
 */
function authenticate(
  ctx: DomainContext,
  request: IncomingRequest,
  bearer: ResolvedPinRoute<unknown>['bearer'],
): UserRecord | undefined {
  const lenient = bearer === 'ignored' && ctx.options.resetPinBearer !== 'required'
  const header = request.headers.get('Authorization')
  if (header === null || header.trim() === '') {
    if (bearer === 'ignored') return undefined
    throw new RuleError(401, 'Missing Authorization: Bearer <access_token>', 'unauthenticated')
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match) {
    if (lenient) return undefined
    throw new RuleError(401, 'Authorization must be "Bearer <access_token>"', 'unauthenticated')
  }
  const user = userByToken(ctx, match[1]!)
  if (!user) {
    if (lenient) return undefined
    throw new RuleError(401, 'Unknown or expired access token', 'invalid_token')
  }
  return user
}

function failure(error: RuleError): ReturnType<typeof pinErrorBody> {
  // A refusal without a PIN code of its own (reading or validating the request) is named by its status.
  return pinErrorBody(
    error.status,
    error.message,
    (error.code as Parameters<typeof pinErrorBody>[2] | undefined) ?? pinCodeForStatus(error.status),
    error.data ?? null,
  )
}
