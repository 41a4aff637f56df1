/**
 * @module ky-client
 * The one ky instance each client sends through, made from the client's options: the base URL as ky's
 * `prefix`, the injected `fetch` (a mock's, with no interception), the SDK's `User-Agent`, the retry
 * settings, and the hooks in their order:
 *
 * - `beforeRequest` / `beforeRetry`: the SDK's first (an attempt begins: it is counted, and the gateway
 *   signs it with a fresh X-Timestamp), then the merchant's, then, only when there are some, the SDK's
 *   last (the attempt's clock starts after them, so the logged duration is the exchange's own). Each hook
 *   costs a timer per call under ky's `totalTimeout`, so the SDK adds no hook it does not need;
 * - `afterResponse` and `beforeError`: the merchant's only; the SDK reads answers where it decides on a
 *   retry and where the call ends, which spares a response clone per call.
 */
import ky, { type KyInstance, type RetryOptions } from 'ky'
import { callOf } from './call.js'
import type { ClientHooks } from './options.js'
import { sdkUserAgent } from './user-agent.js'

/** The SDK's last hook where the merchant has some: the attempt's clock starts after theirs. */
const startClock = ({ options }: { options: { context: Record<string, unknown> } }): void => callOf(options).started()

/** The merchant's hooks of one phase, then {@link startClock}; nothing when there are none. */
function merchantThen<T>(hooks: readonly T[] | undefined): T[] {
  return hooks === undefined || hooks.length === 0 ? [] : [...hooks, startClock as T]
}

/** What the instance is made from. */
export interface KyClientConfig {
  baseUrl: string
  /** Undefined: ky reads `globalThis.fetch` on each call, so msw's `setupServer` (which replaces it) is seen. */
  fetch: typeof fetch | undefined
  hooks: ClientHooks | undefined
  /** The client's retry settings; each call adds its own limit, methods and decision. Default: none. */
  retry?: RetryOptions
}

/**
 * The client's ky instance; every call passes its {@link Call} as `context` (see `Call.context`).
 *
 * @example
 * ```ts
 * const http = createKyClient({ baseUrl: 'https://pay.example.com', fetch: undefined, hooks: { afterResponse: [trace] } })
 * const response = await http('api/v1/payment-gateway/stores/list', { method: 'post', context: call.context() })
 * ```
 */
export function createKyClient(config: KyClientConfig): KyInstance {
  const hooks = config.hooks ?? {}
  const userAgent = sdkUserAgent()
  // Header names in lower case throughout: ky merges records by key, and a merchant's `User-Agent`
  // (lower-cased by the transports) then replaces the SDK's instead of being sent beside it.
  return ky.create({
    prefix: config.baseUrl,
    ...(config.fetch === undefined ? {} : { fetch: config.fetch }),
    ...(userAgent === undefined ? {} : { headers: { 'user-agent': userAgent } }),
    retry: config.retry ?? 0,
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
}
