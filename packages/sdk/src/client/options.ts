/**
 * @module client-options
 * What a merchant configures on a {@link GatewayClient}, what a single call can override, and the
 * defaults. The service documents no hosts: the base URL is given, or picked by name from environments the
 * merchant configures.
 */
import { ClientValidationError } from '../errors/classes.js'
import { checkObservability, type ClientHooks, type ObservabilityOptions } from '../http/options.js'
import type { DeprecationWarningHandler } from '../http/deprecation.js'
import type { Logger } from '../http/logger.js'
import { pickBaseUrl } from '../internal/base-url.js'
import { checkOptionNames } from '../internal/option-names.js'
import { kindOf, show } from '../internal/show.js'

/**
 * Options of a {@link GatewayClient}.
 *
 * @example
 * ```ts
 * const gateway = new GatewayClient({
 *   apiKey: process.env.GATEWAY_API_KEY!,
 *   apiSecret: process.env.GATEWAY_API_SECRET!,
 *   environments: { production: 'https://pay.example.com', sandbox: 'https://sandbox.pay.example.com' },
 *   environment: 'sandbox',
 *   logger: console,                                  // one line per attempt, credentials redacted
 * })
 * ```
 */
export interface GatewayClientOptions extends ObservabilityOptions {
  /** The merchant API key, sent as X-Api-Key. */
  apiKey: string
  /** The API secret that signs refunds and payouts. Never sent. Required for those two calls only. */
  apiSecret?: string
  /** The gateway's base address. Give this or `environment`. */
  baseUrl?: string
  /** Named base addresses, e.g. `{ production, sandbox }`, chosen with `environment`. */
  environments?: Readonly<Record<string, string>>
  /** Which entry of `environments` to use. */
  environment?: string
  /** Time limit of one attempt, in ms. Default 30 000. */
  timeout?: number
  /** Time limit of the whole call, retries and waits included, in ms. Default 120 000. */
  deadline?: number
  /** Retries after the first attempt, for calls that are safe to repeat. Default 2. */
  maxRetries?: number
  /** Delay before the first retry, in ms; doubled for each further retry, with full jitter. Default 500. */
  retryBaseDelay?: number
  /** Largest delay between two attempts, in ms. Default 8 000. */
  retryMaxDelay?: number
  /**
   * Also retry create order, generate QR and cancel after a network error, timeout or 5xx, when the
   * request may have reached the gateway. Off by default: a retry could create a second order.
   */
  retryUnsafe?: boolean
  /** Check 2xx bodies against the contract schemas (unknown fields are kept). Default true. */
  validateResponses?: boolean
  /** Request shape of create order: `'storeId'` (default, camelCase number) or `'store_id'` (documented string). */
  createOrderShape?: 'storeId' | 'store_id'
  /** Headers sent on every call (`User-Agent` included: a merchant's own replaces the SDK's). */
  headers?: Readonly<Record<string, string>>
  /**
   * The fetch to use (a mock's `fetch` in tests). It is called as platform fetches are, with the request and
   * an `init` that carries its body (`fetch(request, { body })`): a wrapper passes both on. It must honour
   * `signal`. Default: `globalThis.fetch`.
   */
  fetch?: typeof fetch
  /** The clock that stamps X-Timestamp, in epoch ms. Default `Date.now` (tests pass the mock's clock). */
  now?: () => number
}

/**
 * Options of one call; they win over the client's.
 *
 * @example
 * ```ts
 * await gateway.refunds.create({ orderId: 1024, amount: 5 }, { idempotencyKey: storedKey, timeout: 5_000 })
 * ```
 */
