/**
 * @module ky-client
 * The one ky instance each client sends through, made from the client's options: the base URL as ky's
 * `prefix`, the SDK's `fetch` (which attaches the body, see below) over the injected one (a mock's, with
 * no interception), and the hooks in their order:
 *
 * - `beforeRequest` / `beforeRetry`: the SDK's first (an attempt begins: it is counted, and the gateway
 *   signs it with a fresh X-Timestamp), then the merchant's, then, only when there are some, the SDK's
 *   last (the attempt's clock starts after them, so the logged duration is the exchange's own). Each hook
 *   costs a timer per call under ky's `totalTimeout`, so the SDK adds no hook it does not need;
 * - `afterResponse` and `beforeError`: the merchant's only; the SDK reads answers where it decides on a
 *   retry and where the call ends, which spares a response clone per call.
 *
 * The body is not part of the request ky builds: the transports hand it over with {@link sendBody}, and
 * it is attached as each attempt is sent. So no hook sees it (a PIN never reaches a merchant's hook, and
 * no hook can change the bytes a signature covers), and ky neither tees a body stream to keep a copy for
 * its retries nor cancels one the fetch has consumed: per call, that spared two body streams and a
 * thrown-and-caught stream error (measured: bench/sdk.bench.ts).
 *
 * ky deep-merges an instance's options into each call's, so the instance keeps only what every call
 * shares as is; the retry settings and the headers (the SDK's `User-Agent` among them, see
 * {@link KyClient.headers}) come whole with each call, which spares a nested merge per call.
 */
import ky, { type KyInstance } from 'ky'
import { callOf } from './call.js'
import type { ClientHooks } from './options.js'
import { sdkUserAgent } from './user-agent.js'

/**
 * The per-call option that carries the body to the send: ky hands every option it does not know to
 * `fetch` as its second argument (a string key is needed for that). Its value is an empty token whose
 * body only this module can read: hooks see ky's options, and must not find a PIN there.
 */
const BODY_OPTION = 'merchantGatewayBody'
const bodies = new WeakMap<object, string>()

/**
 * The per-call ky options that carry `body` (the serialised JSON) to the send; nothing for a call
 * without one.
 *
 * @example
 * ```ts
 * await http(path, { method: 'post', headers, ...sendBody(JSON.stringify(input)), context: call.context() })
 * ```
 */
export function sendBody(body: string | undefined): Record<string, object> {
  if (body === undefined) return {}
  const token = Object.freeze({})
  bodies.set(token, body)
  return { [BODY_OPTION]: token }
}

/**
 * The fetch ky calls: the request as the hooks left it, and the call's body as fetch's own `init.body`
 * (`fetch(request, { body })`, which any fetch takes as the request with that body), rather than a second
 * Request built around it: that Request measured about half the SDK's own cost per call. Without an
 * injected fetch, `globalThis.fetch` is read at each send, so msw's `setupServer` (which replaces it) is seen.
 */
function sendWith(injected: typeof fetch | undefined) {
  return (request: Request, init?: Record<string, unknown>): Promise<Response> => {
    const send = injected ?? globalThis.fetch
    if (init === undefined || !(BODY_OPTION in init)) return send(request, init)
    const { [BODY_OPTION]: token, ...rest } = init
    return send(request, { ...rest, body: bodies.get(token as object) ?? null })
  }
}

/** The SDK's last hook where the merchant has some: the attempt's clock starts after theirs. */
const startClock = ({ options }: { options: { context: Record<string, unknown> } }): void => callOf(options).started()

/** The merchant's hooks of one phase, then {@link startClock}; nothing when there are none. */
function merchantThen<T>(hooks: readonly T[] | undefined): T[] {
  return hooks === undefined || hooks.length === 0 ? [] : [...hooks, startClock as T]
}

/** What the instance is made from. */
export interface KyClientConfig {
  baseUrl: string
  /** Undefined: `globalThis.fetch`, read on each call, so msw's `setupServer` (which replaces it) is seen. */
  fetch: typeof fetch | undefined
  hooks: ClientHooks | undefined
}

/** A client's ky instance and the headers each of its calls starts from. */
export interface KyClient {
  /** Sends one call; every call passes its {@link Call} as `context` (see `Call.context`). */
  readonly ky: KyInstance
  /**
   * The SDK's own headers, names in lower case: `user-agent` where the runtime lets it be set. A call's
   * headers are these, then the client's, then the call's: a merchant's `User-Agent` replaces the SDK's.
   */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * The client's ky instance and its headers.
 *
 * @example
 * ```ts
 * const http = createKyClient({ baseUrl: 'https://pay.example.com', fetch: undefined, hooks: { afterResponse: [trace] } })
 * const response = await http.ky('api/v1/payment-gateway/stores/list', {
 *   method: 'post', headers: { ...http.headers }, retry: 0, ...sendBody('{}'), context: call.context() })
 * ```
 */
export function createKyClient(config: KyClientConfig): KyClient {
  const hooks = config.hooks ?? {}
  const userAgent = sdkUserAgent()
  const instance = ky.create({
    prefix: config.baseUrl,
    fetch: sendWith(config.fetch) as typeof fetch,
    hooks: {
      beforeRequest: [({ request, options }) => callOf(options).begin(request), ...merchantThen(hooks.beforeRequest)],
      beforeRetry: [
        ({ request, options, error }) => callOf(options).begin(request, error),
        ...merchantThen(hooks.beforeRetry),
      ],
      afterResponse: [...(hooks.afterResponse ?? [])],
      beforeError: [...(hooks.beforeError ?? [])],
    },
  })
  const headers: Record<string, string> = userAgent === undefined ? {} : { 'user-agent': userAgent }
  return { ky: instance, headers: Object.freeze(headers) }
}
