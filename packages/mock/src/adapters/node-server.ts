/**
 * @module node-server
 * The Node adapter: a `node:http` server's events translated for the app (adapters/app/), and nothing
 * decided here but what belongs to sockets. Each request becomes a {@link NodeRequest} (its body read under
 * the server's limit when the app asks for it), the app's answer is written back (ended only once the rest
 * of an unread or refused body is drained: a lingering close), or the connection is cut when the app gives
 * none. `Expect: 100-continue` with a declared body over the limit is refused before the body is sent. A
 * CONNECT, which Node hands over without a response, is answered by the app on the raw socket. Bytes Node's
 * parser refuses close the connection gracefully. One log line per request.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { type Answer, NO_ANSWER } from '../http/answer.js'
import { redactQuery } from '../http/request-log.js'
import { refusal } from '../http/responses.js'
import type { MockApp } from './app/app.js'
import type { AppAnswer } from './app/part.js'
import { type Lingering, NodeRequest, pathnameOf, rawAnswer, writeAnswer } from './node-bridge.js'

/**
 * What the adapter serves with.
 *
 * @example
 * ```ts
 * serveApp(server, { app: () => app, lingering, bodyLimit: () => 1_048_576, log: console.log })
 * ```
 */
export interface NodeServing {
  /** The app; asked per request, since it is made once the server's port is known (nothing is served before). */
  app(): MockApp
  lingering: Lingering
  /** The largest body a request may carry, by its method and target. */
  bodyLimit(method: string | undefined, target: string): number
  /** Called with one line per request (`POST /api/v1/... 201 2.3 ms trc_...`). */
  log?: ((line: string) => void) | undefined
}

/**
 * Serves the app on a Node server: its requests, its 100-continue, its CONNECT and its parser's refusals.
 *
 * @example
 * ```ts
 * const server = createServer()
 * serveApp(server, { app: () => app, lingering, bodyLimit: () => 1_048_576 })
 * server.listen(0, '127.0.0.1')
 * ```
 */
export function serveApp(server: Server, serving: NodeServing): void {
  const { lingering, log } = serving
  server.on('request', (req: IncomingMessage, res: ServerResponse) => answerRequest(req, res, serving))
  // `Expect: 100-continue` with a declared body over the limit: the 413 goes out before the body is sent,
  // and the connection closes after it. A client may send the body anyway (curl does when the 413 comes
  // after its wait): it is drained first, as after any early answer, so that it does not reset the 413.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/'
    const limit = serving.bodyLimit(req.method, target)
    if (Number(req.headers['content-length'] ?? 0) <= limit) {
      res.writeContinue()
      return answerRequest(req, res, serving)
    }
    lingering.track(res)
    const message = `The body is larger than ${limit} bytes`
    writeAnswer(res, refusal(pathnameOf(target), 413, message, { Connection: 'close' }), lingering.drainBody(req))
    log?.(`${req.method} ${redactQuery(target)} 413 (declared ${req.headers['content-length']} bytes, not read)`)
  })
  // Bytes Node's parser refuses: answered as Node would, but the connection closes gracefully (the answers
  // under way first, then what the client still sends read and dropped) rather than at once.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    lingering.closeAfterClientError(error, socket),
  )
  // CONNECT never reaches the request handler: the app's answer goes on the raw socket, which then closes.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const request = new NodeRequest(req, serving.app().origin, { limit: 0, lingering })
    void serving
      .app()
      .handle(request)
      .then(
        (answer) => {
          if (answer === NO_ANSWER) socket.destroy()
          else socket.end(rawAnswer(answer))
          log?.(`CONNECT ${redactQuery(req.url ?? '/')} ${answer === NO_ANSWER ? 'dropped' : answer.status}`)
        },
        () => socket.destroy(),
      )
  })
}

/** What the log line says after the method and target: the outcome, and a note asked only when it is written. */
interface Outcome {
  outcome: string
  note?: (() => string | undefined) | undefined
  /** No line for it (the app says so: the inspector page's polling). */
  quiet?: boolean | undefined
}

/** One request: asked of the app, its answer written, its line logged. */
function answerRequest(req: IncomingMessage, res: ServerResponse, serving: NodeServing): void {
  const { log } = serving
  // The time is read only for the log line: `--quiet` makes none.
  const started = log === undefined ? 0 : performance.now()
  const target = req.url ?? '/'
  serving.lingering.track(res)
  const limit = serving.bodyLimit(req.method, target)
  const app = serving.app()
  const request = new NodeRequest(req, app.origin, { limit, lingering: serving.lingering })
  // Without a log (`--quiet`) no line is made: no outcome is kept past the answer, no closure per request.
  if (log === undefined) {
    app.handle(request).then(
      (answer) => void send(req, res, request, answer),
      (error: unknown) => void failed(req, res, request, error, log),
    )
    return
  }
  const logLine = (done: Outcome | undefined) => {
    if (done === undefined || done.quiet) return
    const note = done.note?.()
    log(
      `${req.method} ${redactQuery(target)} ${done.outcome} ${(performance.now() - started).toFixed(1)} ms` +
        (note ? ` ${note}` : ''),
    )
  }
  app.handle(request).then(
    (answer) => logLine(write(req, res, request, answer)),
    (error: unknown) => logLine(failed(req, res, request, error, log)),
  )
}

/** Writes the app's answer, or cuts the connection when there is none; what the log line says of it. */
function write(req: IncomingMessage, res: ServerResponse, request: NodeRequest, answer: AppAnswer): Outcome {
  if (!send(req, res, request, answer)) return DROPPED
  const { note } = answer
  return { outcome: String(answer.status), note: note && (() => note.call(answer)), quiet: answer.quiet }
}

/** The log line of an answer not given. */
const DROPPED: Outcome = { outcome: 'dropped', note: () => 'connection cut (injected fault)' }

/**
 * Writes the app's answer (true), or cuts the connection when there is none (false). Without a log this is all
 * a request's answer costs: no outcome is made for a line no one writes.
 */
function send(req: IncomingMessage, res: ServerResponse, request: NodeRequest, answer: AppAnswer): answer is Answer {
  if (answer === NO_ANSWER) {
    // An injected network fault or a committed-then-dropped response: cut the connection, as a failing
    // network would, so that the client's own error handling and retries are exercised.
    req.socket.destroy()
    return false
  }
  writeAnswer(res, answer, request.rest())
  return true
}

/**
 * The app failed the request: the client went before its body ended (no one to answer), or a bug of the
 * mock, answered 500 so that the client is not left hanging, and logged whole (undefined: already logged).
 */
function failed(
  req: IncomingMessage,
  res: ServerResponse,
  request: NodeRequest,
  error: unknown,
  log: NodeServing['log'],
): Outcome | undefined {
  if (request.aborted) return { outcome: 'aborted', note: () => 'the connection closed before the body ended' }
  const target = req.url ?? '/'
  log?.(
    `${req.method} ${redactQuery(target)} 500 [mock] ` +
      (error instanceof Error ? (error.stack ?? error.message) : String(error)),
  )
  if (res.headersSent) res.destroy()
  else writeAnswer(res, refusal(pathnameOf(target), 500, '[mock] internal error; this is a bug in the mock'))
  return undefined
}
