/**
 * @module app/steps
 * The steps every request to the server's app passes before a part answers it, in this order:
 *
 *   inspector polls -> CONNECT refused -> control guard -> CORS -> body -> CORS preflight -> (the parts)
 *
 * - The inspector page's polling (GET /__mock/version once a second, the snapshot when it moved) is marked by
 *   the page (header `x-mock-inspector: poll`) and its answers are not logged: one line a second would bury
 *   the user's own requests. A refusal still is.
 * - CONNECT is refused 405: the server is not a proxy.
 * - The control guard (control-guard.ts) refuses a control request from a host, origin or client it does
 *   not trust before its body is read (the Node adapter drains the body while the refusal goes out).
 * - CORS: a control answer names an allowed origin; a service answer any origin, unless `cors` is off. Every
 *   answer from here on carries it, a 413 included.
 * - The body is read whole, whatever the method and route: the server's limit (the Node adapter's reading)
 *   makes one over it a 413 everywhere, a GET's too.
 * - A CORS preflight is answered 204 here.
 */
import { HEADERS } from '@merchant-gateway/contract'
import type { IncomingHttpHeaders } from 'node:http'
import { isControlPath, REQUEST_LOG_LIMIT_HEADER } from '../../control/control-routes.js'
import { isRuleError } from '../../domain/rule-error.js'
import type { IncomingRequest } from '../../http/answer.js'
import { NO_ANSWER } from '../../http/answer.js'
import { BodyRead } from '../../http/read-body.js'
import { refusal, statusErrorBody } from '../../http/responses.js'
import { checkControlRequest, originAllowed, type ControlGuardOptions } from '../control-guard.js'
import { INSPECTOR_PATH, INSPECTOR_POLL_HEADER } from './inspector.js'
import type { AppAnswer, AppCall, AppStep } from './part.js'

/** The headers a browser may read on a service answer, besides the safe ones. */
const EXPOSED = [HEADERS.traceId, HEADERS.idempotentReplayed, HEADERS.deprecationWarning, 'Retry-After'].join(', ')

/** The headers a page of an allowed origin may read on a control answer, besides the safe ones. */
const CONTROL_EXPOSED = REQUEST_LOG_LIMIT_HEADER

/**
 * The CORS headers of every service answer: one record, which `withHeaders` copies into each answer's own
 * headers (not frozen: V8 copies a plain record of known shape fastest).
 */
const SERVICE_CORS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED,
}

/** The methods the server takes, as the 405 to CONNECT and a preflight's answer name them. */
const METHODS = 'GET, POST, PATCH, DELETE, OPTIONS'

/**
 * What the steps need to know of the server.
 *
 * @example
 * ```ts
 * const options: StepOptions = { prefix: '', cors: true, guard }
 * ```
 */
export interface StepOptions {
  /** Where the app is mounted (`''`: the server's root). */
  prefix: string
  /** CORS for the service's routes. */
  cors: boolean
  /** The control API's guard; without one (an app used in-process) control requests are not guarded. */
  guard?: ControlGuardOptions
}

/**
 * The server's steps, in their order.
 *
 * @example
 * ```ts
 * appSteps({ prefix: '', cors: true, guard }).map((step) => step.name)
 * // ['inspector polls', 'CONNECT refused', 'control guard', 'CORS', 'body', 'CORS preflight']
 * ```
 */
export function appSteps(options: StepOptions): readonly AppStep[] {
  const control = (call: AppCall) => isControlPath(call.pathname.slice(options.prefix.length))
  const corsHeaders = (call: AppCall): Readonly<Record<string, string>> | undefined => {
    if (!control(call)) return options.cors ? SERVICE_CORS : undefined
    const origin = call.request.headers.get('origin')
    return origin !== null && options.guard !== undefined && originAllowed(origin, options.guard)
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': CONTROL_EXPOSED, Vary: 'Origin' }
      : undefined
  }
  return [
    inspectorPolls,
    refuseConnect,
    controlGuard(options, control),
    { name: 'CORS', run: (call, next) => withHeaders(corsHeaders(call), next) },
    readBody,
    {
      name: 'CORS preflight',
      run: (call, next) => (isPreflight(call.request) && corsHeaders(call) ? preflight(call.request) : next()),
    },
  ]
}

