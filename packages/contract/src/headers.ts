/**
 * @module headers
 * HTTP header names used by the gateway, the PIN module and webhooks, plus the two headers
 * this project adds (marked below). HTTP header names are case-insensitive; these are the
 * spellings the service documents. Also the media type of every body, `application/json`.
 */

/**
 * Header names by role.
 *
 * @example
 * ```ts
 * headers.set(HEADERS.idempotentKey, crypto.randomUUID())
 * ```
 */
export const HEADERS = {
  apiKey: 'X-Api-Key',
  /** Unix time in seconds, decimal; part of the signed message. */
  timestamp: 'X-Timestamp',
  /** Lowercase hex HMAC-SHA256 (signed requests and webhooks). */
  signature: 'X-Signature',
  idempotentKey: 'X-Idempotent-Key',
  /** Obsolete since release 1.4.0; rejected after its enforcement date. */
  appId: 'X-App-Id',
  deprecationWarning: 'X-Service-Deprecation-Warning',
  authorization: 'Authorization',
  /** Ours: set to `true` on a response replayed from the idempotency cache. */
  idempotentReplayed: 'X-Idempotent-Replayed',
  /** Ours: the trace id of the request, also in the envelope's `traceId`. */
  traceId: 'X-Trace-Id',
} as const

/**
 * The role name of a header in {@link HEADERS}.
 *
 * @example
 * ```ts
 * const role: HeaderName = 'signature'
 * ```
 */
export type HeaderName = keyof typeof HEADERS

/**
 * The media type of every request and answer body of the gateway and the PIN module (the `Content-Type`
 * value, parameters such as `charset` aside).
 *
 * @example
 * ```ts
 * const isJson = (res: Response) => res.headers.get('Content-Type')?.split(';')[0]?.trim() === JSON_MEDIA_TYPE
 * ```
 */
export const JSON_MEDIA_TYPE = 'application/json'
