/**
 * @module http-server
 * The mock as a real HTTP server on Node's `http`, for clients in any language (curl, Postman, a Go or
 * Python service) and for end-to-end tests across processes: {@link serveMock} makes the instance, its
 * app (adapters/app/: the service's routes, the control API under `/__mock`, the inspector page, the OpenAPI
 * documents, behind the control guard and CORS) and serves it through the Node adapter (node-server.ts), with
 * a tick that runs what falls due as the mock's clock moves on by itself. Injected `network` and
 * `drop-response` faults cut the TCP connection, which is what a client sees when a real gateway drops one.
 *
 * Every request gets an answer: a method no route takes a 405 (CONNECT too), a body over the limit a 413
 * whatever the method, an unparsable request Node's own 400. An answer given before the client has sent all
 * it means to is not followed by a reset: the rest is read and dropped, within bounds, before the connection
 * closes (a lingering close: node-bridge.ts). The control API is guarded (control-guard.ts): CORS and
 * `Origin` only for allowed origins, a `Host` check, an optional token.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { MockGatewayOptions } from '../options.js'
import type { MockGateway } from '../wire-gateway.js'
import { createMockApp, type MockApp } from './app/app.js'
import { controlTokenFor, isWildcard, type ControlGuardOptions } from './control-guard.js'
import { Lingering, pathnameOf } from './node-bridge.js'
import { serveApp } from './node-server.js'
import { SessionRegistry, type MockSession, type SessionEntry, type SessionLimits } from './sessions/registry.js'
import type { SessionOptions } from './sessions/session-body.js'
import { serverApp } from './sessions/server-app.js'
import { sessionRoutes, sessionsPart } from './sessions/sessions-part.js'

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

/**
 * The body limit of a request: {@link MAX_STATE_BYTES} for what may carry a saved state (loading one into the
 * root or into a session, making a session from one), else {@link MAX_BODY_BYTES}.
 */
function bodyLimit(method: string | undefined, target: string): number {
  return method === 'POST' && STATE_PATH.test(pathnameOf(target)) ? MAX_STATE_BYTES : MAX_BODY_BYTES
}
const STATE_PATH = /^(?:\/__mock\/sessions|(?:\/s\/[A-Za-z0-9_-]{24})?\/__mock\/snapshot)\/?$/

/**
 * The sessions' limits when not given: a session idle for 30 minutes ends, at most 100 live at once, holding
 * at most 256 MB together (estimated). The CLI's `--session-idle-seconds`, `--max-sessions` and
 * `--max-session-memory-mb` default to these.
 *
 * @example
 * ```ts
 * await startMockServer({ sessions: { ...DEFAULT_SESSION_LIMITS, max: 8 } })
 * ```
 */
