/**
 * @module service-routes
 * The service's routes as one declarative table (gateway, PIN module, QR images, the catch-all), and its
 * two compilations:
 *
 * - msw handlers, for `setupServer(...mock.handlers)` and `setupWorker(...mock.handlers)`;
 * - a direct dispatcher, for `mock.fetch` and the HTTP server: a map lookup by method and path instead of
 *   msw trying each handler in turn (with a clone of the request for each), which measured several times
 *   faster (docs/architecture.md).
 *
 * Both call the same answer function of the same route. The dispatcher matches paths as msw does: the
 * path or its percent-decoded form, with one trailing slash tolerated; a differential test sends the same
 * requests through both and compares the answers.
 */
import { http, type HttpHandler } from 'msw'
import { toResponse, type IncomingRequest, type RouteAnswer } from './answer.js'

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
 * Compiles the routes into a direct dispatcher with msw's matching: exact paths by method first, then the
 * prefix routes, then the catch-all.
 *
 * @example
 * ```ts
 * const dispatch = createDispatcher(routes, 'https://gateway.mock')
 * ```
 */
export function createDispatcher(routes: readonly ServiceRoute[], baseUrl: string): Dispatcher {
  const base = new URL(baseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const exact = new Map<string, ServiceRoute>()
  const prefixed: Array<{ prefix: string; route: ServiceRoute }> = []
  let fallback: ServiceRoute | undefined
  for (const route of routes) {
    if (route.path === '*') fallback ??= route
    else if (typeof route.path === 'string') {
      const key = `${route.method} ${basePath}${route.path}`
      if (!exact.has(key)) exact.set(key, route)
    } else prefixed.push({ prefix: `${basePath}${route.path.prefix}`, route })
  }
  const fallbackPrefix = `${basePath}/`
  return (request) => {
    const path = pathOf(request.url)
    const method = request.method.toUpperCase()
    const forms = pathForms(path)
    for (const form of forms) {
      const route = exact.get(`${method} ${form}`) ?? exact.get(`ALL ${form}`)
      if (route) return route.answer(request)
    }
    for (const { prefix, route } of prefixed) {
      if (forms.some((form) => form.startsWith(prefix)) && (route.method === 'ALL' || route.method === method))
        return route.answer(request)
    }
    if (fallback && forms.some((form) => form.startsWith(fallbackPrefix))) return fallback.answer(request)
    return undefined
  }
}

/** The path of an absolute URL string, without query or fragment, as it was written (not decoded). */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  let end = url.length
  const query = url.indexOf('?', start)
  if (query !== -1) end = query
  const hash = url.indexOf('#', start)
  if (hash !== -1 && hash < end) end = hash
  return url.slice(start, end)
}

/**
 * The forms of a path msw's matching accepts: as written and percent-decoded, each with and without one trailing slash.
 */
function pathForms(path: string): string[] {
  const forms = [path]
  const decoded = decode(path)
  if (decoded !== path) forms.push(decoded)
  if (path.length > 1 && path.endsWith('/')) {
    const stripped = path.slice(0, -1)
    forms.push(stripped)
    const strippedDecoded = decode(stripped)
    if (strippedDecoded !== stripped) forms.push(strippedDecoded)
  }
  return forms
}

function decode(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
