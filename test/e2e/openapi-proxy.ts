/**
 * @module test/e2e/openapi-proxy
 * Prism (`@stoplight/prism-cli`) as a validating proxy in front of every CLI server the e2e helpers
 * start, when `npm run check:openapi` asks for it (environment {@link PRISM_DOCUMENT_ENV}). The tests
 * stay as they are: the server keeps its own address (its banner, the `qr_code` URLs), and this
 * process's `fetch`, which the plain-HTTP helper and the SDK use, sends every request addressed to that
 * server through its Prism instead. Prism validates each request and answer against the OpenAPI
 * documents and reports what does not conform in the `sl-violations` header; every exchange is written
 * as one JSON line to {@link PRISM_LOG_ENV}'s folder for the check to judge.
 *
 * A session's routes (`/s/<id>/...`) are the documents' routes under a session's base URL, which OpenAPI says
 * with a server, and Prism reads only paths: such a request goes through Prism as the route itself, the session
 * named in a header, and a door in this process between Prism and the server puts `/s/<id>` back in front of
 * the path (and the server's own `Host`, so that the base URLs it hands out are the ones a client sees).
 *
 * One Prism serves every server of this process: the suite starts some forty servers, and a Prism's start (reading
 * and compiling the document) cost more CPU than the traffic it then validates. Its door sends each
 * request to the server it was addressed to, named in a header ({@link UPSTREAM_HEADER}) that this process's fetch
 * adds and the door takes off. Each Prism runs in its own process group and is stopped when this process exits,
 * and by itself (parent-watchdog.mjs) when this process was killed outright.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.js'

/** The OpenAPI document Prism validates against (the service's and the control API's paths together). */
export const PRISM_DOCUMENT_ENV = 'MGW_E2E_PRISM_DOCUMENT'
/** The folder where each exchange through Prism is recorded (`exchanges-<pid>.jsonl`). */
export const PRISM_LOG_ENV = 'MGW_E2E_PRISM_LOG'

const PRISM_CLI = fileURLToPath(new URL('../../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url))
const WATCHDOG = fileURLToPath(new URL('./parent-watchdog.mjs', import.meta.url))

/** One exchange through Prism, as the check reads it. */
export interface Exchange {
  method: string
  path: string
  status: number
  violations: Array<{ location: string[]; severity: string; code?: string | number; message: string }>
  /** Why the exchange went to the server directly, unvalidated. */
  unvalidated?: string
}

/** A running Prism in front of a server: its address and the exchanges that went through it. */
export interface PrismProxy {
  url: string
  exchanges: Exchange[]
}

/** The header that carries a session's id from this process's fetch, through Prism, to the door. */
const SESSION_HEADER = 'x-mgw-e2e-session'
/** The header that names, from this process's fetch through Prism to the door, the server a request is for. */
const UPSTREAM_HEADER = 'x-mgw-e2e-upstream'
/** A path under a session: its id and the route under it. */
const SESSION_PATH = /^\/s\/([A-Za-z0-9_-]{24})(\/.*)?$/

/** Server origin -> the Prism in front of it. */
const routes = new Map<string, { prism: string; exchanges: Exchange[]; log: boolean }>()
const prisms = new Set<ChildProcess>()
/** The run's document -> the Prism (and its door) validating against it, shared by every server of this process. */
const fronts = new Map<string, Promise<Front>>()
let installed = false

/** True when the e2e run goes through Prism. */
export function prismEnabled(): boolean {
  return Boolean(process.env[PRISM_DOCUMENT_ENV])
}

function stop(prism: ChildProcess): void {
  prisms.delete(prism)
  if (prism.exitCode !== null || prism.pid === undefined) return
  try {
    process.kill(-prism.pid, 'SIGTERM') // the whole group: Prism and anything it started
  } catch {
    // already gone
  }
}

function record(route: { exchanges: Exchange[]; log: boolean }, exchange: Exchange): void {
  route.exchanges.push(exchange)
  const folder = process.env[PRISM_LOG_ENV]
  if (route.log && folder)
    appendFileSync(join(folder, `exchanges-${process.pid}.jsonl`), `${JSON.stringify(exchange)}\n`)
}

/** Sends requests for a proxied server through its Prism, and records what Prism said about them. */
function installFetchRouting(): void {
  if (installed) return
  installed = true
  const platformFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const route = routes.get(url.origin)
    if (!route) return platformFetch(request)
    // The exact bytes go on (a signature covers them); only the address changes.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    if (body && /json/i.test(request.headers.get('content-type') ?? '') && !parsesAsJson(body)) {
      // Prism 5.16 leaves a request with a body that is not JSON (but says it is) without an answer; a
      // test sending one on purpose goes to the server directly, and the check sees it as unvalidated.
      const response = await platformFetch(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
      })
      record(route, {
        method: request.method,
        path: url.pathname,
        status: response.status,
        violations: [],
        unvalidated: 'the body is not JSON',
      })
      return response
    }
    // A session's route goes through Prism as the route, the session in a header (the door restores the path).
    const session = SESSION_PATH.exec(url.pathname)
    const headers = new Headers(request.headers)
    headers.set(UPSTREAM_HEADER, url.origin)
    if (session) headers.set(SESSION_HEADER, session[1]!)
    const path = session ? (session[2] ?? '/') : url.pathname
    const response = await platformFetch(`${route.prism}${path}${url.search}`, {
      method: request.method,
      headers,
      body,
      signal: request.signal,
      redirect: request.redirect,
    })
    const header = response.headers.get('sl-violations')
    record(route, {
      method: request.method,
      path: url.pathname,
      status: response.status,
      violations: header ? (JSON.parse(header.replace(/^Too many violations! /, '')) as Exchange['violations']) : [],
    })
    return response
  }
  process.once('exit', () => {
    for (const prism of [...prisms]) stop(prism)
  })
}

