/**
 * @module dispatch-registry
 * The direct dispatcher of each mock instance, for the HTTP server of the same package: it answers a
 * request without building a Fetch `Request` or `Response` (what `mock.fetch` must give its callers), which
 * the server does not need. Kept out of the public `MockGateway` type.
 */
import type { Dispatcher } from './service-routes.js'

const dispatchers = new WeakMap<object, Dispatcher>()

/** Remembers a mock's dispatcher. */
export function registerDispatcher(mock: object, dispatch: Dispatcher): void {
  dispatchers.set(mock, dispatch)
}

/** The dispatcher of a mock made by `createMockGateway`, if this is one. */
export function dispatcherOf(mock: object): Dispatcher | undefined {
  return dispatchers.get(mock)
}
