/**
 * @module node-bridge
 * Between Node's `http` and the app: an incoming request as the app reads it (its body read under a size
 * limit), and the app's answer written back, on a response or, for CONNECT, on the raw socket.
 *
 * An answer can go out before the client has sent all it means to: a 413 once a body passes the limit, a
 * refusal given before the body is read, the end of a connection whose next bytes Node's parser refuses.
 * Closing the socket then, with the client's bytes still arriving, resets the connection under the upload,
 * and the reset can destroy the answer in the client's own buffers before it is read: most clients report
 * the reset, not the answer. So the server lingers ({@link Lingering}): it reads and drops what still
 * comes, within bounds of bytes and of time, and only then closes, or keeps the connection for the next
 * request when the body ended inside the bounds.
 */
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { RuleError } from '../domain/rule-error.js'
import type { Answer, IncomingRequest } from '../http/answer.js'

/** Headers of one connection, not of the request: the app does not see them. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'expect',
])

/**
 * How long the server keeps reading what a client still sends after its answer: at most `bytes` more
 * bytes, `timeMs` in all and `idleMs` between two reads. Past any of them the connection is cut.
 *
 * @example
 * ```ts
 * const bounds: LingerBounds = { bytes: 64 * 1024 * 1024, timeMs: 30_000, idleMs: 5_000 }
 * ```
 */
export interface LingerBounds {
  /** The most bytes read and dropped (counted on the socket, framing included). */
  bytes: number
  /** The longest the lingering lasts, however steadily the client sends: a trickle cannot hold the socket. */
  timeMs: number
  /** The longest wait for the client's next bytes. */
  idleMs: number
}

/**
 * One connection on which the server reads and drops what the client still sends, within
 * {@link LingerBounds}. Whoever reads the bytes reports them ({@link Linger.read}) and the end of what the
 * client owed ({@link Linger.finish}); past a bound the connection is destroyed. Bytes are counted on the
 * socket (`bytesRead`), so the count is the same whoever reads them: the request's body stream, or Node's
 * parser refusing what follows a request.
 *
 * @example
 * ```ts
 * const linger = new Linger(req.socket, { bytes: 1 << 20, timeMs: 30_000, idleMs: 5_000 })
 * req.on('data', () => linger.read()).once('end', () => linger.finish())
 * if (!(await linger.settled)) console.log('cut at a bound, or the client closed')
 * ```
 */
class Linger {
  /** True when what the client owed arrived within the bounds; false when the connection was cut or closed. */
  readonly settled: Promise<boolean>
  readonly #socket: Socket
  readonly #lastByte: number
  readonly #total: NodeJS.Timeout
  readonly #idle: NodeJS.Timeout
  #settle: (complete: boolean) => void = () => undefined
  #done = false
  readonly #onClose = () => this.#end(false)