function parsesAsJson(body: ArrayBuffer): boolean {
  try {
    JSON.parse(new TextDecoder().decode(body))
    return true
  } catch {
    return false
  }
}

/**
 * The door between a Prism and the servers behind it: every request passes on unchanged to the server
 * {@link UPSTREAM_HEADER} names (a loopback origin), but that a request carrying {@link SESSION_HEADER} gets
 * `/s/<id>` put back in front of its path, both headers are taken off, and every request gets its server's own
 * `Host`. A connection the server cuts (an injected fault) is cut here too.
 */
async function startDoor(): Promise<Server> {
  const door = createServer((req, res) => {
    const upstream = upstreamOf(req.headers[UPSTREAM_HEADER])
    if (!upstream) {
      res
        .writeHead(502, { 'Content-Type': 'text/plain' })
        .end(`the e2e door needs ${UPSTREAM_HEADER}: a loopback origin`)
      return
    }
    const session = req.headers[SESSION_HEADER]
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host }
    delete headers[SESSION_HEADER]
    delete headers[UPSTREAM_HEADER]
    const path = typeof session === 'string' ? `/s/${session}${req.url ?? '/'}` : (req.url ?? '/')
    // A connection of its own per request (`agent: false`): a pooled one to a server may be closed by that server's
    // keep-alive timer just as the door sends on it, and the door then cuts Prism's connection in the middle of a
    // body (Prism answered a 2 MiB upload with its own 500, `write EPIPE`, once, on a loaded machine).
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path, headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
        answer.once('error', () => res.destroy())
      },
    )
    forward.once('error', () => res.destroy())
    req.pipe(forward)
  })
  // Prism keeps its connections to the door: the door never closes one for being idle (Node's 5 s would race a
  // request Prism starts on it); stopping the door closes them all.
  door.keepAliveTimeout = 0
  door.unref()
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve))
  return door
}

/** The server a request through the door is for: an `http://127.0.0.1:<port>` origin, nothing else. */
function upstreamOf(header: string | string[] | undefined): URL | undefined {
  if (typeof header !== 'string' || !/^http:\/\/127\.0\.0\.1:\d+$/.test(header)) return undefined
  return new URL(header)
}

/** What {@link putPrismInFront} needs. */
export interface PrismOptions {
  serverUrl: string
  /** Requests stop going through Prism when this resolves (the server's exit or close). */
  until: Promise<unknown>
  /** The document to validate against. Default: the one of {@link PRISM_DOCUMENT_ENV}. */
  document?: string
  /** Write the exchanges to {@link PRISM_LOG_ENV}'s folder for the check. Default true. */
  log?: boolean
  /** Where a new Prism's port comes from. Default: a free port of 127.0.0.1 (free-port.ts). */
  freePort?: () => Promise<number>
}

/** How many ports a Prism is given before its start counts as failed (each one taken by another process). */
const PORT_ATTEMPTS = 5

