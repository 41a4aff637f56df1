/**
 * @module pin-options
 * What an app configures on a {@link PinClient}, what one call can override, and the defaults. The
 * base URL is resolved as `GatewayClient`'s is (given, or picked by name from `environments`);
 * the code is repeated here rather than imported so that the PIN entry does not pull the gateway
 * client's options module.
 */
import { ClientValidationError } from '../errors/classes.js'
import type { DeprecationWarningHandler } from '../http/deprecation.js'
import type { Logger } from '../http/logger.js'
import { checkObservability, type ClientHooks, type ObservabilityOptions } from '../http/options.js'
import { pickBaseUrl } from '../internal/base-url.js'
import { checkOptionNames } from '../internal/option-names.js'
import { kindOf, show } from '../internal/show.js'

/**
 * The user's access token, or a function that returns a current one. The function is called once per
 * call, just before sending, so an app can refresh an expiring token there.
 *
 * @example
 * ```ts
 * const token: AccessToken = async () => (await session.refreshIfNeeded()).accessToken
 * ```
 */
export type AccessToken = string | (() => string | Promise<string>)

/**
 * Options of a {@link PinClient}.
 *
 * @example
 * ```ts
 * const client = new PinClient({
 *   environments: { production: 'https://api.example.com', sandbox: 'https://sandbox.api.example.com' },
 *   environment: 'sandbox',
 *   accessToken: () => auth.currentAccessToken(),
 *   logger: console,                                  // one line per call; the token, PINs and codes never appear
 * })
 * ```
 */
export interface PinClientOptions extends ObservabilityOptions {
  /** The service's base address. Give this or `environment`. */
  baseUrl?: string
  /** Named base addresses, e.g. `{ production, sandbox }`, chosen with `environment`. */
  environments?: Readonly<Record<string, string>>
  /** Which entry of `environments` to use. */
  environment?: string
  /** Sent as `Authorization: Bearer <token>` on every call (reset-pin included). */
  accessToken: AccessToken
  /** Time limit of a call, in ms (the answer's body read included). Default 30 000. */
  timeout?: number
  /** Headers sent on every call. `Authorization` and `Content-Type` are the client's own. */
  headers?: Readonly<Record<string, string>>
  /**
   * The fetch to use (a mock's `fetch` in tests). It is called as platform fetches are, with the request and
   * an `init` that carries its body (`fetch(request, { body })`): a wrapper passes both on. It must honour
   * `signal`. Default: `globalThis.fetch`.
   */
  fetch?: typeof fetch
}

/**
 * Options of one call; they win over the client's. There is no retry option: PIN calls are never
 * retried (see {@link PinClient}).
 *
 * @example
 * ```ts
 * const controller = new AbortController()
 * await client.pin.verify({ pin }, { signal: controller.signal, timeout: 10_000 })
 * ```
 */
export interface PinRequestOptions {
  /** Aborts the call at once (`RequestAbortedError`, `cause` = the signal's reason). */
  signal?: AbortSignal
  /** Time limit of this call, in ms. */
  timeout?: number
  /** Extra headers for this call. */
  headers?: Readonly<Record<string, string>>
}

/** Client options with defaults applied and the base URL resolved. */
export interface ResolvedPinOptions {
  baseUrl: string
  accessToken: AccessToken
  timeout: number
  headers: Readonly<Record<string, string>>
  fetch: typeof fetch | undefined
  hooks: ClientHooks | undefined
  logger: Logger | undefined
  onDeprecationWarning: DeprecationWarningHandler | undefined
}

/** Every option of {@link PinClientOptions}: the compiler holds this list to the interface, both ways. */
const PIN_OPTIONS = {
  baseUrl: 1,
  environments: 1,
  environment: 1,
  accessToken: 1,
  timeout: 1,
  headers: 1,
  fetch: 1,
  hooks: 1,
  logger: 1,
  onDeprecationWarning: 1,
} satisfies Record<keyof PinClientOptions, 1>

/** Every option of {@link PinRequestOptions}, held to the interface as {@link PIN_OPTIONS} is. */
const PIN_REQUEST_OPTIONS = { signal: 1, timeout: 1, headers: 1 } satisfies Record<keyof PinRequestOptions, 1>

/** The longest timer the platforms allow (a larger value fires at once). */
const MAX_TIMER_MS = 2_147_483_647

/**
 * Applies the defaults and refuses a configuration that cannot work, saying what to fix: an option it does
 * not take (named with the nearest one it does), a missing token or base URL, a value of the wrong kind.
 */
export function resolvePinOptions(options: PinClientOptions): ResolvedPinOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ClientValidationError(
      `PinClient needs options: new PinClient({ baseUrl: 'https://...', accessToken }), got ${show(options)}`,
    )
  }
  // First: a misspelt option (`accesstoken`) is the likelier cause of any other refusal.
  checkOptionNames(options, PIN_OPTIONS, 'PinClient')
  const token = options.accessToken
  if (typeof token !== 'function' && (typeof token !== 'string' || token === '')) {
    // A credential: the message shows what kind of value came, never its content.
    throw new ClientValidationError(
      `accessToken is required: the signed-in user's access token, or a ` +
        `function that returns it (called once per call), got ${kindOf(token)}`,
    )
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ClientValidationError(
      `fetch must be a function with the signature of the platform fetch, got ${show(options.fetch)}`,
    )
  }
  const observed = checkObservability(options)
  return {
    baseUrl: pickBaseUrl(options, 'the service address'),
    accessToken: token,
    timeout: checkTimeout(options.timeout, 30_000),
    headers: options.headers === undefined ? {} : checkHeaders(options.headers),
    fetch: options.fetch,
    hooks: observed.hooks,
    logger: observed.logger,
    onDeprecationWarning: observed.onDeprecationWarning,
  }
}

function checkHeaders(value: unknown): Readonly<Record<string, string>> {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !Object.values(value).every((v) => typeof v === 'string')
  ) {
    throw new ClientValidationError(`headers must be an object of header names to string values, got ${show(value)}`)
  }
  return value as Readonly<Record<string, string>>
}

/**
 * The options of one PIN call (none given: `{}`), refused when they are not an object or hold an option a
 * call does not take: named with the nearest one it does, or with the list of those it takes.
 *
 * @example
 * ```ts
 * checkPinRequestOptions({ timeout: 5_000 }) // { timeout: 5000 }
 * checkPinRequestOptions({ timout: 5_000 }) // throws: a PIN call has no option timout: did you mean timeout?
 * ```
 */
export function checkPinRequestOptions(request: PinRequestOptions | undefined): PinRequestOptions {
  if (request === undefined || request === null) return {}
  if (typeof request !== 'object')
    throw new ClientValidationError(`options must be an object of PinRequestOptions, got ${show(request)}`)
  checkOptionNames(request, PIN_REQUEST_OPTIONS, 'a PIN call')
  return request
}

/** A time limit in ms: a finite number >= 1 (`fallback` when undefined). */
export function checkTimeout(value: number | undefined, fallback: number): number {
  const v = value ?? fallback
  if (typeof v !== 'number' || !(v >= 1) || !Number.isFinite(v)) {
    throw new ClientValidationError(`timeout must be a finite number of ms >= 1, got ${show(value)}`)
  }
  return Math.min(v, MAX_TIMER_MS)
}