export const DEFAULT_SESSION_LIMITS: Readonly<SessionLimits> = Object.freeze({
  idleSeconds: 1800,
  max: 100,
  maxMemoryMb: 256,
})

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
 * How long (seconds) the server keeps a kept-alive connection open without a request, and says so in the answers'
 * `Keep-Alive: timeout=65`: longer than clients keep an idle socket in their pools. Playwright's request context
 * and Node's `http.Agent` with `keepAlive` (no `timeout` of its own) ignore that header and reuse a pooled socket
 * however long it was idle; were the server to close it first (Node's default is 5 s), a request sent on it just
 * then would fail with `ECONNRESET` (`socket hang up`). 65 s outlasts those pools between a test's calls and the
 * 60 s idle time common to load balancers and proxies in front of a server. `close()` ends idle connections at
 * once whatever this is. The CLI's `--keep-alive-seconds` defaults to it.
 *
 * @example
 * ```ts
 * await startMockServer({ keepAliveSeconds: DEFAULT_KEEP_ALIVE_SECONDS }) // the default
 * ```
 */
export const DEFAULT_KEEP_ALIVE_SECONDS = 65

/**
 * The longest `keepAliveSeconds` (and `--keep-alive-seconds`) may be: a day, far past any client's pool, and within the
 * range of Node's timers.
 *
 * @example
 * ```ts
 * await startMockServer({ keepAliveSeconds: MAX_KEEP_ALIVE_SECONDS })
 * ```
 */
export const MAX_KEEP_ALIVE_SECONDS = 86_400

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
   * The limits of the server's sessions (`POST /__mock/sessions`, `server.sessions.create()`): `idleSeconds`,
   * real seconds without a request after which a session ends (0: never); `max`, how many may live at once;
   * `maxMemoryMb`, how much memory they may hold together (estimated from their records). A new session past a
   * cap is refused 429. Defaults {@link DEFAULT_SESSION_LIMITS}.
   */
  sessions?: Partial<SessionLimits>
  /**
   * How long the server keeps reading, and dropping, what a client still sends after an answer given
   * before its body was read (a 413, a refusal of the control API's guard), so that the client reads the
   * answer instead of a reset: at most `bytes` more bytes, `timeMs` in all, `idleMs` without a byte; then
   * the connection is cut. Defaults {@link DRAIN_BYTES}, {@link LINGER_MS}, {@link LINGER_IDLE_MS}.
   */
  linger?: { bytes?: number; timeMs?: number; idleMs?: number }
  /**
   * How long (whole seconds, 1 to {@link MAX_KEEP_ALIVE_SECONDS}) a kept-alive connection stays open without a
   * request; the answers say it in `Keep-Alive: timeout=<s>`. Keep it longer than your clients keep idle sockets
   * in their pools, or a request sent on a socket the server is closing fails with `ECONNRESET`. Default
   * {@link DEFAULT_KEEP_ALIVE_SECONDS}.
   *
   * @example
   * ```ts
   * await startMockServer({ keepAliveSeconds: 120 }) // behind a proxy whose pool keeps sockets 90 s
   * ```
   */
  keepAliveSeconds?: number
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
   * The server's sessions, in this process: what `POST /__mock/sessions`, `GET /__mock/sessions` and
   * `DELETE /__mock/sessions/<id>` do over HTTP, under the same rules.
   */
  readonly sessions: MockServerSessions
  /**
   * Runs once what the periodic tick runs: settles what is due and makes due webhook attempts, in the root
   * and in every session. Resolves when they are done. Useful where a test moves a running clock by other means.
   */
  tick(): Promise<void>
  /** Stops accepting connections, ends open ones and stops the tick. */
  close(): Promise<void>
}

/**
 * A server's sessions in code. Each session is an isolated mock served under its own base URL
 * (`<server.url>/s/<id>`): any client selects it by that URL alone. Refusals are `RuleError`s with the status the
 * HTTP routes answer: 400 for options it refuses, 429 at a cap, 404 for a session that is not there.
 *
 * @example
 * ```ts
 * const server = await startMockServer({ port: 0, seed: [DEMO_MERCHANT] })
 * const session = await server.sessions.create({ now: '2026-11-02T09:00:00Z', frozen: true })
 * await session.mock.clock.advance(60_000) // in-process; or POST `${session.baseUrl}/__mock/clock`
 * const res = await fetch(`${session.baseUrl}/api/v1/payment-gateway/stores/list`, {
 *   method: 'POST', headers: { 'X-Api-Key': session.merchant!.apiKey } })
 * await server.sessions.list() // [{ id, baseUrl, createdAt, lastUsedAt, expiresAt, memoryBytes }]
 * await server.sessions.end(session.id) // its routes answer 404 from now on
 * ```
 */
export interface MockServerSessions {
  /** Makes a session (the body of `POST /__mock/sessions`: `state`, `now`, `frozen`, `webhookUrl`, ...). */
  create(options?: SessionOptions): Promise<MockSession>
  /** The live sessions, oldest first, with what each holds. */
  list(): Promise<SessionEntry[]>
  /** Ends a session; a 404 `RuleError` when there is no such live session. */
  end(id: string): Promise<void>
}

/**
 * Makes a mock from the server's options: the root's instance and each session's. The package's server
 * (`startMockServer`) gives `createMockGateway`, whose mocks have msw handlers; the CLI gives one that makes
 * none, so that it loads no msw.
 *
 * @example
 * ```ts
 * const make: MakeGateway = (options) => wireGateway(options, undefined)
 * ```
 */
export type MakeGateway = (options: MockGatewayOptions) => MockGateway

/**
 * Starts the mock on a real `node:http` server, each of its mocks made by `make` (what `startMockServer` of
 * `@merchant-gateway/mock/server` does with `createMockGateway`).
 *
 * @example
 * ```ts
 * const server = await serveMock({ port: 0 }, (options) => wireGateway(options, undefined))
 * await server.close()
 * ```
 */
