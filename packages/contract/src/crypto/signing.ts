/**
 * @module crypto/signing
 * Signing and verifying of signed requests and webhooks (an HMAC-SHA256 of the message, keyed by the secret, in
 * lowercase hex) on top of any {@link HmacProvider}. Verification is constant-time and never throws on bad input.
 */
import type { HmacProvider } from './hmac-provider.js'
import { constantTimeEqual } from './encoding.js'
import { webhookTimestamp } from './messages.js'

// A signature is a lowercase hexadecimal HMAC-SHA256, so exactly 64 characters of [0-9a-f].
const SIGNATURE_FORMAT = /^[0-9a-f]{64}$/

/**
 * Inputs of {@link Signer.signRequest}. `body` is the raw request body exactly as sent;
 * `timestamp` is the X-Timestamp value (Unix seconds, decimal).
 *
 * @example
 * ```ts
 * const params: SignRequestParams = { secret, body: '{"orderId":1024,"refundAmount":5.5}', timestamp: '1767225600' }
 * ```
 */
export interface SignRequestParams {
  secret: string | Uint8Array
  body: string | Uint8Array
  timestamp: string
}

/**
 * Inputs of {@link Signer.verifyRequest}: those of signing plus the received X-Signature
 * (`null` / `undefined` when the header is missing).
 *
 * @example
 * ```ts
 * const params: VerifyRequestParams = { secret, body: rawBody, timestamp: req.headers.get('X-Timestamp') ?? '',
 *   signature: req.headers.get('X-Signature') }
 * ```
 */
export interface VerifyRequestParams extends SignRequestParams {
  signature: string | null | undefined
}

/**
 * Inputs of {@link Signer.signWebhook}. `rawBody` is the webhook body exactly as sent;
 * `createTimeMilli` is the payload's field of that name.
 *
 * @example
 * ```ts
 * const params: SignWebhookParams = { secret, rawBody: JSON.stringify(payload),
 *   createTimeMilli: payload.createTimeMilli }
 * ```
 */
export interface SignWebhookParams {
  secret: string | Uint8Array
  rawBody: string | Uint8Array
  createTimeMilli: number
}

/**
 * Inputs of {@link Signer.verifyWebhook}: those of signing plus the received X-Signature.
 *
 * @example
 * ```ts
 * const params: VerifyWebhookParams = { secret, rawBody, createTimeMilli: JSON.parse(rawBody).createTimeMilli,
 *   signature }
 * ```
 */
export interface VerifyWebhookParams extends SignWebhookParams {
  signature: string | null | undefined
}

/**
 * Signs and verifies request and webhook signatures with one {@link HmacProvider}.
 *
 * @example
 * ```ts
 * const signature = await signer.signRequest({ secret, body, timestamp })
 * const ok = await signer.verifyRequest({ secret, body, timestamp, signature })
 * ```
 */
export interface Signer {
  /** The HMAC implementation in use. */
  readonly provider: HmacProvider
  /** X-Signature for a signed request: lowercase hex HMAC-SHA256 of body + timestamp. */
  signRequest(params: SignRequestParams): Promise<string>
  /**
   * Whether `signature` is the X-Signature of this request. `false` for anything that is not 64 lowercase hex
   * characters.
   */
  verifyRequest(params: VerifyRequestParams): Promise<boolean>
  /** X-Signature for a webhook: lowercase hex HMAC-SHA256 of raw body + floor(createTimeMilli / 1000). */
  signWebhook(params: SignWebhookParams): Promise<string>
  /**
   * Whether `signature` is the X-Signature of this webhook. `false` for malformed signatures or a non-finite
   * `createTimeMilli`.
   */
  verifyWebhook(params: VerifyWebhookParams): Promise<boolean>
}

function wellFormed(signature: unknown): signature is string {
  return typeof signature === 'string' && SIGNATURE_FORMAT.test(signature)
}

/**
 * Builds a {@link Signer} on `provider`. Timestamp freshness (`LIMITS.signatureToleranceSeconds`)
 * is the caller's check: the signer only answers whether the bytes were signed with the secret.
 *
 * @example
 * ```ts
 * import { createSigner, webCryptoHmac } from '@merchant-gateway/contract/crypto'
 * const signer = createSigner(webCryptoHmac)
 * const signature = await signer.signRequest({ secret: 'api_secret', body: '{}', timestamp: '1767225600' })
 * ```
 */
export function createSigner(provider: HmacProvider): Signer {
  // The message goes to the provider as parts (body, then timestamp): the same bytes as
  // requestSignatureMessage / webhookSignatureMessage, without copying the body into a new buffer.
  const signRequest = ({ secret, body, timestamp }: SignRequestParams) =>
    provider.hmacSha256Hex(secret, [body, timestamp])
  const signWebhook = ({ secret, rawBody, createTimeMilli }: SignWebhookParams) =>
    provider.hmacSha256Hex(secret, [rawBody, webhookTimestamp(createTimeMilli)])

  return Object.freeze({
    provider,
    signRequest,
    async verifyRequest({ signature, ...params }: VerifyRequestParams): Promise<boolean> {
      if (!wellFormed(signature) || typeof params.timestamp !== 'string') return false
      return constantTimeEqual(await signRequest(params), signature)
    },
    signWebhook,
    async verifyWebhook({ signature, ...params }: VerifyWebhookParams): Promise<boolean> {
      if (!wellFormed(signature)) return false
      if (typeof params.createTimeMilli !== 'number' || !Number.isFinite(params.createTimeMilli)) return false
      return constantTimeEqual(await signWebhook(params), signature)
    },
  })
}