const inspectorPolls: AppStep = {
  name: 'inspector polls',
  run: (call, next) => {
    if (call.request.headers.get(INSPECTOR_POLL_HEADER) !== 'poll') return next()
    return next().then((answer) => {
      if (answer !== NO_ANSWER && answer.status >= 200 && answer.status < 300) answer.quiet = true
      return answer
    })
  },
}

const refuseConnect: AppStep = {
  name: 'CONNECT refused',
  run: (call, next) =>
    call.request.method === 'CONNECT'
      ? {
          status: 405,
          headers: { Allow: METHODS, 'Content-Type': 'application/json' },
          body: JSON.stringify(statusErrorBody(405, 'CONNECT is not served: this is not a proxy')),
        }
      : next(),
}

function controlGuard(options: StepOptions, control: (call: AppCall) => boolean): AppStep {
  const page = `${options.prefix}${INSPECTOR_PATH}`
  return {
    name: 'control guard',
    run: (call, next) => {
      const { guard } = options
      if (guard === undefined || !control(call)) return next()
      const refused = checkControlRequest(guardHeaders(call.request), guard)
      if (!refused) return next()
      const { method } = call.request
      // A preflight from an allowed origin carries no token: it is answered, the real request is checked. The
      // inspector page's own files hold no state: a browser loads them without the token (the Host and Origin
      // checks still apply); the page then sends the token with every control call.
      const pageFile = call.pathname.startsWith(page) && (method === 'GET' || method === 'HEAD')
      if (refused.status === 401 && (isPreflight(call.request) || pageFile)) return next()
      return { ...refusal(call.pathname, refused.status, refused.message), note: () => refused.message }
    },
  }
}

/** The headers the guard reads, as Node's request has them. */
function guardHeaders(request: IncomingRequest): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {}
  for (const name of ['host', 'origin', 'authorization', 'x-mock-token'] as const) {
    const value = request.headers.get(name)
    if (value !== null) headers[name] = value
  }
  return headers
}

function withHeaders(headers: Readonly<Record<string, string>> | undefined, next: () => Promise<AppAnswer>) {
  if (headers === undefined) return next()
  // The service's headers, on most answers, are added by one function: no closure per request.
  if (headers === SERVICE_CORS) return next().then(withServiceCors)
  return next().then((answer) => addHeaders(headers, answer))
}

const withServiceCors = (answer: AppAnswer) => addHeaders(SERVICE_CORS, answer)

function addHeaders(headers: Readonly<Record<string, string>>, answer: AppAnswer): AppAnswer {
  // `Object.assign` onto a fresh record, not `{ ...headers, ...answer.headers }`: the same headers in the same
  // order (the names are the mock's own, never `__proto__`), and on Node 24 spreading a second record into a
  // literal cost some 4 us a request against 0.1 us (docs/architecture.md has the measurement).
  if (answer !== NO_ANSWER) answer.headers = Object.assign({}, headers, answer.headers)
  return answer
}

const readBody: AppStep = {
  name: 'body',
  run: (call, next) =>
    call.request.arrayBuffer().then(
      (bytes) => {
        // A Fetch `Request` gives its body once: the parts read these bytes.
        call.request = new BodyRead(call.request, bytes)
        return next()
      },
      (error: unknown) => {
        // The reader's limit: a body over it is 413 (the rest is drained by whoever reads it).
        if (isRuleError(error)) return refusal(call.pathname, error.status, error.message)
        throw error
      },
    ),
}

function isPreflight(request: IncomingRequest): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method')
}

function preflight(request: IncomingRequest): AppAnswer {
  return {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': METHODS,
      'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? '*',
      'Access-Control-Max-Age': '600',
    },
    body: '',
    note: () => 'CORS preflight',
  }
}