export async function serveMock(options: MockServerOptions, make: MakeGateway): Promise<MockServer> {
  const settings = checkOptions(options)
  const { port, host, log, tickMs, gatewayOptions } = settings
  // Off loopback the control API is reachable from the network: it always needs a token then.
  const token = controlTokenFor(host, settings.controlToken)
  // The app is made once the port is known, so that the URLs its instance hands out (the orders' `qr_code`)
  // point at this server. Nothing is served before: the listen callback runs first.
  let app: MockApp | undefined
  const server = createServer()
  // Only an idle connection's wait: Node (18 and later) times the headers of a request from its first byte, so
  // `headersTimeout` (60 s) need not exceed this.
  server.keepAliveTimeout = settings.keepAliveSeconds * 1000
  const sockets = openSockets(server)
  serveApp(server, { app: () => app!, lingering: settings.lingering, bodyLimit, log })
  await listen(server, port, host)
  const { port: boundPort } = server.address() as AddressInfo
  const displayHost = host.includes(':') ? `[${host}]` : host
  const url = `http://${displayHost}:${boundPort}`
  let sessions: SessionRegistry
  // Idle sessions end on their own, whether or not anything asks for them: a sweep each second while there
  // are sessions, and no timer at all while there are none (a server that never makes one runs only its tick).
  let sweeper: ReturnType<typeof setInterval> | undefined
  const sweepWhileLive = (live: number) => {
    if (live > 0 && sweeper === undefined && settings.sessionLimits.idleSeconds > 0) {
      sweeper = setInterval(() => sessions.sweep(), 1000)
      sweeper.unref()
    } else if (live === 0 && sweeper !== undefined) {
      clearInterval(sweeper)
      sweeper = undefined
    }
  }
  try {
    ;({ app, sessions } = serverApps(settings, { url, displayHost, port: boundPort, token }, make, sweepWhileLive))
  } catch (error) {
    server.close() // bad options: do not leave a port taken
    throw error
  }
  const ticker = startTick(
    () => [app!.mock, ...sessions.mocks()],
    tickMs > 0 && (gatewayOptions.autoSettle ?? true) ? tickMs : 0,
    log,
  )
  return {
    url,
    port: boundPort,
    mock: app.mock,
    controlToken: token,
    sessions: {
      create: (sessionOptions) => sessions.create(sessionOptions ?? {}),
      list: () => sessions.list(),
      end: async (id) => sessions.end(id),
    },
    tick: ticker.tick,
    close: () =>
      new Promise<void>((resolve, reject) => {
        ticker.stop()
        sessions.clear() // stops the sweep too
        server.close((error) => (error ? reject(error) : resolve()))
        for (const socket of sockets) socket.destroy()
      }),
  }
}

/**
 * The server's app and its sessions, once its address is known: the root's instance (given, or made from the
 * options) with its app, the sessions' registry (their apps behind the same guard), and the app in front.
 */
function serverApps(
  settings: ReturnType<typeof checkOptions>,
  at: { url: string; displayHost: string; port: number; token: string | undefined },
  make: MakeGateway,
  changed: (live: number) => void,
): { app: MockApp; sessions: SessionRegistry } {
  const { host, given, gatewayOptions } = settings
  const { url } = at
  const mock = given ?? make({ ...gatewayOptions, baseUrl: gatewayOptions.baseUrl ?? url })
  const guard: ControlGuardOptions = {
    allowedOrigins: [...settings.allowedOrigins],
    allowedHosts: settings.allowedHosts.map((h) => h.toLowerCase()),
    boundHost: at.displayHost,
    port: at.port,
    token: at.token,
  }
  // Sessions start from the root's options (its seed or state, its clock option, its retention...), not its URL.
  const { baseUrl: _rootOnly, ...start } = gatewayOptions
  const sessions = new SessionRegistry({
    origin: new URL(mock.baseUrl).origin,
    serverUrl: url,
    start,
    limits: settings.sessionLimits,
    make,
    changed,
    app: (sessionMock, prefix) =>
      createMockApp(sessionMock, {
        serverUrl: `${url}${prefix}`,
        prefix,
        cors: settings.cors,
        guard,
        qrForHost: isWildcard(host),
      }),
  })
  const root = createMockApp(mock, {
    serverUrl: url,
    cors: settings.cors,
    guard,
    // On every interface with the base URL it derived: QR code URLs name the host each client called.
    qrForHost: isWildcard(host) && given === undefined && gatewayOptions.baseUrl === undefined,
    serverParts: { parts: [sessionsPart(sessions)], listed: sessionRoutes() },
  })
  return { app: serverApp(root, sessions, { cors: settings.cors, guard }), sessions }
}

