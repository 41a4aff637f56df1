/**
 * @module msw-handlers
 * The service's routes (service-routes.ts) as msw handlers, for `setupServer(...mock.handlers)` and
 * `setupWorker(...mock.handlers)`. The one module of the mock's wiring that imports msw: the HTTP server and
 * the CLI answer through the direct dispatcher and load none of msw (docs/architecture.md has what that saves
 * a start), and a mock builds its handlers only when they are first read.
 */
import { http, type HttpHandler } from 'msw'
import { toResponse } from './answer.js'
import type { ServiceRoute } from './service-routes.js'

/**
 * The msw handlers of the routes, in their order (msw tries them in turn).
 *
 * @example
 * ```ts
 * const handlers = toMswHandlers(routes, 'https://gateway.mock')
 * setupServer(...handlers)
 * ```
 */
export function toMswHandlers(routes: readonly ServiceRoute[], baseUrl: string): HttpHandler[] {
  return routes.map((route) => {
    const url =
      route.path === '*'
        ? `${baseUrl}/*`
        : typeof route.path === 'string'
          ? `${baseUrl}${route.path}`
          : `${baseUrl}${route.path.prefix}*`
    const method = route.method === 'GET' ? http.get : route.method === 'POST' ? http.post : http.all
    return method(url, async ({ request }) => toResponse(await route.answer(request)))
  })
}
