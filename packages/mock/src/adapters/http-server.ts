/**
 * @module http-server
 * The mock as a real HTTP server on Node's `http`, for clients in any language (curl, Postman, a Go or
 * Python service) and for end-to-end tests across processes. The service's routes are answered by the
 * same msw handlers as in-process (through `mock.fetch`), and the control API by {@link createControlHandler}
 * under `/__mock`. Injected `network` and `drop-response` faults cut the TCP connection, which is what a
 * client sees when a real gateway drops one.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createControlHandler, isControlPath } from '../control/control-routes.js'
import { INJECTED_NETWORK_ERROR } from './mock-fetch.js'
import { openApiDocuments } from './openapi-documents.js'
import { createMockGateway, type MockGateway } from '../create-mock-gateway.js'
import { statusErrorBody } from '../http/responses.js'
import type { MockGatewayOptions } from '../options.js'

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
 * How to start the HTTP server. Every option of `createMockGateway` applies to the instance it creates;
 * its `baseUrl` defaults to the server's own address, so the URLs the mock hands out (`qr_code`) work.
 *
 * @example
 * ```ts
 * const options: MockServerOptions = { port: 0, clock: { now: '2026-11-02T09:00:00Z' }, log: (line) => console.log(line) }
 * ```
 */
export interface MockServerOptions extends MockGatewayOptions {
  /** TCP port; 0 picks a free one (read it from `server.port`). Default 4010. */
  port?: number
  /** Interface to listen on. Default `127.0.0.1`: the mock is for this machine, not the network. */
  host?: string
  /** Serve this instance instead of creating one from the options (its own options then apply). */
  mock?: MockGateway
  /** Called with one line per request (`POST /api/v1/... 201 2.3 ms`). Default: no logging. */
  log?: (line: string) => void
  /**
   * Answer CORS preflights and add `Access-Control-Allow-Origin: *`, so a web app on another local
   * origin (a dev server) can call the mock from the browser. Default true.
   */
  cors?: boolean
  /**
   * How often (real milliseconds) the server runs what became due as the mock's clock moves on by
   * itself: settlement of refunds and payouts, and webhook retries. 0 turns it off. Default 1000.
   * Not started when `autoSettle` is false (then `POST /__mock/settle` does it).
   */
  tickMs?: number
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
  /**
   * Runs once what the periodic tick runs: settles what is due and makes due webhook attempts.
   * Resolves when they are done. Useful where a test moves a running clock by other means.
   */
  tick(): Promise<void>
  /** Stops accepting connections, ends open ones and stops the tick. */
  close(): Promise<void>
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade', 'expect'])
const EXPOSED = ['X-Trace-Id', 'X-Idempotent-Replayed', 'Retry-After'].join(', ')

/**
 * Starts the mock on a real `node:http` server.
 *
 * @example
 * ```ts
 * import { startMockServer } from '@merchant-gateway/mock/server'
 *
 * const server = await startMockServer({ port: 0 })
 * const merchant = await (await fetch(`${server.url}/__mock/merchants`, { method: 'POST', body: '{"balances":{"usd":100}}' })).json()
 * const res = await fetch(`${server.url}/api/v1/payment-gateway/stores/list`, { method: 'POST', headers: { 'X-Api-Key': merchant.apiKey } })
 * await server.close()
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 4010, host = '127.0.0.1', mock: given, log, cors = true, tickMs = 1000, ...gatewayOptions } = options
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`[mock] port must be an integer from 0 to 65535, got ${port}`)
  if (!Number.isFinite(tickMs) || tickMs < 0) throw new RangeError(`[mock] tickMs must be a number >= 0, got ${tickMs}`)
  // The instance is made once the port is known, so that the URLs it hands out (the orders' `qr_code`)
  // point at this server. Nothing is served before: the listen callback runs first.
  let state: { mock: MockGateway; origin: string; control: (request: Request) => Promise<Response>; documents: ReturnType<typeof openApiDocuments> } | undefined
  const sockets = new Set<Socket>()

  const server = createServer((req, res) => {
    const started = performance.now()
    const path = req.url ?? '/'
    serve(req, res)
      .then(({ outcome, note }) => log?.(`${req.method} ${path} ${outcome} ${(performance.now() - started).toFixed(1)} ms${note ? ` ${note}` : ''}`))
      .catch((error: unknown) => {
        // A bug of the mock, not a refusal: answer 500 so that the client is not left hanging, and say so.
        log?.(`${req.method} ${path} 500 [mock] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
        if (!res.headersSent) writeError(res, 500, '[mock] internal error; this is a bug in the mock')
        else res.destroy()
      })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<{ outcome: string; note?: string }> {
    const { mock, origin, control, documents } = state!
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*')
      res.setHeader('Access-Control-Expose-Headers', EXPOSED)
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Max-Age': '600',
        })
        res.end()
        return { outcome: '204', note: 'CORS preflight' }
      }
    }
    const body = await readBody(req)
    if (body === 'too-large') {
      writeError(res, 413, `The body is larger than ${MAX_BODY_BYTES} bytes`)
      return { outcome: '413' }
    }
    const request = toRequest(req, origin, body)
    const pathname = new URL(request.url).pathname
    // GET /openapi.json (the service) and GET /__mock/openapi.json (the control API).
    const document = req.method === 'GET' || req.method === 'HEAD' ? await documents.get(pathname) : undefined
    let response: Response
    if (document !== undefined) {
      response = new Response(req.method === 'HEAD' ? null : document, { headers: { 'Content-Type': 'application/json' } })
    } else if (isControlPath(pathname)) {
      response = await control(request)
    } else {
      try {
        response = await mock.fetch(request)
      } catch (error) {
        if (!isInjectedNetworkFault(error)) throw error
        // An injected network fault or a committed-then-dropped response: cut the connection, as a
        // failing network would, so that the client's own error handling and retries are exercised.
        req.socket.destroy()
        return { outcome: 'dropped', note: 'connection cut (injected fault)' }
      }
    }
    await writeResponse(res, response)
    return { outcome: String(response.status), note: response.headers.get('X-Trace-Id') ?? undefined }
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
  state = { mock, origin: new URL(mock.baseUrl).origin, control: createControlHandler(mock), documents: openApiDocuments(url) }

  let ticking: Promise<void> | undefined
  const tick = async () => {
    // One tick at a time: a webhook attempt may take up to its timeout, and the next tick must not
    // start the same due attempt again.
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
          tick().catch((error: unknown) => log?.(`tick failed: ${error instanceof Error ? error.message : String(error)}`))
        }, tickMs)
      : undefined
  // The tick alone must not keep a process alive whose server was closed or never awaited.
  timer?.unref()

  return {
    url,
    port: boundPort,
    mock,
    tick,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (timer) clearInterval(timer)
        server.close((error) => (error ? reject(error) : resolve()))
        for (const socket of sockets) socket.destroy()
      }),
  }
}

/** Reads the whole body, or reports that it is over the limit. */
async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined | 'too-large'> {
  if (req.method === 'GET' || req.method === 'HEAD') {
    req.resume()
    return undefined
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      req.resume()
      return 'too-large'
    }
    chunks.push(chunk)
  }
  return new Uint8Array(Buffer.concat(chunks))
}

/** The incoming request as a Fetch-API Request on the mock's own origin (the handlers match on it). */
function toRequest(req: IncomingMessage, origin: string, body: Uint8Array<ArrayBuffer> | undefined): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  // Only the path and query are taken: an absolute-form target (`GET http://other/...`, as sent to a
  // proxy) still addresses this server, not the host it names.
  const { pathname, search } = new URL(req.url ?? '/', 'http://target.invalid')
  // An empty body is no body: a Request with a stream body costs a clone (a tee) in msw per handler tried.
  return new Request(new URL(`${pathname}${search}`, origin), { method: req.method, headers, body: body?.length ? body : undefined })
}

/** What `mock.fetch` throws for an injected `network` or `drop-response` fault (see adapters/mock-fetch.ts). */
function isInjectedNetworkFault(error: unknown): boolean {
  return error instanceof TypeError && error.cause instanceof Error && error.cause.message === INJECTED_NETWORK_ERROR
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer())
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') headers[name] = value
  })
  res.writeHead(response.status, { ...headers, 'Content-Length': String(body.length) })
  res.end(body)
}

function writeError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify(statusErrorBody(status, message))
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) })
  res.end(body)
}
