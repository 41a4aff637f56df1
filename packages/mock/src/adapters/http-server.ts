/**
 * @module http-server
 * The mock as a real HTTP server on Node's `http`, for clients in any language (curl, Postman, a Go or
 * Python service) and for end-to-end tests across processes. The service's routes are answered by the
 * same msw handlers as in-process (through `mock.fetch`), and the control API by {@link createControlHandler}
 * under `/__mock`. Injected `network` and `drop-response` faults cut the TCP connection, which is what a
 * client sees when a real gateway drops one.
 *
 * Every request gets an answer: a method the Fetch API cannot carry (TRACE, CONNECT) a 405, a body
 * over the limit a 413 whatever the method, an unparsable request Node's own 400. An answer given before
 * the client has sent all it means to is not followed by a reset: the rest is read and dropped, within
 * bounds, before the connection closes (a lingering close: node-bridge.ts). The control API is
 * guarded (control-guard.ts): CORS and `Origin` only for allowed origins, a `Host` check, an optional token.
 */
import { HEADERS } from '@merchant-gateway/contract'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { controlMethods, createControlHandler, isControlPath } from '../control/control-routes.js'
import { INSPECTOR_PATH, INSPECTOR_POLL_HEADER, inspectorAssets } from './inspector-assets.js'
import { openApiDocuments } from './openapi-documents.js'
import { createMockGateway, type MockGateway } from '../create-mock-gateway.js'
import { serviceMethods } from '../http/route-methods.js'
import type { MockGatewayOptions } from '../options.js'
import type { Dispatcher } from '../http/service-routes.js'
import {
  checkControlRequest,
  controlTokenFor,
  isWildcard,
  originAllowed,
  type ControlGuardOptions,
} from './control-guard.js'
import { qrUrlsForHost } from './qr-url-host.js'
import { NO_ANSWER } from '../http/answer.js'
import { dispatcherOf } from '../http/dispatch-registry.js'
import { redactQuery } from '../http/request-log.js'
import { uriTooLong } from '../http/responses.js'
import {
  Lingering,
  NodeRequest,
  pathnameOf,
  readNodeBody,
  toRequest,
  writeAnswer,
  writeRefusal,
  writeRefusalWhile,
  writeResponse,
} from './node-bridge.js'

/**
 * Requests larger than this are refused with 413 before they reach the mock (the gateway's own routes
 * refuse bodies over 64 KiB behind it).
 *
 * @example
 * ```ts
 * const res = await fetch(`${server.url}/__mock/merchants`, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) })
 * res.status // 413
 * ```
 */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * The larger limit of the one route that takes a saved state, `POST /__mock/snapshot`: a state holds every
 * record of the mock (a scenario with some thousands of orders, their payments and webhooks passes 1 MiB),
 * so it gets 32 MiB; every other request keeps {@link MAX_BODY_BYTES}.
 *
 * @example
 * ```ts
 * const res = await fetch(`${server.url}/__mock/snapshot`, { method: 'POST', body: readFileSync('scenario.json') })
 * res.status // 200, or 413 for a file over MAX_STATE_BYTES
 * ```
 */
export const MAX_STATE_BYTES = 32 * 1024 * 1024

/** The body limit of a request: {@link MAX_STATE_BYTES} for loading a state, else {@link MAX_BODY_BYTES}. */
function bodyLimit(method: string | undefined, target: string): number {
  return method === 'POST' && STATE_PATH.test(pathnameOf(target)) ? MAX_STATE_BYTES : MAX_BODY_BYTES
}
const STATE_PATH = /^\/__mock\/snapshot\/?$/

/**
 * How much the server still reads (and drops) after an answer it gave before the client finished sending
 * (a 413, a refusal of the control API's guard, the end of a connection whose bytes the parser refused),
 * so that a client still sending receives the answer rather than a reset; past it the connection is cut.
 * Dropping bytes costs no memory and on loopback little time, and 64 MiB covers any file a developer may
 * post by mistake, while an upload without end is cut well before it wastes much.
 *
 * @example
 * ```ts
 * MAX_BODY_BYTES + DRAIN_BYTES // the largest upload that still gets its 413 on a usable connection
 * ```
 */
export const DRAIN_BYTES = 64 * 1024 * 1024

