/**
 * @module http-options
 * The options both clients take for what happens around each request: ky hooks passed through, a
 * logger of attempts, and the handler of deprecation warnings. Checked when a client is made.
 */
import type { AfterResponseHook, BeforeErrorHook, BeforeRequestHook, BeforeRetryHook } from 'ky'
import { ClientValidationError } from '../errors/classes.js'
import { show } from '../internal/show.js'
import type { DeprecationWarningHandler } from './deprecation.js'
import type { Logger } from './logger.js'

/**
 * ky's hooks, run on every call of the client, as ky users already write them (tracing, logging,
 * metrics). They run after the SDK's own work: `beforeRequest` and `beforeRetry` see the request as it
 * will be sent, but for its body (signed, with a fresh X-Timestamp per attempt); `beforeError` sees ky's
 * error before the SDK turns it into one of its own (which keeps it as `cause`).
 * `options.context.operation` names the operation and `options.context.idempotencyKey` holds the key of a
 * refund or payout.
 *
 * Hooks see credentials (X-Api-Key, X-Signature, Authorization): log with care. They never see a body:
 * it is attached as each attempt is sent, so a PIN never reaches a hook and no hook can change the bytes
 * a signature covers. A hook that makes ky retry (`ky.retry()` from `afterResponse`) bypasses the SDK's
 * rule of which calls are safe to repeat.
 *
 * @example
 * ```ts
 * const gateway = new GatewayClient({
 *   apiKey, apiSecret, baseUrl,
 *   hooks: {
 *     beforeRequest: [({ request }) => { request.headers.set('traceparent', tracer.currentTraceparent()) }],
 *     afterResponse: [({ request, response, options }) => { metrics.count(String(options.context.operation),
 *       response.status) }],
 *     beforeRetry: [({ retryCount, error }) => { log.info(`retry ${retryCount} after ${error.name}`) }],
 *     beforeError: [({ error }) => { log.warn(error.message); return error }],
 *   },
 * })
 * ```
 */
export interface ClientHooks {
  beforeRequest?: readonly BeforeRequestHook[]
  afterResponse?: readonly AfterResponseHook[]
  beforeRetry?: readonly BeforeRetryHook[]
  beforeError?: readonly BeforeErrorHook[]
}

/**
 * The options both clients share for observing their calls.
 *
 * @example
 * ```ts
 * const observed: ObservabilityOptions = { logger: console, onDeprecationWarning: (text) => alerts.notify(text) }
 * ```
 */
export interface ObservabilityOptions {
  /** ky hooks run on every call; see {@link ClientHooks}. */
  hooks?: ClientHooks
  /** Reports every attempt (see {@link Logger}); nothing is logged without it. Credentials are redacted. */
  logger?: Logger
  /** Receives each distinct deprecation warning of the gateway once; see {@link DeprecationWarningHandler}. */
  onDeprecationWarning?: DeprecationWarningHandler
}

const HOOK_NAMES = ['beforeRequest', 'afterResponse', 'beforeRetry', 'beforeError'] as const

/** The observability options, or a {@link ClientValidationError} naming the one that is wrong. */
export function checkObservability(options: ObservabilityOptions): ObservabilityOptions {
  const { hooks, logger, onDeprecationWarning } = options
  if (hooks !== undefined) {
    if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks))
      throw new ClientValidationError(`hooks must be an object of hook arrays, got ${show(hooks)}`)
    for (const [name, list] of Object.entries(hooks)) {
      if (!(HOOK_NAMES as readonly string[]).includes(name)) {
        throw new ClientValidationError(
          `hooks.${name} is not supported (only ${HOOK_NAMES.join(', ')}), got ${show(list)}`,
        )
      }
      if (list !== undefined && (!Array.isArray(list) || !list.every((hook) => typeof hook === 'function'))) {
        throw new ClientValidationError(`hooks.${name} must be an array of functions, got ${show(list)}`)
      }
    }
  }
  if (logger !== undefined && (typeof logger?.debug !== 'function' || typeof logger.warn !== 'function')) {
    throw new ClientValidationError(`logger must have debug and warn methods (console does), got ${show(logger)}`)
  }
  if (onDeprecationWarning !== undefined && typeof onDeprecationWarning !== 'function') {
    throw new ClientValidationError(
      `onDeprecationWarning must be a function (text, { method, path }) => void, got ${show(onDeprecationWarning)}`,
    )
  }
  return options
}
