/**
 * @module node-bridge
 * Between Node's `http` and the Fetch API the mock speaks: reading a request body with a size limit,
 * turning an incoming request into a `Request`, and writing a `Response` (or a refusal) back.
 *
 * A body over the limit is answered 413 at once, and the rest of it is still read and thrown away (up to
 * a bound), so the client, which may still be sending, gets its answer on a connection that stays usable.
 * Closing the socket instead would reset it under the client's upload and lose the 413.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { Answer, IncomingRequest } from '../http/answer.js'
import { refusalBodyFor } from '../http/responses.js'

/** Headers of one connection, not of the request: never copied into the `Request`. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'upgrade',
  'expect',
])

/**
 * A request body as the server read it: the bytes, none (GET, HEAD, or empty), or too large (then the
 * rest is being drained while the 413 goes out).
 *
 * @example
 * ```ts
 * const body: NodeBody = await readNodeBody(req, { limit: 1_048_576, drainLimit: 16_777_216 })
 * if (body.kind === 'too-large') writeRefusal(res, req.url ?? '/', 413, 'too large')
 * ```
 */
export type NodeBody =
  | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'none' }
  | {
      kind: 'too-large'
      /**
       * Settles when the rest of the body was read to its end (true) or the connection was cut at the drain bound
       * (false).
       */
      drained: Promise<boolean>
    }

/**
 * Reads the whole body, or reports that it is over `limit` as soon as it is. The rest of an oversized
 * body is drained (read and dropped) up to `drainLimit` more bytes; past that the connection is cut.
 *
 * @example
 * ```ts
 * const body = await readNodeBody(req, { limit: 1024, drainLimit: 1024 * 1024 })
 * ```
 */
export function readNodeBody(req: IncomingMessage, bounds: { limit: number; drainLimit: number }): Promise<NodeBody> {
  if (req.method === 'GET' || req.method === 'HEAD') {
    req.resume()
    return Promise.resolve({ kind: 'none' })
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let drained = 0
    let over = false
    let settleDrain: (complete: boolean) => void = () => undefined
    req.on('data', (chunk: Buffer) => {
      if (over) {
        drained += chunk.length
        if (drained > bounds.drainLimit) {
          settleDrain(false)
          req.socket.destroy()
        }
        return
      }
      size += chunk.length
      if (size > bounds.limit) {
        over = true
        chunks.length = 0
        resolve({ kind: 'too-large', drained: new Promise<boolean>((r) => (settleDrain = r)) })
        return
      }
      chunks.push(chunk)
    })
    req.once('end', () => {
      if (over) settleDrain(true)
      else resolve(size === 0 ? { kind: 'none' } : { kind: 'bytes', bytes: new Uint8Array(Buffer.concat(chunks)) })
    })
    req.once('close', () => settleDrain(false))
    req.once('error', (error) => {
      if (!over) reject(error)
    })
  })
}

/**
 * The incoming request as a Fetch-API `Request` on the mock's own origin (the handlers match on it).
 * Only the path and query are taken: an absolute-form target (`GET http://other/...`, as sent to a proxy)
 * still addresses this server, not the host it names.
 *
 * @example
 * ```ts
 * const request = toRequest(req, 'http://127.0.0.1:4010', undefined)
 * ```
 */
export function toRequest(req: IncomingMessage, origin: string, body: Uint8Array<ArrayBuffer> | undefined): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  const { pathname, search } = new URL(req.url ?? '/', 'http://target.invalid')
  // An empty body is no body: a Request with a stream body costs a clone (a tee) in msw per handler tried.
  return new Request(new URL(`${pathname}${search}`, origin), {
    method: req.method,
    headers,
    body: body?.length ? body : undefined,
  })
}

/**
 * An incoming Node request as the service's routes read it, without building a Fetch `Request`: the
 * method, the URL on the mock's origin (normalised as a `Request` would be), the headers (those of the
 * connection left out, as in {@link toRequest}) and the body already read.
 *
 * @example
 * ```ts
 * const answer = await dispatch(new NodeRequest(req, 'http://127.0.0.1:4010', body))
 * ```
 */
export class NodeRequest implements IncomingRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingRequest['headers']
  readonly #body: Uint8Array<ArrayBuffer> | undefined

  constructor(req: IncomingMessage, origin: string, body: Uint8Array<ArrayBuffer> | undefined) {
    this.method = (req.method ?? 'GET').toUpperCase()
    const { pathname, search } = new URL(req.url ?? '/', 'http://target.invalid')
    this.url = `${origin}${pathname}${search}`
    this.headers = nodeHeaders(req.headers)
    this.#body = body
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const body = this.#body
    if (!body) return new ArrayBuffer(0)
    return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength)
  }
}

/** Fetch-style `get`/`has` over Node's lower-cased headers; hop-by-hop headers are not the request's. */
function nodeHeaders(headers: IncomingHttpHeaders): IncomingRequest['headers'] {
  const get = (name: string): string | null => {
    const key = name.toLowerCase()
    if (HOP_BY_HOP.has(key)) return null
    const value = headers[key]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }
  return { get, has: (name) => get(name) !== null }
}

/**
 * Writes a route's answer to Node's response, with its exact length.
 *
 * @example
 * ```ts
 * writeAnswer(res, { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' })
 * ```
 */
export function writeAnswer(res: ServerResponse, answer: Answer): void {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body
  res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(body.byteLength) })
  res.end(body)
}

/**
 * Writes a Fetch-API `Response` to Node's response, with its exact length.
 *
 * @example
 * ```ts
 * await writeResponse(res, await mock.fetch(request))
 * ```
 */
export async function writeResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer())
  const headers: Record<string, string | string[]> = { ...extraHeaders }
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') headers[name] = value
  })
  res.writeHead(response.status, { ...headers, 'Content-Length': String(body.length) })
  res.end(body)
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
  try {
    return new URL(target, 'http://target.invalid').pathname
  } catch {
    return '/'
  }
}

/**
 * Writes a refusal in the body style of the target's module (the PIN module's envelope under its
 * prefix, the status-style body elsewhere).
 *
 * @example
 * ```ts
 * writeRefusal(res, req.url ?? '/', 413, 'The body is larger than 1048576 bytes')
 * ```
 */
export function writeRefusal(
  res: ServerResponse,
  target: string,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = JSON.stringify(refusalBodyFor(pathnameOf(target), status, message))
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
  })
  res.end(body)
}

/**
 * Sends a refusal at once but finishes the response only when `until` settles. Node closes a connection
 * whose client asked for `Connection: close` as soon as the response finishes; a client still uploading
 * would then be reset and could lose the answer it was already sent.
 *
 * @example
 * ```ts
 * if (body.kind === 'too-large') writeRefusalWhile(res, req.url ?? '/', 413, 'too large', body.drained)
 * ```
 */
export function writeRefusalWhile(
  res: ServerResponse,
  target: string,
  status: number,
  message: string,
  until: Promise<unknown>,
): void {
  const body = JSON.stringify(refusalBodyFor(pathnameOf(target), status, message))
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) })
  res.write(body)
  void until.then(() => res.end())
}
