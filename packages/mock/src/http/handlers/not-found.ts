/**
 * @module handlers/not-found
 * The answer for anything under the base URL that no route takes: 405 with `Allow` for a known path
 * and the wrong method, 404 otherwise. Both status-style, so a client never sees an unexplained error.
 */
import { GATEWAY_PATHS, PIN_PATHS } from '@merchant-gateway/contract'
import { http } from 'msw'
import { randomHex } from '../../domain/context.js'
import { json, statusErrorBody } from '../responses.js'
import type { GatewayRuntime } from '../runtime.js'

const METHODS: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...Object.values(GATEWAY_PATHS), ...Object.values(PIN_PATHS)].map((path) => [path, 'POST'])),
  [GATEWAY_PATHS.transactionDetail]: 'GET, POST',
}

/** The catch-all handler; it must come after every route. */
export function notFoundHandler(runtime: GatewayRuntime) {
  return http.all(`${runtime.ctx.options.baseUrl}/*`, ({ request }) => {
    const path = new URL(request.url).pathname
    const traceId = `trc_${randomHex(12)}`
    const allow = METHODS[path]
    if (allow) return json(405, statusErrorBody(405, `${request.method} is not allowed on ${path}; use ${allow}`), traceId, { Allow: allow })
    return json(404, statusErrorBody(404, `Cannot ${request.method} ${path}`), traceId)
  })
}