/**
 * Routes this process's requests for the server at `serverUrl` through a Prism validating against the document,
 * until `until` resolves. The run's document ({@link PRISM_DOCUMENT_ENV}) has one Prism in this process, started
 * for the first server and shared by every later one; a document a test gives has a Prism of its own, stopped
 * with its server.
 *
 * @example
 * ```ts
 * if (prismEnabled()) await putPrismInFront({ serverUrl: cli.url, until: cli.exited })
 * ```
 */
export async function putPrismInFront(options: PrismOptions): Promise<PrismProxy> {
  const { serverUrl, until: serverExited, log = true } = options
  const shared = options.document === undefined
  const document = options.document ?? process.env[PRISM_DOCUMENT_ENV]
  if (!document) throw new Error(`${PRISM_DOCUMENT_ENV} is not set`)
  installFetchRouting()
  const pickPort = options.freePort ?? freePort
  let front = shared ? fronts.get(document) : undefined
  if (!front) {
    front = startFront(document, pickPort)
    if (shared) {
      fronts.set(document, front)
      // A Prism that failed to start is tried again for the next server, not remembered as failed.
      front.catch(() => fronts.delete(document))
    }
  }
  const { url, stop: stopFront } = await front
  const origin = new URL(serverUrl).origin
  const route = { prism: url, exchanges: [] as Exchange[], log }
  routes.set(origin, route)
  void serverExited.then(() => {
    if (routes.get(origin) === route) routes.delete(origin)
    if (!shared) stopFront()
  })
  return { url: route.prism, exchanges: route.exchanges }
}

/** A Prism validating against a document, with its door: its address, and how to stop both. */
interface Front {
  url: string
  stop: () => void
}

/** Starts a door and a Prism in front of it, validating against `document`. */
async function startFront(document: string, pickPort: () => Promise<number>): Promise<Front> {
  const door = await startDoor()
  const doorUrl = `http://127.0.0.1:${(door.address() as AddressInfo).port}`
  const closeDoor = () => {
    door.closeAllConnections()
    door.close()
  }
  const failures: string[] = []
  // A free port is free only when it is asked: by the time Prism has read the document and binds it, another
  // test's server may hold it. Prism then exits (the port is in use) and gets another one.
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
    const port = await pickPort()
    const outcome = await startPrism(document, doorUrl, port)
    if ('prism' in outcome) {
      return {
        url: `http://127.0.0.1:${port}`,
        stop: () => {
          stop(outcome.prism)
          closeDoor()
        },
      }
    }
    failures.push(outcome.failure)
  }
  closeDoor()
  throw new Error(`Prism did not start:\n${failures.join('\n')}`)
}

/**
 * One Prism on `port`. It is ready when it says it listens on that address: an open port alone could be another
 * process's. Resolves with the failure's words when it exits first, or takes over two minutes (a start on a busy
 * machine takes many times an idle one's).
 */
function startPrism(
  document: string,
  doorUrl: string,
  port: number,
): Promise<{ prism: ChildProcess } | { failure: string }> {
  const prism = spawn(
    process.execPath,
    [
      '--import',
      WATCHDOG,
      PRISM_CLI,
      'proxy',
      document,
      doorUrl,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--cors',
      'false',
      '--errors',
      'false',
      // Its listening line is logged at info level, as is each exchange: kept, only the last few lines.
      '-v',
      'info',
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SCARF_ANALYTICS: 'false', FORCE_COLOR: '0' },
    },
  )
  prisms.add(prism)
  const listening = `Prism is listening on http://127.0.0.1:${port}`
  return new Promise((resolve) => {
    let output = ''
    let ready = false
    const read = (chunk: string) => {
      output = (output + chunk).slice(-4000)
      if (!ready && output.includes(listening)) {
        ready = true
        clearTimeout(timer)
        resolve({ prism })
      }
    }
    const fail = (why: string) => {
      if (ready) return
      ready = true
      clearTimeout(timer)
      stop(prism)
      resolve({ failure: `port ${port}: ${why}:\n${output}` })
    }
    const timer = setTimeout(() => fail('no word that it listens after 120 s'), 120_000)
    prism.stdout!.setEncoding('utf8').on('data', read)
    prism.stderr!.setEncoding('utf8').on('data', read)
    prism.once('exit', (code, signal) => fail(`exited (${code ?? signal}) before listening`))
  })
}
