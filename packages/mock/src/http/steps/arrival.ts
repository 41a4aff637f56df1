/**
 * @module steps/arrival
 * The steps that open and close every operation's pipeline: the seed awaited, what expired dropped, the
 * arrival noted (the era in force, for the log), and at the end the log entry, with the era's deprecation
 * warning on a gateway answer.
 */
import { HEADERS, type Authentication, type ContractEra, type DeprecatedUse } from '@merchant-gateway/contract'
import { deprecationHeader, eraNow } from '../../domain/timeline.js'
import { NO_ANSWER, type RouteAnswer } from '../answer.js'
import { newTraceId, type OperationStep } from '../operation-call.js'
import { redactHeaders } from '../log-redaction.js'
import { arrive, logAnswer, type Arrival, type RequestNotes } from '../request-log.js'
import { logsDetail, type GatewayRuntime } from '../runtime.js'

/**
 * Every request and control call waits for the seed (or the start state) to be in place. Once that promise
 * is known fulfilled, a request goes on at once rather than a turn of the microtask queue later (a reset
 * makes a new promise, which is waited for again).
 */
export const ready: OperationStep = {
  name: 'ready',
  run: (call, next) => {
    const seeded = call.runtime.ready()
    if (fulfilled.has(seeded)) return next()
    return seeded.then(() => {
      fulfilled.add(seeded)
      return next()
    })
  },
}
const fulfilled = new WeakSet<Promise<void>>()

/** What expired by the mock clock goes first (amortised: only what is due is looked at). */
export const retention: OperationStep = {
  name: 'retention',
  run: (call, next) => {
    const { ctx } = call.runtime
    ctx.retention.prune(ctx.clock.now())
    return next()
  },
}

/**
 * The era in force when the request arrived, the arrival for its log entry (with the operation, and the
 * headers, secrets redacted, unless the log keeps none), and its trace id.
 */
export const arrival: OperationStep = {
  name: 'arrival',
  run: (call, next) => {
    const { ctx } = call.runtime
    call.era = eraNow(ctx)
    call.arrival = arrive(call.request, ctx.clock.now(), call.era.name)
    call.traceId = newTraceId()
    call.notes.operation = call.route.operation
    if (logsDetail(call.runtime)) call.notes.headers = redactHeaders(call.request.headers)
    return next()
  },
}

/** Every answer is logged, none too (with status null); a gateway answer gets the era's deprecation warning. */
export const log: OperationStep = {
  name: 'log',
  run: (call, next) =>
    next().then((response) => {
      const { era, arrival, traceId, notes } = call
      return finish(call.runtime, { era, auth: call.route.auth, arrival, traceId, notes, response })
    }),
}

/**
 * Adds the era's deprecation warning to a gateway answer (`auth` of the gateway's operations: `api-key`,
 * `signed`) and logs it. A network error (no answer) is logged with status null.
 *
 * @example
 * ```ts
 * return finish(runtime, { era, auth: 'api-key', arrival, traceId, notes: newNotes(), response })
 * ```
 */
export function finish(
  runtime: GatewayRuntime,
  request: {
    era: ContractEra
    /** The operation's authentication; null off the gateway's operations (a path no route has). */
    auth: Authentication | null
    arrival: Arrival
    traceId: string
    notes: RequestNotes
    response: RouteAnswer
  },
): RouteAnswer {
  const { era, auth, arrival, traceId, notes, response } = request
  if (response !== NO_ANSWER && (auth === 'api-key' || auth === 'signed')) {
    const warning = deprecationHeader(era, auth, notes.uses ?? NO_USES, runtime.ctx.options.deprecationHeader)
    if (warning !== undefined) response.headers[HEADERS.deprecationWarning] = warning
  }
  logAnswer(runtime.requests, arrival, traceId, response === NO_ANSWER ? null : response.status, notes)
  return response
}

/** The uses of a request that did nothing deprecated. */
const NO_USES: ReadonlySet<DeprecatedUse> = new Set()