/**
 * The longest the server keeps reading after such an answer, in all. It is what ends a slow client that
 * sends a byte now and then and so is never idle: no client holds a socket longer by lingering. 30 s (as
 * nginx's `lingering_time`) reads {@link DRAIN_BYTES} at about 18 Mbit/s, far below loopback or a LAN.
 *
 * @example
 * ```ts
 * await startMockServer({ linger: { timeMs: 30_000 } }) // the default
 * ```
 */
export const LINGER_MS = 30_000

/**
 * The longest the server waits for a client's next bytes while it lingers. A client that has stopped
 * sending (one that read its answer and stays silent, one waiting for a `100 Continue` that will not
 * come) frees its socket then. 5 s (as nginx's `lingering_timeout`) outlasts the pauses of a client
 * still at work (a garbage-collector pause, a slow disk).
 *
 * @example
 * ```ts
 * await startMockServer({ linger: { idleMs: 5_000 } }) // the default
 * ```
 */
export const LINGER_IDLE_MS = 5_000

/**
 * How to start the HTTP server. Every option of `createMockGateway` applies to the instance it creates;
 * its `baseUrl` defaults to the server's own address, so the URLs the mock hands out (`qr_code`) work.
 *
 * @example
 * ```ts
 * const options: MockServerOptions = { port: 0, clock: { now: '2026-11-02T09:00:00Z' },
 *   log: (line) => console.log(line) }
 * ```
 */
export interface MockServerOptions extends MockGatewayOptions {
  /** TCP port; 0 picks a free one (read it from `server.port`). Default 4010. */
  port?: number
  /**
   * Interface to listen on. Default `127.0.0.1`: the mock is for this machine, not the network. On any
   * other address the control API needs a token (`controlToken`, made up when not given).
   */
  host?: string
  /** Serve this instance instead of creating one from the options (its own options then apply). */
  mock?: MockGateway
  /** Called with one line per request (`POST /api/v1/... 201 2.3 ms`). Default: no logging. */
  log?: (line: string) => void
  /**
   * CORS for the service routes: answer preflights and add `Access-Control-Allow-Origin: *`, so a web app
   * on another local origin (a dev server) can call the gateway from the browser. Default true. The
   * control API's CORS is `allowedOrigins`.
   */
  cors?: boolean
  /**
   * Origins whose pages may call the control API from a browser (`http://localhost:5173`), or `['*']`.
   * Default none: only the server's own pages, and clients that send no `Origin` (curl, other programs).
   */
  allowedOrigins?: readonly string[]
  /**
   * Host names (in the `Host` header) the control API answers besides loopback names and the addresses the
   * server listens on: the bound address, or on `0.0.0.0` or `::` every address of the machine's interfaces.
   */
  allowedHosts?: readonly string[]
  /**
   * A token the control API requires (`Authorization: Bearer <token>` or `X-Mock-Token`). Default: none on
   * a loopback address; a random one (read it from `server.controlToken`) on any other.
   */
  controlToken?: string
  /**
   * How often (real milliseconds) the server runs what became due as the mock's clock moves on by
   * itself: settlement of refunds and payouts, and webhook retries. 0 turns it off. Default 1000.
   * Not started when `autoSettle` is false (then `POST /__mock/settle` does it).
   */
  tickMs?: number
  /**
   * How long the server keeps reading, and dropping, what a client still sends after an answer given
   * before its body was read (a 413, a refusal of the control API's guard), so that the client reads the
   * answer instead of a reset: at most `bytes` more bytes, `timeMs` in all, `idleMs` without a byte; then
   * the connection is cut. Defaults {@link DRAIN_BYTES}, {@link LINGER_MS}, {@link LINGER_IDLE_MS}.
   */
  linger?: { bytes?: number; timeMs?: number; idleMs?: number }
}

/**
 * A running mock server.
 *
 * @example
 * ```ts
 * const server: MockServer = await startMockServer({ port: 0 })
 * await fetch(`${server.url}/__mock/clock`) // { now: '...' }
 * await server.close()
 * ```
 */
export interface MockServer {
  /** `http://<host>:<port>`, without a trailing slash. */
  readonly url: string
  readonly port: number
  /** The instance behind the server: its in-process control API works alongside the HTTP one. */
  readonly mock: MockGateway
  /** The token the control API requires, if any. */
  readonly controlToken: string | undefined
  /**
   * Runs once what the periodic tick runs: settles what is due and makes due webhook attempts.
   * Resolves when they are done. Useful where a test moves a running clock by other means.
   */
  tick(): Promise<void>
  /** Stops accepting connections, ends open ones and stops the tick. */
  close(): Promise<void>
}

