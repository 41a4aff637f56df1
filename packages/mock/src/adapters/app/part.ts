/**
 * @module app/part
 * What the app of one mock instance is made of: parts (the service API, the control API, the inspector,
 * the documents), each behind one interface (its routes, on the app's one router), and steps, the named
 * middleware every request passes before its part answers (the control guard, CORS, the body, ...).
 *
 * A request is read through its method, URL, headers and body (`IncomingRequest`: a Fetch `Request` is one,
 * and the Node adapter gives one without building a `Request`); an answer is a status, headers and a body,
 * or none (the connection is cut). `app.fetch` turns an answer into a `Response`; the Node adapter writes it.
 */
import type { Answer, IncomingRequest, NO_ANSWER } from '../../http/answer.js'
import type { Step } from '../../http/middleware.js'
import type { RouteShape } from '../../http/router.js'

/**
 * An answer of the app: a route's answer, with what the server's log line says after its status (asked
 * only when a line is written, as a method of the answer: `answer.note()`), or that no line is written for it
 * (`quiet`); or none.
 *
 * @example
 * ```ts
 * const answer: AppAnswer = { status: 204, headers: {}, body: '', note: () => 'CORS preflight' }
 * ```
 */
export type AppAnswer = (Answer & { note?: (this: Answer) => string | undefined; quiet?: boolean }) | typeof NO_ANSWER

/**
 * One request on its way through the app: the request (the body step replaces it with one whose body is
 * read) and its path as written, from the app's root.
 *
 * @example
 * ```ts
 * const call: AppCall = { request, pathname: '/__mock/clock' }
 * ```
 */
export interface AppCall {
  request: IncomingRequest
  readonly pathname: string
}

/**
 * One route of a part: a method and a path (relative to where the app is mounted), and its answer.
 *
 * @example
 * ```ts
 * const route: AppRoute = { method: 'GET', path: '/openapi.json', answer: () => documents.service() }
 * ```
 */
export interface AppRoute extends RouteShape {
  answer(call: AppCall): AppAnswer | Promise<AppAnswer>
}

/**
 * A part of the app: what it answers, as routes of the app's router. Every part is one of these, made from
 * the mock instance (and the server's facts it needs) by a function of its own module.
 *
 * @example
 * ```ts
 * const documents: AppPart = { name: 'documents', routes: [...] }
 * ```
 */
export interface AppPart {
  readonly name: string
  readonly routes: readonly AppRoute[]
}

/**
 * A named step every request of the app passes, in the app's order (adapters/app/steps.ts): it may answer
 * itself, or hand the call on and change the answer that comes back.
 *
 * @example
 * ```ts
 * const refuseConnect: AppStep = { name: 'CONNECT refused', run: (call, next) =>
 *   call.request.method === 'CONNECT' ? notAProxy() : next() }
 * ```
 */
export type AppStep = Step<AppCall, AppAnswer>
