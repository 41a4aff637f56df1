/**
 * @module logger
 * What the clients report about each attempt through the `logger` option: one entry when an attempt
 * ends, with its method, path, status (or why there was none), attempt number, duration, idempotency
 * key, why it was a retry, and the request headers as sent, with every credential redacted. No body is
 * ever logged (a PIN call's body holds the PIN).
 */

/**
 * One attempt, as the `logger` option receives it.
 *
 * @example
 * ```ts
 * const entry: AttemptLog = {
 *   client: 'gateway', operation: 'refundOrder', method: 'POST', path: '/api/v1/payment-gateway/order/refund',
 *   attempt: 2, status: 200, durationMs: 41.2, idempotencyKey: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
 *   retryReason: 'network error', error: undefined,
 *   headers: { 'x-api-key': '[redacted]', 'x-signature': '[redacted]', 'x-timestamp': '1793610000' },
 * }
 * ```
 */
export interface AttemptLog {
  /** Which client made the call. */
  readonly client: 'gateway' | 'pin'
  /** The operation (`refundOrder`, `verifyPin`, ...). */
  readonly operation: string
  /** HTTP method, upper case. */
  readonly method: string
  /** Path and query of the request (the base URL's origin left out). */
  readonly path: string
  /** 1 for the first attempt of a call, 2 for its first retry, ... */
  readonly attempt: number
  /** HTTP status of the answer; undefined when none came (see `error`). */
  readonly status: number | undefined
  /** From the attempt's start (after the hooks) to its end (body read), in ms. */
  readonly durationMs: number
  /** The X-Idempotent-Key of a refund or payout. */
  readonly idempotencyKey: string | undefined
  /** Why this attempt was made, for a retry: `'status 503'`, `'network error'`, `'timeout'`, ... */
  readonly retryReason: string | undefined
  /** Why the attempt got no answer: `'network error'`, `'timeout'`, `'aborted'`, or an error's name. */
  readonly error: string | undefined
  /** The request headers as sent (lower-case names), credentials replaced by `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * Where the clients report attempts: `debug` for an answered 2xx, `warn` for anything else (a refusal,
 * no answer, a retry coming). `console` fits; so do winston and most loggers that take `(message, meta)`.
 * Pino takes `(meta, message)`: wrap it as in the example. A logger that throws does not fail the call.
 *
 * @example
 * ```ts
 * const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl, logger: console })
 * // with pino:
 * const logger: Logger = { debug: (message, entry) => pino.debug(entry, message), warn: (message,
 *   entry) => pino.warn(entry, message) }
 * ```
 */
export interface Logger {
  debug(message: string, entry: AttemptLog): void
  warn(message: string, entry: AttemptLog): void
}

/** The value that replaces a credential in logged headers. */
export const REDACTED = '[redacted]'

// X-Api-Key, X-Signature, Authorization (bearer tokens), cookies, and whatever a merchant's own headers
// call a secret, token, password, session or API key. X-Idempotent-Key and X-Timestamp stay readable.
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|x-signature)$|secret|token|passw|session|api-?key|credential|signature/i

/**
 * The headers as a plain record with every credential redacted.
 *
 * @example
 * ```ts
 * // { 'x-api-key': '[redacted]', 'x-idempotent-key': 'k1' }
 * redactHeaders(new Headers({ 'X-Api-Key': 'mk_live_1', 'X-Idempotent-Key': 'k1' }))
 * ```
 */
export function redactHeaders(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {}
  headers.forEach((value, name) => {
    record[name] = SECRET_HEADER.test(name) ? REDACTED : value
  })
  return record
}
