/**
 * @module webhooks/handler-core
 * What both receivers ({@link createWebhookHandler}, {@link createNodeWebhookHandler}) do once they
 * hold the raw body: verify, call `onEvent`, and choose the answer as the service's example receiver does:
 * 200 with a small JSON acknowledgement, 401 for a missing or wrong signature, 400 for
 * an unreadable body ({@link webhookErrorStatus}, public for receivers of one's own); and 500 when
 * `onEvent` fails, so the sender retries.
 */
import type { WebhookPayload } from '@merchant-gateway/contract'
import { assertSecret, clockOf, toleranceMillis, verifyWebhook } from './verify.js'
import { WebhookSignatureError } from '../errors/webhook-signature-error.js'

/**
 * Options of {@link createWebhookHandler} and {@link createNodeWebhookHandler}.
 *
 * @example
 * ```ts
 * const options: WebhookHandlerOptions = {
 *   secret: process.env.GATEWAY_API_SECRET!,
 *   onEvent: async (payload) => { if (payload.status === 'SUCCESS') await markPaid(payload.orderId) },
 * }
 * ```
 */
export interface WebhookHandlerOptions {
  /** The merchant's API secret. */
  secret: string
  /** Called once per verified delivery; the answer is 200 once it resolves, 500 when it throws. */
  onEvent: (payload: WebhookPayload) => unknown
  /** See {@link VerifyWebhookOptions.toleranceSeconds}; default 300. */
  toleranceSeconds?: number | false | undefined
  /** See {@link VerifyWebhookOptions.now}: a function returning epoch milliseconds; default `Date.now`. */
  now?: (() => number) | undefined
  /**
   * Called with the error when `onEvent` throws (the answer is a 500 with a generic message, so
   * internals do not leak to the sender). Default: `console.error`.
   */
  onError?: ((error: unknown) => void) | undefined
}

/**
 * The answer a receiver gives: status and JSON body.
 *
 * @example
 * ```ts
 * const answer: WebhookAnswer = { status: 200, body: { received: true } }
 * ```
 */
export interface WebhookAnswer {
  status: number
  body: { received: true } | { error: string }
}

/**
 * The HTTP status a receiver answers for a refused delivery: 400 when the body is unreadable (or was
 * parsed before it reached the verifier), 401 for a missing or wrong signature or a stale timestamp.
 *
 * @example
 * ```ts
 * if (isWebhookSignatureError(error)) return new Response(null, { status: webhookErrorStatus(error) })
 * ```
 */
export function webhookErrorStatus(error: Pick<WebhookSignatureError, 'reason'>): 400 | 401 {
  return error.reason === 'invalid_body' || error.reason === 'parsed_body' ? 400 : 401
}

/** @internal Checks the options once, when the handler is created, so a missing secret fails at startup. */
export function checkHandlerOptions(options: WebhookHandlerOptions): void {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('Webhook handler options are required: { secret, onEvent }')
  assertSecret(options.secret)
  if (typeof options.onEvent !== 'function')
    throw new TypeError('onEvent must be a function that handles a verified webhook payload')
  toleranceMillis(options.toleranceSeconds)
  clockOf(options.now)
}

/** @internal The JSON answer for a refusal. */
export function refusal(status: number, error: string): WebhookAnswer {
  return { status, body: { error } }
}

/**
 * @internal Verifies the raw body and runs `onEvent`. `onEventFailed`, when given, takes over the answer
 * for an `onEvent` error (Express's `next(error)`); it then returns undefined.
 */
export async function handleDelivery(
  options: WebhookHandlerOptions,
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  onEventFailed?: (error: unknown) => void,
): Promise<WebhookAnswer | undefined> {
  let payload: WebhookPayload
  try {
    payload = await verifyWebhook(rawBody, signature, options.secret, {
      toleranceSeconds: options.toleranceSeconds,
      now: options.now,
    })
  } catch (error) {
    if (error instanceof WebhookSignatureError) return refusal(webhookErrorStatus(error), error.message)
    throw error
  }
  try {
    await options.onEvent(payload)
  } catch (error) {
    if (onEventFailed) {
      onEventFailed(error)
      return undefined
    }
    ;(options.onError ?? ((e: unknown) => console.error('[merchant-gateway] webhook onEvent failed:', e)))(error)
    return refusal(500, 'The webhook could not be processed; it will be retried')
  }
  return { status: 200, body: { received: true } }
}