  constructor(socket: Socket, bounds: LingerBounds) {
    this.#socket = socket
    this.#lastByte = socket.bytesRead + bounds.bytes
    this.settled = new Promise((resolve) => {
      this.#settle = resolve
    })
    // Unref'd: a lingering connection must not keep alive a process whose server is closing.
    this.#total = setTimeout(() => this.cut(), bounds.timeMs).unref()
    this.#idle = setTimeout(() => this.cut(), bounds.idleMs).unref()
    if (socket.destroyed) this.#end(false)
    else socket.once('close', this.#onClose)
  }

  /** More bytes came: past the byte bound the connection is cut, else the idle clock starts again. */
  read(): void {
    if (this.#done) return
    if (this.#socket.bytesRead > this.#lastByte) this.cut()
    else this.#idle.refresh()
  }

  /** What the client owed has arrived: the lingering ends and the connection stays. */
  finish(): void {
    this.#end(true)
  }

  /** Ends the lingering by destroying the connection. */
  cut(): void {
    if (this.#done) return
    this.#end(false)
    this.#socket.destroy()
  }

  #end(complete: boolean): void {
    if (this.#done) return
    this.#done = true
    clearTimeout(this.#total)
    clearTimeout(this.#idle)
    this.#socket.off('close', this.#onClose)
    this.#settle(complete)
  }
}

/**
 * The one way a server answers before it has read all the client sends, and closes after such answers:
 * the rest of a request's body is read and dropped ({@link Lingering.drainBody}), and a connection whose
 * next bytes Node's parser refuses is closed gracefully ({@link Lingering.closeAfterClientError}), each
 * within the same {@link LingerBounds}. One per server: it knows which answers are under way on which
 * connection.
 *
 * @example
 * ```ts
 * const lingering = new Lingering({ bytes: 64 * 1024 * 1024, timeMs: 30_000, idleMs: 5_000 })
 * server.on('request', (req, res) => lingering.track(res))
 * server.on('clientError', (error, socket) => lingering.closeAfterClientError(error, socket))
 * ```
 */
export class Lingering {
  readonly bounds: LingerBounds
  /** The answers under way on each connection: a parse error's answer and close wait for them. */
  readonly #answering = new WeakMap<Socket, ServerResponse[]>()
  /** The drain under way on each connection, if any. */
  readonly #draining = new WeakMap<Socket, Linger>()
  /** Connections closing after a parse error. */
  readonly #closing = new WeakMap<Socket, Linger>()

  constructor(bounds: LingerBounds) {
    this.bounds = bounds
  }

  /**
   * Notes an answer under way on its connection, until it is sent (or the connection closes). Those sent are
   * dropped here, as the next one is noted, and never read: no listener per response.
   */
  track(res: ServerResponse): void {
    const socket = res.req.socket
    const answers = this.#answering.get(socket)
    if (!answers) return void this.#answering.set(socket, [res])
    // An array, not a Set: a connection has one answer under way at a time unless its client pipelines, and a
    // short array is swept in place without the Set's iterator and hash (a measured share of every request).
    let kept = 0
    for (const earlier of answers) if (underWay(earlier)) answers[kept++] = earlier
    answers.length = kept
    answers.push(res)
  }

  /**
   * Reads and drops the rest of a request's body. True when it ended within the bounds (the connection can
   * serve the next request); false when the connection was cut at a bound or closed.
   */
  drainBody(req: IncomingMessage): Promise<boolean> {
    if (req.readableEnded) return Promise.resolve(true)
    const socket = req.socket
    const linger = new Linger(socket, this.bounds)
    this.#draining.set(socket, linger)
    const read = () => linger.read()
    const end = () => linger.finish()
    req.on('data', read)
    req.once('end', end)
    req.resume()
    void linger.settled.then(() => {
      req.off('data', read)
      req.off('end', end)
      if (this.#draining.get(socket) === linger) this.#draining.delete(socket)
    })
    return linger.settled
  }

  /**
   * Ends a connection whose bytes Node's parser refused (the server's `clientError`). The answers under
   * way on it go out first; what the error left unanswered gets the answer Node itself would give (400;
   * 431 for headers too large); then the server half-closes and reads and drops what the client still
   * sends, until it stops or a bound is reached. Node's default destroys the socket at once instead.
   * Node's own http client sends a GET, DELETE or OPTIONS body without `Content-Length`: to the server
   * those bytes follow a complete request, the parser refuses them, and the destroy resets the client
   * while it is still sending, losing the answer to its request. Other client errors (a reset, a request
   * too slow) end the connection as Node does.
   */
  closeAfterClientError(error: NodeJS.ErrnoException, socket: Socket): void {
    const code = error.code ?? ''
    const closing = this.#closing.get(socket)
    if (closing) {
      // Every further piece the client sends meets the parser's error again: that is a read.
      if (code.startsWith('HPE_')) closing.read()
      return
    }
    const answers = (this.#answering.get(socket) ?? []).filter(underWay)
    if (!code.startsWith('HPE_')) {
      // Not the parser's: a reset, a failed write, a request too slow. As Node does: its answer if the
      // connection can still take one (a 408 for the slow request), then the end. A client that slow is
      // not one still sending fast, and its connection's parser, not in error, would read on.
      if (socket.writable && !answers.some((res) => res.headersSent)) socket.write(parserRefusal(code))
      socket.destroy()
      return
    }
    const linger = new Linger(socket, this.bounds)
    this.#closing.set(socket, linger)
    // A request whose body the error broke will never see its end: a drain on it is over, its answer ends.
    this.#draining.get(socket)?.finish()
    const broken = answers.find((res) => !res.req.complete && !res.headersSent)
    const owed = answers.filter((res) => res !== broken)
    // The answers still to be written say that the connection closes, so that the client does not send its
    // next request on it. Node closes a connection after such an answer by destroying it once the answer is
    // out, which would reset a client still sending: here that close is a half-close (Node's own fallback
    // for a socket without `destroySoon`), and the lingering ends the connection.
    for (const res of owed) if (!res.headersSent) res.setHeader('Connection', 'close')
    socket.destroySoon = () => {
      if (socket.writable) socket.end()
    }
    const sent = Promise.all(owed.map(sentOrClosed)).then(
      () =>
        new Promise<void>((resolve) => {
          if (socket.destroyed) return resolve()
          if ((answers.length === 0 || broken) && socket.writable) socket.write(parserRefusal(code))
          socket.once('close', () => resolve())
          // The answers, then FIN: a client that watches its connection stops sending.
          socket.end(() => resolve())
        }),
    )
    if (socket.readableEnded) linger.finish()
    else socket.once('end', () => linger.finish())
    void Promise.all([sent, linger.settled]).then(() => socket.destroy())
  }
}

/** A response not yet sent whole, on a connection still there. */
function underWay(res: ServerResponse): boolean {
  return !res.writableFinished && !res.destroyed
}

/** Resolves when a response is sent whole, or its connection is gone. */
function sentOrClosed(res: ServerResponse): Promise<void> {
  if (res.writableFinished || res.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    res.once('finish', resolve)
    res.once('close', resolve)
  })
}

/** The answer Node gives a request its parser refuses, by the parser's error, byte for byte. */
function parserRefusal(code: string): string {
  const status =
    code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? 413
        : code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`
}

/**
 * An incoming Node request as the app reads it, without building a Fetch `Request`: the method, the URL on
 * the mock's origin (normalised as a `Request` would be: only the path and query of the target are taken, so
 * an absolute-form target, `GET http://other/...` as sent to a proxy, still addresses this server), the
 * headers (those of the connection left out) and the body, read when first asked for.
 *
 * The body is read whole whatever the method, and refused as soon as it passes `limit`: `arrayBuffer()`
 * rejects with a 413 {@link RuleError} and the rest is drained by `lingering`. A GET or HEAD body is read all
 * the same, so that one over the limit is refused like any other and the connection stays in step, but it is
 * not kept: those methods carry none to the routes. A client that goes before its body ended makes
 * `arrayBuffer()` reject too, and {@link NodeRequest.aborted} true: there is no one to answer.
 *
 * @example
 * ```ts
 * const request = new NodeRequest(req, 'http://127.0.0.1:4010', { limit: 1_048_576, lingering })
 * const answer = await app.handle(request)
 * writeAnswer(res, answer, request.rest())
 * ```
 */
export class NodeRequest implements IncomingRequest {
  readonly method: string
  readonly url: string
  /** The request target as the client sent it (`url` has it resolved, as the URL standard reads it). */
  readonly target: string
  readonly headers: IncomingRequest['headers']
  readonly #req: IncomingMessage
  readonly #bounds: { limit: number; lingering: Lingering }
  #body: Promise<ArrayBuffer> | undefined
  /** Set when the body passed the limit: settles when its rest was drained (or the connection cut). */
  #drained: Promise<boolean> | undefined
  #aborted = false
  /** The body being read, once asked for (and there is one). */
  #reading: BodyReading | undefined = undefined

  constructor(req: IncomingMessage, origin: string, bounds: { limit: number; lingering: Lingering }) {
    this.method = (req.method ?? 'GET').toUpperCase()
    this.target = req.url ?? '/'
    this.url = `${origin}${pathAndQuery(this.target)}`
    this.headers = new NodeHeaders(req.headers)
    this.#req = req
    this.#bounds = bounds
  }

  /** True when the client went before its body ended. */
  get aborted(): boolean {
    return this.#aborted
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    this.#body ??= this.#read()
    return this.#body
  }

  /**
   * What an answer given now waits for before its response ends: undefined when the body was read whole,
   * else the draining of what the client still sends (begun now if no one asked for the body).
   */
  rest(): Promise<unknown> | undefined {
    if (this.#drained) return this.#drained
    if (this.#body === undefined) this.#drained = this.#bounds.lingering.drainBody(this.#req)
    return this.#drained
  }

  #read(): Promise<ArrayBuffer> {
    const req = this.#req
    // Without Content-Length or Transfer-Encoding a request has no body (Node's parser reads none): nothing
    // to wait for. Node consumes the end of its stream once the answer is sent.
    if (req.headers['transfer-encoding'] === undefined) {
      const declared = req.headers['content-length']
      if (declared === undefined || declared === '0') return Promise.resolve(new ArrayBuffer(0))
    }
    const keep = req.method !== 'GET' && req.method !== 'HEAD'
    const promise = new Promise<ArrayBuffer>((resolve, reject) => {
      this.#reading = { chunks: [], size: 0, keep, resolve, reject }
    })
    // The listeners are the same four functions for every request, which find the request's reading through
    // Node's request they are called on: no closure per request. `on`, not `once`: whichever comes first
    // removes all four, and `once` wraps each listener.
    ;(req as ReadRequest)[READER] = this
    req.on('data', NodeRequest.#onData)
    req.on('end', NodeRequest.#onEnd)
    req.on('error', NodeRequest.#onAbort)
    req.on('close', NodeRequest.#onAbort)
    return promise
  }

  /** A chunk of the body came: kept, or past the limit the body is refused and its rest drained. */
  static readonly #onData = function (this: IncomingMessage, chunk: Buffer): void {
    const request = (this as ReadRequest)[READER]
    const reading = request.#reading!
    reading.size += chunk.length
    if (reading.size <= request.#bounds.limit) {
      if (reading.keep) reading.chunks.push(chunk)
      return
    }
    const req = request.#req
    NodeRequest.#stop(req)
    reading.chunks.length = 0
    request.#drained = request.#bounds.lingering.drainBody(req)
    reading.reject(new RuleError(413, `The body is larger than ${request.#bounds.limit} bytes`))
  }

  /** The body ended: its bytes, copied once from the chunks (views of Node's buffers) into the body's own. */
  static readonly #onEnd = function (this: IncomingMessage): void {
    const request = (this as ReadRequest)[READER]
    NodeRequest.#stop(this)
    const { chunks, size, keep, resolve } = request.#reading!
    if (size === 0 || !keep) {
      resolve(new ArrayBuffer(0))
      return
    }
    const bytes = new ArrayBuffer(size)
    const view = new Uint8Array(bytes)
    let at = 0
    for (const chunk of chunks) {
      view.set(chunk, at)
      at += chunk.byteLength
    }
    resolve(bytes)
  }

  /** The connection went before the body ended (a reset, a cut at a bound): there is no one to answer. */
  static readonly #onAbort = function (this: IncomingMessage): void {
    const request = (this as ReadRequest)[READER]
    NodeRequest.#stop(this)
    request.#aborted = true
    request.#reading!.reject(new Error('[mock] the connection closed before the body ended'))
  }

  static #stop(req: IncomingMessage): void {
    req.off('data', NodeRequest.#onData)
    req.off('end', NodeRequest.#onEnd)
    req.off('error', NodeRequest.#onAbort)
    req.off('close', NodeRequest.#onAbort)
  }
}

/** A body being read: its chunks so far, and how its promise settles. */
interface BodyReading {
  chunks: Buffer[]
  size: number
  /** False for GET and HEAD: read, but not kept. */
  keep: boolean
  resolve(bytes: ArrayBuffer): void
  reject(error: Error): void
}

/** Node's request whose body is read: the {@link NodeRequest} reading it, for the listeners shared by all. */
const READER = Symbol('mock body reader')
type ReadRequest = IncomingMessage & { [READER]: NodeRequest }

/**
 * Fetch-style `get`/`has`/`forEach` over Node's lower-cased headers; those of the connection are not the request's.
 * A class, not closures: one object per request and its methods shared.
 */
type RequestHeaders = IncomingRequest['headers']

class NodeHeaders implements RequestHeaders {
  readonly #headers: IncomingHttpHeaders

  constructor(headers: IncomingHttpHeaders) {
    this.#headers = headers
  }

  get(name: string): string | null {
    const key = nodeKey(name)
    if (CONNECTION_HEADERS.has(key)) return null
    const value = this.#headers[key]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }

  has(name: string): boolean {
    return this.get(name) !== null
  }

  forEach(callback: (value: string, name: string) => void): void {
    // Node's headers are a plain record: walked in place, with no array of entries made per request.
    const headers = this.#headers
    for (const name in headers) {
      const value = headers[name]
      if (value !== undefined && !CONNECTION_HEADERS.has(name))
        callback(Array.isArray(value) ? value.join(', ') : value, name)
    }
  }
}

/**
 * Header names in lower case, as Node keys them, by the name asked for: the names the mock asks for are its
 * constants (`X-Api-Key`), the same on every request. A name lowered afresh is a new string each time, which
 * V8 must look up in its table of property names before it can read Node's record (a measured share of every
 * request); the kept one is found there once. At most 256 names are kept: any other is lowered each time.
 */
const NODE_KEYS = new Map<string, string>()

function nodeKey(name: string): string {
  let key = NODE_KEYS.get(name)
  if (key === undefined) {
    key = name.toLowerCase()
    if (NODE_KEYS.size < 256) NODE_KEYS.set(name, key)
  }
  return key
}

/**
 * Writes an answer to Node's response, with its exact length. With `until`, the answer goes out at once but
 * the response ends only when `until` settles: an answer given while the client may still be sending (its
 * body drained meanwhile, see {@link Lingering.drainBody}). Node closes a connection whose client asked for
 * `Connection: close` (or whose answer says so) as soon as the response ends; a client still uploading would
 * then be reset and could lose the answer it was already sent.
 *
 * @example
 * ```ts
 * writeAnswer(res, { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' })
 * ```
 */
export function writeAnswer(res: ServerResponse, answer: Answer, until?: Promise<unknown>): void {
  const { body } = answer
  // A string body is written as a string: Node sends the head and a string body as one chunk, where a
  // Buffer made of it would cost its copy and a second chunk (docs/architecture.md has the measurement).
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
  // The headers as Node's flat list of names and values, which it writes as it would the record's entries:
  // no copy of the record with Content-Length spread into it, which cost Node 24 some 2 us a request. A
  // Content-Length the answer names (a QR image's) keeps its place and takes the exact length, as the spread did.
  const head: string[] = []
  const { headers } = answer
  let sized = false
  for (const name in headers) {
    const own = name === 'Content-Length'
    head.push(name, own ? String(length) : headers[name]!)
    sized ||= own
  }
  if (!sized) head.push('Content-Length', String(length))
  res.writeHead(answer.status, head)
  if (until === undefined) return void res.end(body)
  res.write(body)
  void until.then(() => res.end())
}

/**
 * An answer as bytes on a raw socket that then closes: for a request Node hands over without a response
 * (CONNECT).
 *
 * @example
 * ```ts
 * socket.end(rawAnswer({ status: 405, headers: { Allow: 'GET' }, body: '{}' }))
 * ```
 */
export function rawAnswer(answer: Answer): Buffer {
  const body = Buffer.from(answer.body)
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${body.byteLength}`,
    'Connection: close',
  ]
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body])
}

/**
 * The path of a request target; `/` when it cannot be parsed.
 *
 * @example
 * ```ts
 * pathnameOf('/api/v1/auth/set-pin?x=1') // '/api/v1/auth/set-pin'
 * ```
 */
export function pathnameOf(target: string): string {
  const query = target.indexOf('?')
  const path = query === -1 ? target : target.slice(0, query)
  if (PLAIN_PATH.test(path)) return path
  try {
    return new URL(target, 'http://target.invalid').pathname
  } catch {
    return '/'
  }
}

/**
 * The path and query of a request target as `new URL(target, base)` gives them (`pathname + search`). A target
 * written so that the parse would change nothing (the common case: a plain path, a query of printable ASCII)
 * is taken as it is, without building a URL (a parse per request measured in the server's profile); any other
 * (dot segments, escapes, backslashes, an absolute form, a fragment) is parsed.
 *
 * @example
 * ```ts
 * pathAndQuery('/api/v1/transactions?orderId=1') // '/api/v1/transactions?orderId=1'
 * pathAndQuery('/a/../b?') // '/b'
 * ```
 */
export function pathAndQuery(target: string): string {
  const query = target.indexOf('?')
  if (query === -1) {
    if (PLAIN_PATH.test(target)) return target
  } else if (PLAIN_PATH.test(target.slice(0, query)) && PLAIN_QUERY.test(target.slice(query + 1))) {
    // An empty query is none: `search` is ''.
    return query === target.length - 1 ? target.slice(0, query) : target
  }
  const { pathname, search } = new URL(target, 'http://target.invalid')
  return `${pathname}${search}`
}

/**
 * A path the URL parser keeps as written: from `/` (not `//`, an authority), of letters, digits, `_`, `-` and
 * `/` only (no dot segment, escape or backslash to resolve, nothing to percent-encode).
 */
const PLAIN_PATH = /^\/(?!\/)[\w\-/]*$/

/**
 * A query the URL parser keeps as written: printable ASCII but the space and `"`, `#`, `'`, `<`, `>` (which it
 * percent-encodes, or where a fragment starts).
 */
const PLAIN_QUERY = /^[!$-&(-;=?-~]*$/
