/**
 * @module adapters/sessions/server-app
 * The app of a server with sessions: a request under `/s/<id>/` goes to that session's own app (its service,
 * control API, inspector and documents, mounted at `/s/<id>`), every other request to the root's app, today's
 * default session, unchanged. How a request finds its session, and why no request reaches another one:
 *
 * - the session is the path's segment after `/s/` as written, a whole id (never percent-decoded: `%2F` is no
 *   separator there), looked up exactly; anything else under `/s/` answers 404, the same answer whether the id
 *   ended, expired or never existed, so an answer never tells which ids were in use;
 * - the path is read as the URL standard resolves it (the Node adapter's reading); a target that had a dot
 *   segment (`..`, `.`, `%2e%2e`, with a slash or a backslash) and is, or resolves to, a session's path is refused
 *   400 before anything runs: a path under one session's base URL never climbs out of it, to the root or to
 *   another session;
 * - a session's id in a query or a header is nothing: only the path selects;
 * - the 404 passes the same steps as a session's own answers (the control guard first for a control path, then
 *   CORS), so the guard decides before the existence of a session is even looked at.
 */
import { toResponse, type IncomingRequest } from '../../http/answer.js'
import { chain } from '../../http/middleware.js'
import { controlRefusal } from '../../http/responses.js'
import { pathOf } from '../../http/router.js'
import type { MockApp } from '../app/app.js'
import type { AppAnswer } from '../app/part.js'
import { appSteps, type StepOptions } from '../app/steps.js'
import { sessionGone, type SessionRegistry } from './registry.js'
import { hasDotSegment, sessionPath, SESSIONS_PATH } from './session-id.js'

/**
 * A request as the Node adapter gives it, with the target as the client sent it (before the URL standard
 * resolved it into `url`).
 *
 * @example
 * ```ts
 * const request: TargetedRequest = Object.assign(new Request('http://127.0.0.1:4010/s/x/'), { target: '/s/x/' })
 * ```
 */
export interface TargetedRequest extends IncomingRequest {
  readonly target?: string
}

/**
 * The server's app: the root's app, and the sessions' apps under `/s/<id>`.
 *
 * @example
 * ```ts
 * const app = serverApp(root, registry, { cors: true, guard })
 * (await app.fetch(new Request(`${server.url}/s/${id}/__mock/clock`))).status // 200
 * ```
 */
export function serverApp(root: MockApp, sessions: SessionRegistry, steps: Omit<StepOptions, 'prefix'>): MockApp {
  const handle = (request: TargetedRequest): Promise<AppAnswer> => {
    const pathname = pathOf(request.url)
    const target = request.target
    if (
      target !== undefined &&
      (target.startsWith(SESSIONS_PATH) || pathname.startsWith(SESSIONS_PATH)) &&
      hasDotSegment(target)
    )
      return Promise.resolve(
        controlRefusal(
          400,
          'A path under /s/ may not have . or .. segments (also not percent-encoded): call the session by its ' +
            'base URL and the route under it',
        ),
      )
    const under = sessionPath(pathname)
    if (under === undefined) return root.handle(request)
    const prefix = `${SESSIONS_PATH}${under.id}`
    const app = sessions.use(under.id)
    if (app === undefined) return gone(prefix, steps, request)
    // `/s/<id>` itself is the session's root, as `/` is the server's.
    return app.handle(under.rest === '' ? atRoot(request, pathname) : request)
  }
  return { mock: root.mock, origin: root.origin, handle, fetch: async (request) => toResponse(await handle(request)) }
}

/** The 404 of a session that is not there, through the steps a session's answers pass. */
function gone(prefix: string, steps: Omit<StepOptions, 'prefix'>, request: IncomingRequest): Promise<AppAnswer> {
  const id = prefix.slice(SESSIONS_PATH.length)
  // One body for every route of a session gone, a service route's too: the session is what is missing.
  const answer = chain(appSteps({ ...steps, prefix }), () => controlRefusal(404, sessionGone(id)))
  return answer({ request, pathname: pathOf(request.url) })
}

/** The request with its path `/s/<id>` read as `/s/<id>/`. */
function atRoot(request: IncomingRequest, pathname: string): IncomingRequest {
  const at = request.url.indexOf(pathname) + pathname.length
  return {
    method: request.method,
    url: `${request.url.slice(0, at)}/${request.url.slice(at)}`,
    headers: request.headers,
    arrayBuffer: () => request.arrayBuffer(),
  }
}