/** The options with their defaults, checked before anything is started; the rest are the instance's. */
function checkOptions(options: MockServerOptions) {
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
    sessions = {},
    keepAliveSeconds = DEFAULT_KEEP_ALIVE_SECONDS,
    ...gatewayOptions
  } = options
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError(`[mock] port must be an integer from 0 to 65535, got ${port}`)
  if (!Number.isFinite(tickMs) || tickMs < 0) throw new RangeError(`[mock] tickMs must be a number >= 0, got ${tickMs}`)
  if (!Number.isInteger(keepAliveSeconds) || keepAliveSeconds < 1 || keepAliveSeconds > MAX_KEEP_ALIVE_SECONDS)
    throw new RangeError(
      `[mock] keepAliveSeconds must be a whole number from 1 to ${MAX_KEEP_ALIVE_SECONDS}, got ${keepAliveSeconds}`,
    )
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
  const sessionLimits = checkSessionLimits(sessions)
  return {
    port,
    host,
    given,
    log,
    cors,
    allowedOrigins,
    allowedHosts,
    controlToken,
    tickMs,
    lingering,
    keepAliveSeconds,
    sessionLimits,
    gatewayOptions,
  }
}

/** The sessions' limits with their defaults, each a whole number in its range. */
function checkSessionLimits(given: Partial<SessionLimits>): SessionLimits {
  if (typeof given !== 'object' || given === null)
    throw new TypeError(`[mock] sessions must be an object, got ${JSON.stringify(given)}`)
  const unknown = Object.keys(given).filter((key) => !(key in DEFAULT_SESSION_LIMITS))
  if (unknown.length > 0)
    throw new TypeError(
      `[mock] unknown sessions option ${unknown.map((k) => JSON.stringify(k)).join(', ')}; ` +
        `they are ${Object.keys(DEFAULT_SESSION_LIMITS).join(', ')}`,
    )
  const limits = { ...DEFAULT_SESSION_LIMITS, ...given }
  const whole = (name: keyof SessionLimits, min: number) => {
    const value = limits[name]
    if (!Number.isSafeInteger(value) || value < min)
      throw new RangeError(`[mock] sessions.${name} must be a whole number >= ${min}, got ${JSON.stringify(value)}`)
  }
  whole('idleSeconds', 0)
  whole('max', 0)
  whole('maxMemoryMb', 1)
  return limits
}

/** The server's open connections, so that `close()` can end them. */
function openSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  return sockets
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/**
 * The tick: every `tickMs` (0: never) it runs what fell due as the mocks' clocks moved on by themselves, for each
 * mock the server serves (the root and every session). `tick` runs it once more, now.
 */
function startTick(
  mocks: () => readonly MockGateway[],
  tickMs: number,
  log: ((line: string) => void) | undefined,
): { tick(): Promise<void>; stop(): void } {
  const ticking = new WeakMap<MockGateway, Promise<void>>()
  const tickOne = (mock: MockGateway): Promise<void> => {
    // A running clock moves on with no call that could notice: the tick is that call. It goes through
    // settle(), the control API's run of what is due, so it runs in the serial queue and waits for the
    // attempts it started. One tick at a time per mock: a webhook attempt may take up to its timeout, and the
    // next tick must not start the same due attempt again. Each mock on its own, so that a session whose
    // webhook receiver is slow holds up no other.
    let running = ticking.get(mock)
    if (!running) {
      running = mock
        .settle()
        .then(() => undefined)
        .finally(() => ticking.delete(mock))
      ticking.set(mock, running)
    }
    return running
  }
  const tick = async () => {
    await Promise.all(mocks().map(tickOne))
  }
  const timer =
    tickMs > 0
      ? setInterval(() => {
          tick().catch((error: unknown) =>
            log?.(`tick failed: ${error instanceof Error ? error.message : String(error)}`),
          )
        }, tickMs)
      : undefined
  // The tick alone must not keep a process alive whose server was closed or never awaited.
  timer?.unref()
  return { tick, stop: () => clearInterval(timer) }
}
