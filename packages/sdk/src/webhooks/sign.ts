/**
 * @module webhooks/sign
 * Signing of webhooks for the merchant's own tests: produces a delivery exactly as the gateway sends it,
 * so a receiver can be tested end to end with {@link verifyWebhook} (as stripe-node's
 * `generateTestHeaderString`).
 */
import type { WebhookPayload } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { HEADERS } from '@merchant-gateway/contract/constants'
import { assertSecret } from './verify.js'

/**
 * A signed delivery: the body to send, its X-Signature, and the headers of the request.
 *
 * @example
 * ```ts
 * const { rawBody, headers }: SignedWebhook = await signWebhook(payload, secret)
 * await fetch('http://localhost:3000/webhooks', { method: 'POST', headers, body: rawBody })
 * ```
 */
export interface SignedWebhook {
  rawBody: string
  signature: string
  headers: Record<string, string>
}

/**
 * Serialises `payload` with `JSON.stringify` and signs it with `secret` as the gateway does
 * (lowercase hex HMAC-SHA256 of the body followed by floor(createTimeMilli / 1000)).
 *
 * @throws {TypeError} when `secret` is empty or `createTimeMilli` is not a finite number.
 * @example
 * ```ts
 * import { signWebhook } from '@merchant-gateway/sdk/webhooks'
 *
 * const delivery = await signWebhook(
 *   { accountName: 'Dara', accountNumber: '012345678', amount: 25, appId: 7, createTimeMilli: Date.now(),
 *     currency: 'USD', orderId: 1024, status: 'SUCCESS', transactionId: 5001 },
 *   'test_api_secret',
 * )
 * const response = await app.request('/webhooks', { method: 'POST', headers: delivery.headers,
 *   body: delivery.rawBody })
 * ```
 */
export async function signWebhook(payload: WebhookPayload, secret: string): Promise<SignedWebhook> {
  assertSecret(secret)
  const createTimeMilli = payload?.createTimeMilli
  if (typeof createTimeMilli !== 'number' || !Number.isFinite(createTimeMilli)) {
    throw new TypeError(`payload.createTimeMilli must be a finite number, received ${String(createTimeMilli)}`)
  }
  const rawBody = JSON.stringify(payload)
  const signature = await signer.signWebhook({ secret, rawBody, createTimeMilli })
  return { rawBody, signature, headers: { 'Content-Type': 'application/json', [HEADERS.signature]: signature } }
}
