/**
 * @module mock-fetch
 * A fetch-compatible function that runs a request through one instance's routes: no global interception,
 * so any number of mocks can run side by side. It takes the instance's direct dispatcher (what
 * `mock.fetch` uses) or a list of msw handlers (run with msw's `getResponse`). It behaves as fetch does
 * where it matters to a client: an injected network fault or a dropped response rejects with a TypeError,
 * and an aborted signal rejects with the signal's reason, even mid-latency. The fetch itself is route-fetch.ts,
 * which needs no msw; this module, which imports msw for the handlers' form, is the package's public entry to it.
 */
import { getResponse, type RequestHandler } from 'msw'
import { dispatchFetch, routeFetch } from './route-fetch.js'
import type { Dispatcher } from './service-routes.js'

/**
 * Builds a `fetch` over a mock's routes: its msw handlers (as here) or its direct dispatcher (as
 * `mock.fetch` does).
 *
 * @example
 * ```ts
 * const fetch = createMockFetch(mock.handlers, 'https://gateway.mock')
 * const res = await fetch('https://gateway.mock/api/v1/payment-gateway/stores/list', { method: 'POST', headers })
 * ```
 */
export function createMockFetch(routes: readonly RequestHandler[] | Dispatcher, baseUrl: string): typeof fetch {
  if (typeof routes === 'function') return dispatchFetch(routes, baseUrl)
  return routeFetch((request) => getResponse([...routes], request as Request), baseUrl, { direct: false })
}
