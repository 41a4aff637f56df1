/**
 * @module pin-pipeline
 * The path of every PIN module request, beside the gateway's `pipeline.ts`:
 *
 *   fault -> read body -> bearer authentication -> parse -> domain operation, alone -> PIN envelope
 *
 * Success: `{status_code: 200, message, data}` with SPEC.md's exact messages. Refusal: the same
 * envelope plus `code` (`{status_code, message, code, data}`), our decision for the bodies SPEC.md
 * leaves open. Bad input is a 4xx; nothing here answers 5xx unless a fault was injected.
 */
import type { PinOperation } from '@merchant-gateway/contract'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { randomHex, type DomainContext } from '../domain/context.js'
import { isRuleError, RuleError } from '../domain/rule-error.js'
import { userByToken } from '../domain/users.js'
import type { UserRecord } from '../store/records.js'
import { parseJsonObject, readBody } from './read-body.js'
import { json } from './responses.js'
import type { GatewayRuntime } from './runtime.js'

/** How a PIN route authenticates and what it does. */
export interface PinRouteSpec<I> {
  operation: PinOperation
  path: string
  /** `required`: a bearer token of a known user; `optional`: reset-pin, which SPEC.md gates by the session alone. */
  bearer: 'required' | 'optional'
  /** SPEC.md's success message. */
  message: string
  parse(body: Record<string, unknown>): I
  run(ctx: DomainContext, user: UserRecord | undefined, input: I): Promise<unknown>
}

/**
 * Builds the msw handler of one PIN route.
 *
 * @example
 * ```ts
 * pinRoute(runtime, { operation: 'setPin', path: PIN_PATHS.setPin, bearer: 'required', message: PIN_MESSAGES.setPin, parse, run })
 * ```
 */
export function pinRoute<I>(runtime: GatewayRuntime, spec: PinRouteSpec<I>): HttpHandler {
  return http.post(`${runtime.ctx.options.baseUrl}${spec.path}`, async ({ request }) => {
    await runtime.ready()
    const traceId = `trc_${randomHex(12)}`
    const fault = runtime.faults.take(request.method, spec.path)
    if (fault?.kind === 'network') return HttpResponse.error()
    if (fault?.kind === 'error') return json(fault.status, failure(new RuleError(fault.status, `[mock] injected fault on POST ${spec.path}`, 'injected_fault')), traceId)
    const response = await handle(runtime, spec, request, traceId, fault?.kind === 'latency' ? fault.delayMs : 0)
    return fault?.kind === 'drop-response' ? HttpResponse.error() : response
  })
}

async function handle<I>(runtime: GatewayRuntime, spec: PinRouteSpec<I>, request: Request, traceId: string, latencyMs: number): Promise<Response> {
  const { ctx } = runtime
  try {
    const body = parseJsonObject(await readBody(request), { allowEmpty: false })!
    const user = authenticate(ctx, request, spec.bearer)
    const input = spec.parse(body)
    if (latencyMs > 0) await ctx.options.sleep(latencyMs)
    const data = await runtime.serial.run(() => spec.run(ctx, user, input))
    return json(200, { status_code: 200, message: spec.message, data: data ?? null }, traceId)
  } catch (error) {
    if (isRuleError(error)) return json(error.status, failure(error), traceId)
    console.error(`[mock] unexpected error on POST ${spec.path}:`, error)
    return json(500, { status_code: 500, message: `[mock] unexpected error: ${error instanceof Error ? error.message : String(error)}`, code: 'internal_error', data: null }, traceId)
  }
}

function authenticate(ctx: DomainContext, request: Request, bearer: 'required' | 'optional'): UserRecord | undefined {
  const header = request.headers.get('Authorization')
  if (header === null || header.trim() === '') {
    if (bearer === 'optional') return undefined
    throw new RuleError(401, 'Missing Authorization: Bearer <access_token>', 'unauthenticated')
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match) throw new RuleError(401, 'Authorization must be "Bearer <access_token>"', 'unauthenticated')
  const user = userByToken(ctx, match[1]!)
  if (!user) throw new RuleError(401, 'Unknown or expired access token', 'invalid_token')
  return user
}

function failure(error: RuleError): { status_code: number; message: string; code: string; data: unknown } {
  // A read-body or validation refusal carries no PIN code of its own: it is an invalid request.
  return { status_code: error.status, message: error.message, code: error.code ?? (error.status >= 500 ? 'injected_fault' : 'invalid_request'), data: error.data ?? null }
}
