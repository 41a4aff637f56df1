/**
 * @module route-fetch
 * A fetch-compatible function over one instance's routes: no global interception, so any number of mocks can
 * run side by side. It behaves as fetch does where it matters to a client: an injected network fault or a
 * dropped response rejects with a TypeError, and an aborted signal rejects with the signal's reason, even
 * mid-latency. It needs no msw: `mock.fetch` and the HTTP server's mocks run on it, and the CLI loads no msw
 * (mock-fetch.ts adds the form over a list of msw handlers).
 */
import { BodyRead } from './read-body.js'
import { uriTooLong } from './responses.js'
import type { Dispatcher } from './service-routes.js'
import { type IncomingRequest, toResponse } from './answer.js'

/**
 * The message of the `cause` of the TypeError a mock's fetch rejects with for an injected network fault
 * or a dropped response (the HTTP server cuts the connection on it).
 *
 * @example
 * ```ts
 * mock.fetch(url).catch((error) => error.cause?.message === INJECTED_NETWORK_ERROR)
 * ```
 */
const INJECTED_NETWORK_ERROR = '[mock] network error (injected fault or dropped response)'

/**
 * Builds a `fetch` over a mock's direct dispatcher (`mock.fetch`): the request's body is read once, as bytes,
 * and no second Request is built around a ready one.
 *
 * @example
 * ```ts
 * const fetch = dispatchFetch(createDispatcher(routes, 'https://gateway.mock'), 'https://gateway.mock')
 * ```
 */
export function dispatchFetch(dispatch: Dispatcher, baseUrl: string): typeof fetch {
  return routeFetch((request) => dispatch(request)?.then(toResponse), baseUrl, { direct: true })
}

/**
 * Builds a `fetch` over `answer`, which answers a request of the mock's origin with a Response, or with none
 * (a path outside the base URL's path: a network error, as a dropped connection). `direct`: the routes read the
 * request themselves (the dispatcher), so a ready Request is read by a reader and a body-only `init` is taken
 * as bytes; otherwise (msw's handlers, which clone it) a Request is passed as one.
 *
 * @example
 * ```ts
 * const fetch = routeFetch((request) => getResponse(handlers, request as Request), baseUrl, { direct: false })
 * ```
 */
export function routeFetch(
  answer: (request: IncomingRequest) => Promise<Response | undefined> | undefined,
  baseUrl: string,
  { direct }: { direct: boolean },
): typeof fetch {
  const origin = new URL(baseUrl).origin
  const originSlash = `${origin}/`
  return async function mockFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
    signal?.throwIfAborted()
    // The caller's signal is honoured here (the race below), not handed to the handlers: like a server,
    // the mock does not learn that a client gave up, and a signal on the Request makes msw's clones
    // follow it, which measured ~60 us per call. A ready Request without init is used as is: re-wrapping
    // it would clone its body.
    const request: IncomingRequest =
      input instanceof Request && (init === undefined || Object.keys(init).length === 0)
        ? direct
          ? readByReader(input)
          : input
        : direct && input instanceof Request && bodyOnly(init)
          ? withBody(input, init.body)
          : new Request(input, init?.signal ? { ...init, signal: null } : init)
    // A Request's URL is serialised (an http(s) one as origin, then its path), so one that starts with this
    // origin and a slash is on it: no URL is parsed per call. Any other is parsed and judged by its origin.
    const url = request.url
    if (!url.startsWith(originSlash) && new URL(url).origin !== origin) {
      throw new TypeError(`[mock] fetch failed: this mock serves ${origin}, not ${new URL(url).origin}`)
    }
    // A target longer than the service takes is refused here: msw's matching throws on URLs over 8 KiB.
    const tooLong = uriTooLong(url, origin)
    if (tooLong) return toResponse(tooLong)
    const response = await abortable(Promise.resolve(answer(request)), signal)
    if (!response || response.type === 'error') {
      throw new TypeError('fetch failed', { cause: new Error(INJECTED_NETWORK_ERROR) })
    }
    return response
  }
}

/** An `init` that carries a string body and nothing else (what the SDK's sends give: `fetch(request, { body })`). */
function bodyOnly(init: RequestInit | undefined): init is RequestInit & { body: string } {
  if (init === undefined || typeof init.body !== 'string') return false
  for (const key in init) if (key !== 'body') return false
  return true
}

/**
 * The request as the routes read it, with `body` as its bytes: the routes take a method, a URL, headers
 * and the body's bytes, so no second Request is built around the first (which measured tens of µs a call).
 */
function withBody(request: Request, body: string): IncomingRequest {
  return new BodyRead(request, ENCODER.encode(body).buffer as ArrayBuffer)
}

const ENCODER = new TextEncoder()

/**
 * A ready Request as the routes read it, its body read with a reader that is then released. Its caller may
 * cancel the body once it has its answer (ky does, after every call): `arrayBuffer()` leaves the stream locked,
 * and the cancel then fails with an error built with its stack; a stream read to its end and unlocked cancels
 * at once. The bytes are the same (docs/architecture.md has the measurement). Of the public ways to read a
 * body, a released reader costs least within the noise (bench/request-body.bench.ts); the bytes stay bytes,
 * for the routes' fatal decoder to refuse what is not UTF-8.
 */
function readByReader(request: Request): IncomingRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    arrayBuffer: () => (request.body === null ? Promise.resolve(new ArrayBuffer(0)) : readAll(request.body)),
  }
}

/** Every byte of a stream, read with a reader released at the end (or on an error). */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<ArrayBuffer> {
  const reader = stream.getReader()
  try {
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
    if (chunks.length === 1) {
      const [only] = chunks as [Uint8Array]
      return only.byteOffset === 0 && only.byteLength === only.buffer.byteLength
        ? (only.buffer as ArrayBuffer)
        : (only.slice().buffer as ArrayBuffer)
    }
    const bytes = new Uint8Array(size)
    let at = 0
    for (const chunk of chunks) {
      bytes.set(chunk, at)
      at += chunk.byteLength
    }
    return bytes.buffer
  } finally {
    reader.releaseLock()
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
