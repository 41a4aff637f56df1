/**
 * @module client-options
 * What a merchant configures on a {@link GatewayClient}, what a single call can override, and the
 * defaults. SPEC.md names no hosts: the base URL is given, or picked by name from environments the
 * merchant configures.
 */
import { ClientValidationError } from '../errors/classes.js'
import { pickBaseUrl } from '../internal/base-url.js'

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
 * })
 * ```
 */
export interface GatewayClientOptions {
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
  /** Headers sent on every call. */
  headers?: Readonly<Record<string, string>>
  /** The fetch to use (a mock's `fetch` in tests); it must honour `signal`, as platform fetches do. Default: `globalThis.fetch`. */
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
}

/** Applies the defaults and refuses a configuration that cannot work, saying what to fix. */
export function resolveClientOptions(options: GatewayClientOptions): ResolvedClientOptions {
  if (typeof options?.apiKey !== 'string' || options.apiKey === '') {
    throw new ClientValidationError('apiKey is required: the merchant API key from the merchant app')
  }
  const baseUrl = pickBaseUrl(options, 'the gateway address')
  const number = (name: string, value: number | undefined, fallback: number, min: number): number => {
    const v = value ?? fallback
    if (typeof v !== 'number' || !(v >= min) || (name !== 'deadline' && !Number.isFinite(v))) {
      throw new ClientValidationError(`${name} must be a number >= ${min}, got ${String(value)}`)
    }
    return v
  }
  const maxRetries = number('maxRetries', options.maxRetries, 2, 0)
  if (!Number.isInteger(maxRetries)) throw new ClientValidationError(`maxRetries must be an integer, got ${maxRetries}`)
  return {
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    baseUrl,
    timeout: number('timeout', options.timeout, 30_000, 1),
    deadline: number('deadline', options.deadline, 120_000, 1),
    maxRetries,
    retryBaseDelay: number('retryBaseDelay', options.retryBaseDelay, 500, 0),
    retryMaxDelay: number('retryMaxDelay', options.retryMaxDelay, 8_000, 0),
    retryUnsafe: options.retryUnsafe ?? false,
    validateResponses: options.validateResponses ?? true,
    createOrderShape: options.createOrderShape ?? 'storeId',
    headers: options.headers ?? {},
    fetch: options.fetch,
    now: options.now ?? Date.now,
  }
}
