/**
 * @module read-body
 * Reading a request body once, as bytes (a signature covers the exact bytes), with a size limit, then
 * as JSON. Anything unreadable is a 400 that names the problem; nothing here can answer 5xx.
 */
import type { IncomingRequest } from './answer.js'
import { LIMITS } from '@merchant-gateway/contract'
import { RuleError } from '../domain/rule-error.js'

/** A request body as bytes and as text. */
export interface RawBody {
  bytes: Uint8Array
  text: string
}

/**
 * A request whose body was read already (the HTTP server's app reads it before a route does): its bytes are
 * there to take at once, with no turn of the microtask queue.
 *
 * @example
 * ```ts
 * const read = new BodyRead(request, await request.arrayBuffer())
 * ```
 */
export class BodyRead implements IncomingRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingRequest['headers']
  readonly bytes: ArrayBuffer

  constructor(request: IncomingRequest, bytes: ArrayBuffer) {
    this.method = request.method
    this.url = request.url
    this.headers = request.headers
    this.bytes = bytes
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.bytes)
  }
}

/**
 * Reads the body; over {@link LIMITS.maxBodyBytes} is a 413, bytes that are not UTF-8 a 400. The body of a
 * {@link BodyRead} is taken at once (a refusal is thrown, not returned rejected).
 */
export function readBody(request: IncomingRequest): RawBody | Promise<RawBody> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > LIMITS.maxBodyBytes) return Promise.reject(tooLarge())
  if (request instanceof BodyRead) return decoded(request.bytes)
  return request.arrayBuffer().then(decoded)
}

function decoded(buffer: ArrayBuffer): RawBody {
  const bytes = new Uint8Array(buffer)
  if (bytes.byteLength > LIMITS.maxBodyBytes) throw tooLarge()
  let text: string
  try {
    text = DECODER.decode(bytes)
  } catch {
    throw new RuleError(400, 'Request body is not valid UTF-8')
  }
  return { bytes, text }
}

/** Fatal: bytes that are not UTF-8 throw. One decoder, reused: `decode` of a whole body keeps no state. */
const DECODER = new TextDecoder('utf-8', { fatal: true })

/**
 * Parses a body that must be a JSON object. An empty body is `undefined` when `allowEmpty`
 * (list stores and balance take no body), otherwise a 400.
 */
export function parseJsonObject(body: RawBody, options: { allowEmpty: boolean }): Record<string, unknown> | undefined {
  if (body.text.trim() === '') {
    if (options.allowEmpty) return undefined
    throw new RuleError(400, 'Request body is required: a JSON object')
  }
  let value: unknown
  try {
    value = JSON.parse(body.text)
  } catch {
    throw new RuleError(400, 'Request body is not valid JSON')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RuleError(
      400,
      `Request body must be a JSON object, got ` +
        (Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value),
    )
  }
  return value as Record<string, unknown>
}

/**
 * A body must be JSON: a `Content-Type` other than `application/json` or `application/<x>+json` is a 415
 * (with `strict` off, any type is read as JSON). A body sent without `Content-Type` is read as JSON, and an
 * empty body has no type to check.
 */
export function checkMediaType(request: IncomingRequest, body: RawBody, strict: boolean): void {
  if (!strict || body.bytes.byteLength === 0) return
  const type = request.headers.get('content-type')
  if (type === null) return
  const essence = type.split(';')[0]!.trim().toLowerCase()
  if (essence === 'application/json' || /^application\/[\w.+-]+\+json$/.test(essence)) return
  const hint =
    essence === 'application/x-www-form-urlencoded'
      ? " (curl -d sends that type: add -H 'Content-Type: application/json')"
      : ''
  throw new RuleError(415, `Content-Type must be application/json, got ${JSON.stringify(type.slice(0, 100))}${hint}`)
}

function tooLarge(): RuleError {
  return new RuleError(413, `Request body is larger than ${LIMITS.maxBodyBytes} bytes`)
}
