/**
 * @module app/app
 * The app of one mock instance: a request in, an answer out (a Fetch `Response` from `fetch`, or the answer
 * itself from `handle`, which the Node adapter writes without building a `Response`). Its parts, each a
 * module behind one interface (part.ts), are mounted on one router, where the app stands (`prefix`):
 *
 *   /openapi.json, /__mock/openapi.json   documents.ts   the OpenAPI documents
 *   /__mock/ui, /__mock/ui/...            inspector.ts   the inspector page
 *   /__mock, /__mock/...                  control.ts     the control API (its own table: 404 and 405)
 *   anything else                         service.ts     the gateway, the PIN module, QR images, the catch-all
 *
 * Before a part answers, the request passes the server's steps (steps.ts). The app reads paths as written
 * (an encoded slash or dot never reaches another part); the service's own table reads them as msw does.
 */
import type { MockGateway } from '../../create-mock-gateway.js'
import { NO_ANSWER, toResponse, type IncomingRequest } from '../../http/answer.js'
import { chain } from '../../http/middleware.js'
import { createRouter, pathOf } from '../../http/router.js'
import type { ControlGuardOptions } from '../control-guard.js'
import { controlPart } from './control.js'
import { documentsPart } from './documents.js'
import { inspectorPart } from './inspector.js'
import type { AppAnswer, AppCall, AppPart } from './part.js'
import { servicePart } from './service.js'
import { appSteps } from './steps.js'

/**
 * How an app is made.
 *
 * @example
 * ```ts
 * const options: MockAppOptions = { serverUrl: 'http://127.0.0.1:4010', cors: true, guard }
 * ```
 */
export interface MockAppOptions {
  /** The server's own URL: the documents name it as the local server. */
  serverUrl: string
  /** Where the app stands under the server's root; default `''` (the root). */
  prefix?: string
  /** CORS for the service's routes. Default true. */
  cors?: boolean
  /** The control API's guard; without one the control API is not guarded (an app used in-process). */
  guard?: ControlGuardOptions
  /** The service's QR code URLs name the host each client called (a server on every interface). */
  qrForHost?: boolean
  /**
   * Parts of the server mounted beside the instance's own, before them (the sessions' routes on the root's app),
   * with the lines `GET /__mock` lists for them.
   */
  serverParts?: { parts: readonly AppPart[]; listed: ReadonlyArray<{ method: string; path: string; summary: string }> }
}

/**
 * The app of one mock instance.
 *
 * @example
 * ```ts
 * const app = createMockApp(mock, { serverUrl: 'http://127.0.0.1:4010' })
 * const res = await app.fetch(new Request('http://127.0.0.1:4010/__mock/clock'))
 * ```
 */
export interface MockApp {
  readonly mock: MockGateway
  /** The origin of the URLs the app reads: the mock's own (its base URL's). */
  readonly origin: string
  /** Answers a request given as its method, URL (on {@link MockApp.origin}), headers and body. */
  handle(request: IncomingRequest): Promise<AppAnswer>
  /** Answers a Fetch `Request`; no answer (the connection cut) is a network error `Response`. */
  fetch(request: Request): Promise<Response>
}

/**
 * Makes the app of one mock instance.
 *
 * @example
 * ```ts
 * const app = createMockApp(createMockGateway({ baseUrl: 'http://127.0.0.1:4010' }), {
 *   serverUrl: 'http://127.0.0.1:4010',
 * })
 * (await app.fetch(new Request('http://127.0.0.1:4010/openapi.json'))).status // 200
 * ```
 */
export function createMockApp(mock: MockGateway, options: MockAppOptions): MockApp {
  const prefix = options.prefix ?? ''
  const parts = [
    ...(options.serverParts?.parts ?? []),
    documentsPart(options.serverUrl, prefix),
    inspectorPart(prefix),
    controlPart(mock, prefix, options.serverParts?.listed),
    servicePart(mock, { qrForHost: options.qrForHost ?? false }),
  ]
  const router = createRouter(
    parts.flatMap((part) => part.routes),
    { base: prefix },
  )
  const answer = chain(appSteps({ prefix, cors: options.cors ?? true, guard: options.guard }), (call: AppCall) => {
    const hit = router.match(call.request.method, call.pathname)
    return hit ? hit.route.answer(call) : NO_ANSWER
  })
  const handle = (request: IncomingRequest) => answer({ request, pathname: pathOf(request.url) })
  return {
    mock,
    origin: new URL(mock.baseUrl).origin,
    handle,
    fetch: async (request) => toResponse(await handle(request)),
  }
}
