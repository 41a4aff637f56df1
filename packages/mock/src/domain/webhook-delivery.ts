/**
 * @module webhook-delivery
 * One HTTP attempt of a webhook: a POST of the exact raw body with Content-Type and X-Signature (when the
 * contract in force signs webhooks) to the merchant's `webhookUrl`. Any 2xx is the acknowledgement; anything else
 * (another status, a redirect, a network error) is a failed attempt. The answer's body is not read.
 */
import { HEADERS, type WebhookPayload } from '@merchant-gateway/contract'

/** How long one delivery attempt may take before it counts as failed. */
const WEBHOOK_TIMEOUT_MS = 10_000

/**
 * The result of one attempt: `ok` for a 2xx, and a short detail (`'HTTP 500'` or the error message).
 *
 * @example
 * ```ts
 * const result: AttemptResult = await postWebhook(fetch, { url, rawBody, signature })
 * result.ok // true for a 2xx
 * ```
 */
export interface AttemptResult {
  ok: boolean
  detail: string
}

/** POSTs one webhook; never throws. */
export async function postWebhook(
  fetchFn: typeof fetch,
  webhook: { url: string; rawBody: string; signature: string | null },
): Promise<AttemptResult> {
  try {
    const res = await fetchFn(webhook.url, {
      method: 'POST',
      headers: webhookHeaders(webhook.signature),
      body: webhook.rawBody,
      // A redirect is not an acknowledgement: it is reported as the 3xx it is, not followed.
      redirect: 'manual',
      // A receiver that never answers fails the attempt (and is retried) instead of holding the payment call.
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
    await res.body?.cancel().catch(() => undefined)
    return { ok: res.status >= 200 && res.status < 300, detail: `HTTP ${res.status}` }
  } catch (error) {
    return { ok: false, detail: errorText(error) }
  }
}

/**
 * The headers of a webhook: Content-Type, and X-Signature when it was signed.
 *
 * @example
 * ```ts
 * webhookHeaders('9f2c...') // { 'Content-Type': 'application/json', 'X-Signature': '9f2c...' }
 * webhookHeaders(null) // { 'Content-Type': 'application/json' }: a webhook before release 1.4.0
 * ```
 */
export function webhookHeaders(signature: string | null): Record<string, string> {
  return signature === null
    ? { 'Content-Type': 'application/json' }
    : { 'Content-Type': 'application/json', [HEADERS.signature]: signature }
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}

/**
 * One webhook as a listener receives it: what an HTTP receiver would get.
 *
 * @example
 * ```ts
 * mock.webhooks.on((delivery: WebhookDelivery) => {
 *   console.log(delivery.payload.status, delivery.headers) // verify delivery.signature over delivery.rawBody
 * })
 * ```
 */
export interface WebhookDelivery {
  id: number
  merchantId: number
  url: string | null
  payload: WebhookPayload
  rawBody: string
  /** X-Signature; null for a webhook sent before release 1.4.0, which carried none. */
  signature: string | null
  headers: Record<string, string>
}

/**
 * A function called with every webhook the mock sends.
 *
 * @example
 * ```ts
 * const received: WebhookDelivery[] = []
 * const listener: WebhookListener = (delivery) => { received.push(delivery) }
 * const off = mock.webhooks.on(listener)
 * off() // stop listening
 * ```
 */
export type WebhookListener = (delivery: WebhookDelivery) => void | Promise<void>
