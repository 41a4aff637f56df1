/**
 * @module webhook-signature-error
 * The error {@link verifyWebhook} throws when a delivery cannot be trusted or read, with a `reason`
 * a receiver branches on (401 for the signature and timestamp reasons, 400 for the body reasons: the
 * webhooks' `webhookErrorStatus`). It lives with the other error classes, so the errors (`/errors`, the
 * guards) need nothing of the webhooks; the webhooks import it from here.
 */
import { GatewayError, type GatewayErrorInit } from './gateway-error.js'

/**
 * Why a webhook was refused:
 * - `missing_signature`: no X-Signature header, or an empty one;
 * - `parsed_body`: the body was handed over already parsed (an object), not as the raw text or bytes;
 * - `invalid_body`: the body is not JSON, or not a webhook payload;
 * - `signature_mismatch`: X-Signature is not the HMAC of this body with this secret;
 * - `timestamp_too_old` / `timestamp_too_new`: `createTimeMilli` is further from now than the tolerance.
 *
 * @example
 * ```ts
 * const reason: WebhookSignatureErrorReason = 'signature_mismatch'
 * ```
 */
export type WebhookSignatureErrorReason =
  | 'missing_signature'
  | 'parsed_body'
  | 'invalid_body'
  | 'signature_mismatch'
  | 'timestamp_too_old'
  | 'timestamp_too_new'

/**
 * What a {@link WebhookSignatureError} knows besides the common fields.
 *
 * @example
 * ```ts
 * new WebhookSignatureError('X-Signature does not match', { reason: 'signature_mismatch' })
 * ```
 */
export interface WebhookSignatureErrorInit extends GatewayErrorInit {
  reason: WebhookSignatureErrorReason
}

/**
 * A webhook delivery was refused: missing or wrong signature, timestamp out of tolerance, or a body that
 * is not the raw payload. `reason` says which; `code` carries the same value. Nothing in the payload
 * should be acted on.
 *
 * @example
 * ```ts
 * try {
 *   const payload = await verifyWebhook(rawBody, request.headers.get('X-Signature'), secret)
 * } catch (error) {
 *   if (error instanceof WebhookSignatureError) return new Response(null, {
 *     status: error.reason === 'invalid_body' ? 400 : 401 })
 *   throw error
 * }
 * ```
 */
export class WebhookSignatureError extends GatewayError {
  override readonly name = 'WebhookSignatureError'
  /** Why the delivery was refused. */
  readonly reason: WebhookSignatureErrorReason

  constructor(message: string, init: WebhookSignatureErrorInit) {
    super(message, { code: init.reason, ...init })
    this.reason = init.reason
  }
}
