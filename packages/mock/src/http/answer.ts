/**
 * @module answer
 * What the service's routes answer before the answer becomes a Fetch `Response` (for `mock.fetch` and msw)
 * or bytes on a socket (the HTTP server writes it directly, making no Response and reading no stream), and
 * the request they read, which a Fetch `Request` satisfies and the HTTP server provides without building one.
 */
/**
 * A route's answer: status, headers, body.
 *
 * @example
 * ```ts
 * const answer: Answer = { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' }
 * ```
 */
export interface Answer {
  status: number
  headers: Record<string, string>
  body: string | Uint8Array
}

/**
 * No answer: the connection drops (an injected `network` or `drop-response` fault).
 *
 * @example
 * ```ts
 * if (fault?.kind === 'network') return NO_ANSWER
 * ```
 */
export const NO_ANSWER: unique symbol = Symbol('no answer')

/**
 * What a route gives back: an answer, or none.
 *
 * @example
 * ```ts
 * const answered: RouteAnswer = NO_ANSWER
 * ```
 */
export type RouteAnswer = Answer | typeof NO_ANSWER

/**
 * The request a route reads: method, absolute URL on the mock's origin, headers, and the body once.
 *
 * @example
 * ```ts
 * const request: IncomingRequest = new Request('https://gateway.mock/api/v1/payment-gateway/stores/list', { method: 'POST' })
 * ```
 */
export interface IncomingRequest {
  readonly method: string
  readonly url: string
  readonly headers: {
    get(name: string): string | null
    has(name: string): boolean
    /** Each header once, as Fetch's `Headers` gives them (for the request log). */
    forEach(callback: (value: string, name: string) => void): void
  }
  arrayBuffer(): Promise<ArrayBuffer>
}

/**
 * A route's answer as a Fetch `Response` (no answer: a network error, as fetch reports a dropped
 * connection).
 *
 * @example
 * ```ts
 * const response = toResponse(await route.answer(request))
 * ```
 */
export function toResponse(answer: RouteAnswer): Response {
  // Fetch's own network error (what msw's `HttpResponse.error()` gives too): msw reads it as a dropped
  // connection, `mock.fetch` rejects on it, and this module needs no msw (the CLI loads none).
  if (answer === NO_ANSWER) return Response.error()
  // An empty body is none: a 204 (or 304) may not have one.
  const body = answer.body.length === 0 ? null : (answer.body as BodyInit)
  return new Response(body, { status: answer.status, headers: answer.headers })
}
