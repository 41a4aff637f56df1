/**
 * @module service-routes
 * The service's routes as one declarative table (gateway, PIN module, QR images, the catch-all), and its
 * two compilations:
 *
 * - a direct dispatcher (router.ts), for `mock.fetch` and the HTTP server: a map lookup by method and path
 *   instead of msw trying each handler in turn (with a clone of the request for each), which measured
 *   several times faster (docs/architecture.md);
 * - msw handlers (msw-handlers.ts, apart so that what needs no msw loads none), for
 *   `setupServer(...mock.handlers)` and `setupWorker(...mock.handlers)`.
 *
 * Both call the same answer function of the same route. The dispatcher matches paths as msw does: the
 * path or its percent-decoded form, with one trailing slash tolerated; a differential test sends the same
 * requests through both and compares the answers.
 */
import type { IncomingRequest, RouteAnswer } from './answer.js'
import { createRouter, pathOf } from './router.js'

/**
 * One route of the service.
 *
 * @example
 * ```ts
 * const route: ServiceRoute = { method: 'POST', path: '/api/v1/payment-gateway/stores/list', answer: async () => ({
 *   status: 200, headers: {}, body: '{}' }) }
 * ```
 */
export interface ServiceRoute {
  /** `ALL`: any method (the QR images, which answer 405 themselves, and the catch-all). */
  method: 'GET' | 'POST' | 'ALL'
  /** An exact path, or `{ prefix }` for every path under it (`/qr/`), or `'*'` for anything left. */
  path: string | { prefix: string } | '*'
  /** Answers a request of this route. */
  answer(request: IncomingRequest): Promise<RouteAnswer>
}

/**
 * Answers a request on this instance's routes, or undefined when none takes it (a path outside the base
 * URL's path).
 *
 * @example
 * ```ts
 * const answer = await dispatch(new Request('https://gateway.mock/api/v1/payment-gateway/stores/list', { method: 'POST' }))
 * ```
 */
export type Dispatcher = (request: IncomingRequest) => Promise<RouteAnswer> | undefined

/**
 * Compiles the routes into a direct dispatcher with msw's matching (the one router, reading a path as written
 * and decoded, with one trailing slash tolerated): exact paths by method first, then the prefix routes, then
 * the catch-all.
 *
 * @example
 * ```ts
 * const dispatch = createDispatcher(routes, 'https://gateway.mock')
 * ```
 */
export function createDispatcher(routes: readonly ServiceRoute[], baseUrl: string): Dispatcher {
  const router = createRouter(routes, { base: new URL(baseUrl).pathname, trailingSlash: true, decoded: true })
  return (request) => router.match(request.method.toUpperCase(), pathOf(request.url))?.route.answer(request)
}