const EXPOSED = [HEADERS.traceId, HEADERS.idempotentReplayed, HEADERS.deprecationWarning, 'Retry-After'].join(', ')
/** Methods the Fetch API refuses to carry: the server answers them itself. */
const UNCARRIED = new Set(['TRACE'])

/**
 * Starts the mock on a real `node:http` server.
 *
 * @example
 * ```ts
 * import { startMockServer } from '@merchant-gateway/mock/server'
 *
 * const server = await startMockServer({ port: 0 })
 * const merchant = await (await fetch(`${server.url}/__mock/merchants`, { method: 'POST',
 *   body: '{"balances":{"usd":100}}' })).json()
 * const res = await fetch(`${server.url}/api/v1/payment-gateway/stores/list`, { method: 'POST', headers: {
 *   'X-Api-Key': merchant.apiKey } })
 * await server.close()
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const {
    port = 4010,
    host = '127.0.0.1',
    mock: given,
    log,
    cors = true,
    allowedOrigins = [],
    allowedHosts = [],
    controlToken,
    tickMs = 1000,
    linger = {},
    ...gatewayOptions
  } = options
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError(`[mock] port must be an integer from 0 to 65535, got ${port}`)
  if (!Number.isFinite(tickMs) || tickMs < 0) throw new RangeError(`[mock] tickMs must be a number >= 0, got ${tickMs}`)
  const lingering = new Lingering({
    bytes: linger.bytes ?? DRAIN_BYTES,
    timeMs: linger.timeMs ?? LINGER_MS,
    idleMs: linger.idleMs ?? LINGER_IDLE_MS,
  })
  for (const [name, value] of Object.entries(lingering.bounds)) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`[mock] linger.${name} must be a number > 0`)
  }
  if (controlToken !== undefined && (typeof controlToken !== 'string' || !/^[\x21-\x7e]{8,200}$/.test(controlToken))) {
    throw new RangeError('[mock] controlToken must be 8 to 200 printable ASCII characters without spaces')
  }
  // Off loopback the control API is reachable from the network: it always needs a token then.
  const token = controlTokenFor(host, controlToken)
  // The instance is made once the port is known, so that the URLs it hands out (the orders' `qr_code`)
  // point at this server. Nothing is served before: the listen callback runs first.
  let state:
    | {
        mock: MockGateway
        origin: string
        control: (request: Request) => Promise<Response>
        guard: ControlGuardOptions
        dispatch: Dispatcher
        documents: ReturnType<typeof openApiDocuments>
        inspector: ReturnType<typeof inspectorAssets>
        /** On every interface with the base URL it derived: QR code URLs name the host each client called. */
        qrForHost: boolean
      }
    | undefined
  const sockets = new Set<Socket>()

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    const path = req.url ?? '/'
    lingering.track(res)
    // The inspector page's polling (GET /__mock/version once a second, the snapshot when it moved) is marked
    // by the page and not logged: one line a second would bury the user's own requests. A refusal still is.
    const poll = req.headers[INSPECTOR_POLL_HEADER] === 'poll'
    serve(req, res)
      .then(({ outcome, note }) => {
        if (poll && outcome.startsWith('2')) return
        log?.(
          `${req.method} ${redactQuery(path)} ${outcome} ${(performance.now() - started).toFixed(1)} ms` +
            (note ? ` ${note}` : ''),
        )
      })
      .catch((error: unknown) => {
        // A bug of the mock, not a refusal: answer 500 so that the client is not left hanging, and say so.
        log?.(
          `${req.method} ${redactQuery(path)} 500 [mock] ` +
            (error instanceof Error ? (error.stack ?? error.message) : String(error)),
        )
        if (!res.headersSent) writeRefusal(res, path, 500, '[mock] internal error; this is a bug in the mock')
        else res.destroy()
      })
  }
  const server = createServer(handle)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  // `Expect: 100-continue` with a declared body over the limit: the 413 goes out before the body is sent,
  // and the connection closes after it. A client may send the body anyway (curl does when the 413 comes
  // after its wait): it is drained first, as after any early answer, so that it does not reset the 413.
  server.on('checkContinue', (req, res) => {
    const limit = bodyLimit(req.method, req.url ?? '/')
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      lingering.track(res)
      const message = `The body is larger than ${limit} bytes`
      writeRefusalWhile(res, req.url ?? '/', 413, message, lingering.drainBody(req), { Connection: 'close' })
      log?.(
        `${req.method} ${redactQuery(req.url ?? '/')} 413 (declared ${req.headers['content-length']} bytes, not read)`,
      )
      return
    }
    res.writeContinue()
    handle(req, res)
  })
  // Bytes Node's parser refuses: answered as Node would, but the connection closes gracefully (the answers
  // under way first, then what the client still sends read and dropped) rather than at once.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
    lingering.closeAfterClientError(error, socket),
  )
  // CONNECT never reaches the request handler: answer it on the raw socket, then close it.
  server.on('connect', (req, socket: Socket) => {
    const body = JSON.stringify({
      statusCode: 405,
      message: 'CONNECT is not served: this is not a proxy',
      error: 'Method Not Allowed',
    })
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, POST, PATCH, DELETE, ` +
        `OPTIONS\r\nContent-Type: application/json\r\nContent-Length: ` +
        `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
    log?.(`CONNECT ${redactQuery(req.url ?? '/')} 405`)
  })

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<{ outcome: string; note?: string }> {
    const { mock, origin, control, guard, dispatch, documents, inspector, qrForHost } = state!
    const target = req.url ?? '/'
    const pathname = pathnameOf(target)
    const isControl = isControlPath(pathname)
    const method = (req.method ?? 'GET').toUpperCase()

    if (isControl) {
      const refusal = checkControlRequest(req.headers, guard)
      // A preflight from an allowed origin carries no token: it is answered below, the real request is checked.
      const preflight = method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined
      // The inspector page's own files hold no state: a browser loads them without the token (the Host
      // and Origin checks still apply); the page then sends the token with every control call.
      const pageFile = pathname.startsWith(INSPECTOR_PATH) && (method === 'GET' || method === 'HEAD')
      if (refusal && !((preflight || pageFile) && refusal.status === 401)) {
        // Refused before its body is read: the body is drained while the refusal goes out.
        writeRefusalWhile(res, target, refusal.status, refusal.message, lingering.drainBody(req))
        return { outcome: String(refusal.status), note: refusal.message }
      }
      if (req.headers.origin !== undefined && originAllowed(req.headers.origin, guard)) {
        res.setHeader('Access-Control-Allow-Origin', req.headers.origin)
        res.setHeader('Vary', 'Origin')
      }
    } else if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*')
      res.setHeader('Access-Control-Expose-Headers', EXPOSED)
    }
    // The body first, whatever the method and route: one over the limit is 413 everywhere (a GET's too).
    const limit = bodyLimit(method, target)
    const body = await readNodeBody(req, { limit, lingering })
    if (body.kind === 'too-large') {
      writeRefusalWhile(res, target, 413, `The body is larger than ${limit} bytes`, body.drained)
      return { outcome: '413' }
    }
    if (body.kind === 'aborted') return { outcome: 'aborted', note: 'the connection closed before the body ended' }
    if (
      method === 'OPTIONS' &&
      req.headers['access-control-request-method'] &&
      res.hasHeader('Access-Control-Allow-Origin')
    ) {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '600',
      })
      res.end()
      return { outcome: '204', note: 'CORS preflight' }
    }
    if (UNCARRIED.has(method)) {
      const allow = isControl
        ? controlMethods(pathname)
        : pathname.startsWith('/qr/')
          ? 'GET'
          : serviceMethods(pathname)
      if (allow === undefined) writeRefusal(res, target, 404, `Cannot ${method} ${pathname}`)
      else writeRefusal(res, target, 405, `${method} is not allowed on ${pathname}; use ${allow}`, { Allow: allow })
      return { outcome: allow === undefined ? '404' : '405' }
    }
    const bytes = body.kind === 'bytes' ? body.bytes : undefined
    let traceId: string | null
    let status: number
    // GET /openapi.json (the service) and GET /__mock/openapi.json (the control API).
    const document = method === 'GET' || method === 'HEAD' ? await documents.get(pathname) : undefined
    const page = method === 'GET' || method === 'HEAD' ? await inspector.get(pathname) : undefined
    if (pathname === '/__mock/ui' && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(308, { Location: INSPECTOR_PATH })
      res.end()
      traceId = null
      status = 308
    } else if (page === 'not-found') {
      writeRefusal(res, target, 404, `No such file of the inspector page: ${pathname}`)
      traceId = null
      status = 404
    } else if (page !== undefined) {
      res.writeHead(200, {
        'Content-Type': page.type,
        'Content-Length': page.body.byteLength,
        'Cache-Control': 'no-cache',
      })
      res.end(method === 'HEAD' ? undefined : page.body)
      traceId = null
      status = 200
    } else if (document !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(document) })
      res.end(method === 'HEAD' ? undefined : document)
      traceId = null
      status = 200
    } else if (isControl) {
      const response = await control(toRequest(req, origin, bytes))
      await writeResponse(res, response)
      traceId = null
      status = response.status
    } else {
      // The service's routes answer directly: no Fetch Request or Response on this path.
      const request = new NodeRequest(req, origin, bytes)
      const answer = uriTooLong(request.url, origin) ?? (await dispatch(request))
      if (answer === undefined || answer === NO_ANSWER) {
        // An injected network fault or a committed-then-dropped response: cut the connection, as a
        // failing network would, so that the client's own error handling and retries are exercised.
        req.socket.destroy()
        return { outcome: 'dropped', note: 'connection cut (injected fault)' }
      }
      writeAnswer(res, qrForHost ? qrUrlsForHost(answer, origin, req.headers.host) : answer)
      traceId = answer.headers[HEADERS.traceId] ?? null
      status = answer.status
    }
    // What the service logged about the request (a deprecated header the era still accepts) goes on its line.
    const warnings = traceId ? (mock.requests.get(traceId)?.warnings ?? []) : []
    return {
      outcome: String(status),
      note: [traceId, ...warnings.map((w) => `warning: ${w}`)].filter(Boolean).join(' ') || undefined,
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port: boundPort } = server.address() as AddressInfo
  const displayHost = host.includes(':') ? `[${host}]` : host
  const url = `http://${displayHost}:${boundPort}`
  let mock: MockGateway
  try {
    mock = given ?? createMockGateway({ ...gatewayOptions, baseUrl: gatewayOptions.baseUrl ?? url })
  } catch (error) {
    server.close() // bad options: do not leave a port taken
    throw error
  }
  const guard: ControlGuardOptions = {
    allowedOrigins: [...allowedOrigins],
    allowedHosts: allowedHosts.map((h) => h.toLowerCase()),
    boundHost: displayHost,
    port: boundPort,
    token,
  }
  const dispatch = dispatcherOf(mock)
  if (!dispatch) {
    server.close()
    throw new TypeError('[mock] the mock option must be an instance made by createMockGateway')
  }
  state = {
    mock,
    origin: new URL(mock.baseUrl).origin,
    control: createControlHandler(mock, { httpServer: true }),
    guard,
    dispatch,
    documents: openApiDocuments(url),
    inspector: inspectorAssets(),
    qrForHost: isWildcard(host) && given === undefined && gatewayOptions.baseUrl === undefined,
  }

  let ticking: Promise<void> | undefined
  const tick = async () => {
    // A running clock moves on with no call that could notice: the tick is that call. It goes through
    // settle(), the control API's run of what is due, so it runs in the serial queue and waits for the
    // attempts it started. One tick at a time: a webhook attempt may take up to its timeout, and the next
    // tick must not start the same due attempt again.
    ticking ??= mock
      .settle()
      .then(() => undefined)
      .finally(() => {
        ticking = undefined
      })
    return ticking
  }
  const autoSettle = gatewayOptions.autoSettle ?? true
  const timer =
    tickMs > 0 && autoSettle
      ? setInterval(() => {
          tick().catch((error: unknown) =>
            log?.(`tick failed: ${error instanceof Error ? error.message : String(error)}`),
          )
        }, tickMs)
      : undefined
  // The tick alone must not keep a process alive whose server was closed or never awaited.
  timer?.unref()

  return {
    url,
    port: boundPort,
    mock,
    controlToken: token,
    tick,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (timer) clearInterval(timer)
        server.close((error) => (error ? reject(error) : resolve()))
        for (const socket of sockets) socket.destroy()
      }),
  }
}
