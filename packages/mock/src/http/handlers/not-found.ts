/**
 * @module handlers/not-found
 * The answer for anything under the base URL that no route takes: 405 with `Allow` for a known path
 * and the wrong method, 404 otherwise. The PIN module's paths answer in its own envelope, the rest
 * status-style, so a client never sees an unexplained error. Answers on gateway paths carry the era's
 * deprecation warning like any other gateway answer; every answer is logged.
 */
import { GATEWAY_OPERATIONS, GATEWAY_PATHS } from '@merchant-gateway/contract'
import { eraNow } from '../../domain/timeline.js'
import { finish, newTraceId } from '../pipeline.js'
import { arrive, newNotes } from '../request-log.js'
import { serviceMethods } from '../route-methods.js'
import { json, refusalBodyFor } from '../responses.js'
import type { GatewayRuntime } from '../runtime.js'
import type { ServiceRoute } from '../service-routes.js'

/** The paths of the signed operations (refund, payout), whose answers carry the money releases' warnings. */
const MONEY_PATHS: ReadonlySet<string> = new Set(
  Object.values(GATEWAY_OPERATIONS)
    .filter((op) => op.auth === 'signed')
    .map((op) => op.path),
)
const GATEWAY_PREFIX = GATEWAY_PATHS.listStores.slice(0, GATEWAY_PATHS.listStores.indexOf('/', '/api/v1/'.length) + 1)

/** Which gateway answers a path's refusal belongs to, for the deprecation warning; null off the gateway. */
function kindOf(path: string): 'signed' | 'api-key' | null {
  if (MONEY_PATHS.has(path)) return 'signed'
  return path.startsWith(GATEWAY_PREFIX) ? 'api-key' : null
}

/** The catch-all handler; it must come after every route. */
export function notFoundHandler(runtime: GatewayRuntime): ServiceRoute {
  return {
    method: 'ALL',
    path: '*',
    answer: async (request) => {
      await runtime.ready()
      const { ctx } = runtime
      const era = eraNow(ctx)
      const arrival = arrive(request, ctx.clock.now(), era.name)
      const path = new URL(request.url).pathname
      const traceId = newTraceId()
      const allow = serviceMethods(path)
      const response = allow
        ? json(405, refusalBodyFor(path, 405, `${request.method} is not allowed on ${path}; use ${allow}`), traceId, {
            Allow: allow,
          })
        : json(404, refusalBodyFor(path, 404, `Cannot ${request.method} ${path}`), traceId)
      // Off the gateway's paths (the PIN module, anything else) no release warning applies.
      return finish(runtime, { era, auth: kindOf(path), arrival, traceId, notes: newNotes(), response })
    },
  }
}