export interface RequestOptions {
  /** X-Idempotent-Key of a refund or payout; a UUID v4 is made once per call when absent. */
  idempotencyKey?: string
  /** Aborts the call at once, wherever it is (attempt or wait). */
  signal?: AbortSignal
  /** Time limit of one attempt, in ms. */
  timeout?: number
  /** Time limit of the whole call, in ms. */
  deadline?: number
  /** Retries after the first attempt. */
  maxRetries?: number
  /** See {@link GatewayClientOptions.retryUnsafe}. */
  retryUnsafe?: boolean
  /** Extra headers for this call. */
  headers?: Readonly<Record<string, string>>
}

/** Client options with defaults applied and the base URL resolved. */
export interface ResolvedClientOptions {
  apiKey: string
  apiSecret: string | undefined
  baseUrl: string
  timeout: number
  deadline: number
  maxRetries: number
  retryBaseDelay: number
  retryMaxDelay: number
  retryUnsafe: boolean
  validateResponses: boolean
  createOrderShape: 'storeId' | 'store_id'
  headers: Readonly<Record<string, string>>
  fetch: typeof fetch | undefined
  now: () => number
  hooks: ClientHooks | undefined
  logger: Logger | undefined
  onDeprecationWarning: DeprecationWarningHandler | undefined
}

/** Every option of {@link GatewayClientOptions}: the compiler holds this list to the interface, both ways. */
const CLIENT_OPTIONS = {
  apiKey: 1,
  apiSecret: 1,
  baseUrl: 1,
  environments: 1,
  environment: 1,
  timeout: 1,
  deadline: 1,
  maxRetries: 1,
  retryBaseDelay: 1,
  retryMaxDelay: 1,
  retryUnsafe: 1,
  validateResponses: 1,
  createOrderShape: 1,
  headers: 1,
  fetch: 1,
  now: 1,
  hooks: 1,
  logger: 1,
  onDeprecationWarning: 1,
} satisfies Record<keyof GatewayClientOptions, 1>

/** Every option of {@link RequestOptions}, held to the interface as {@link CLIENT_OPTIONS} is. */
const REQUEST_OPTIONS = {
  idempotencyKey: 1,
  signal: 1,
  timeout: 1,
  deadline: 1,
  maxRetries: 1,
  retryUnsafe: 1,
  headers: 1,
} satisfies Record<keyof RequestOptions, 1>

/** The longest timer the platforms allow (a larger value fires at once); longer limits are capped to it. */
export const MAX_TIMER_MS = 2_147_483_647

/** A time limit or retry setting in ms (or a count): a number >= `min`, finite unless `infinite`. */
function checkNumber(name: string, value: unknown, min: number, infinite = false): number {
  if (typeof value !== 'number' || !(value >= min) || (!infinite && !Number.isFinite(value))) {
    throw new ClientValidationError(`${name} must be a number >= ${min}, got ${show(value)}`)
  }
  return value
}

function checkRetries(value: unknown): number {
  const retries = checkNumber('maxRetries', value, 0)
  if (!Number.isInteger(retries)) throw new ClientValidationError(`maxRetries must be an integer, got ${retries}`)
  return retries
}

function checkHeaders(value: unknown, name: string): Readonly<Record<string, string>> {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !Object.values(value).every((v) => typeof v === 'string')
  ) {
    throw new ClientValidationError(`${name} must be an object of header names to string values, got ${show(value)}`)
  }
  return value as Readonly<Record<string, string>>
}

function checkBoolean(name: string, value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean')
    throw new ClientValidationError(`${name} must be true or false, got ${show(value)}`)
  return value
}

function checkFunction<T>(name: string, value: T, signature: string): T {
  if (value !== undefined && typeof value !== 'function')
    throw new ClientValidationError(`${name} must be a function ${signature}, got ${show(value)}`)
  return value
}

/**
 * Applies the defaults and refuses a configuration that cannot work, saying what to fix: an option it does
 * not take (named with the nearest one it does), a missing credential or base URL, a value of the wrong kind.
 */
export function resolveClientOptions(options: GatewayClientOptions): ResolvedClientOptions {
  // First: a misspelt option (`apikey`) is the likelier cause of any other refusal (`apiKey is required`).
  if (typeof options === 'object' && options !== null) checkOptionNames(options, CLIENT_OPTIONS, 'GatewayClient')
  if (typeof options?.apiKey !== 'string' || options.apiKey === '') {
    // A credential: the message shows what kind of value came, never its content.
    const given = options?.apiKey
    // Missing or of the wrong kind: the message says which.
    const what = given === undefined || given === null || given === '' ? 'is required' : 'must be a string'
    throw new ClientValidationError(`apiKey ${what}: the merchant API key from the merchant app, got ${kindOf(given)}`)
  }
  if (options.apiSecret !== undefined && (typeof options.apiSecret !== 'string' || options.apiSecret === '')) {
    throw new ClientValidationError(
      `apiSecret must be the API secret from the merchant app (a non-empty string), got ${kindOf(options.apiSecret)}`,
    )
  }
  const baseUrl = pickBaseUrl(options, 'the gateway address')
  const shape = options.createOrderShape ?? 'storeId'
  if (shape !== 'storeId' && shape !== 'store_id')
    throw new ClientValidationError(`createOrderShape must be 'storeId' or 'store_id', got ${show(shape)}`)
  const observed = checkObservability(options)
  return {
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    baseUrl,
    timeout: checkNumber('timeout', options.timeout ?? 30_000, 1),
    deadline: checkNumber('deadline', options.deadline ?? 120_000, 1, true),
    maxRetries: checkRetries(options.maxRetries ?? 2),
    retryBaseDelay: checkNumber('retryBaseDelay', options.retryBaseDelay ?? 500, 0),
    retryMaxDelay: checkNumber('retryMaxDelay', options.retryMaxDelay ?? 8_000, 0),
    retryUnsafe: checkBoolean('retryUnsafe', options.retryUnsafe) ?? false,
    validateResponses: checkBoolean('validateResponses', options.validateResponses) ?? true,
    createOrderShape: shape,
    headers: options.headers === undefined ? {} : checkHeaders(options.headers, 'headers'),
    fetch: checkFunction('fetch', options.fetch, 'with the signature of the platform fetch'),
    now: checkFunction('now', options.now, 'returning epoch ms, like Date.now') ?? Date.now,
    hooks: observed.hooks,
    logger: observed.logger,
    onDeprecationWarning: observed.onDeprecationWarning,
  }
}

/**
 * Per-call options checked before anything is sent (a refusal names the option and what it got; an option a
 * call does not take is named with the nearest one it does, or with the list of those it takes).
 *
 * @example
 * ```ts
 * checkRequestOptions({ timeout: 0 }) // throws: timeout must be a number >= 1, got 0
 * checkRequestOptions({ retries: 3 }) // throws: a call has no option retries: did you mean maxRetries?
 * ```
 */
export function checkRequestOptions(request: RequestOptions): RequestOptions {
  if (typeof request !== 'object' || request === null)
    throw new ClientValidationError(`options must be an object of RequestOptions, got ${show(request)}`)
  checkOptionNames(request, REQUEST_OPTIONS, 'a call')
  const { timeout, deadline, maxRetries, retryUnsafe, headers, signal } = request
  if (timeout !== undefined) checkNumber('timeout', timeout, 1)
  if (deadline !== undefined) checkNumber('deadline', deadline, 1, true)
  if (maxRetries !== undefined) checkRetries(maxRetries)
  checkBoolean('retryUnsafe', retryUnsafe)
  if (headers !== undefined) checkHeaders(headers, 'headers')
  if (
    signal !== undefined &&
    !(
      typeof signal === 'object' &&
      signal !== null &&
      typeof signal.aborted === 'boolean' &&
      typeof signal.addEventListener === 'function'
    )
  ) {
    throw new ClientValidationError(`signal must be an AbortSignal, got ${show(signal)}`)
  }
  return request
}
