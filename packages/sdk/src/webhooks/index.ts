/**
 * Receiving the gateway's payment notifications: {@link verifyWebhook} checks the X-Signature over the raw
 * body and the timestamp tolerance; {@link createWebhookHandler} (Fetch API: Hono, Workers, Bun, Deno,
 * Next.js) and {@link createNodeWebhookHandler} (Node `http`, Express) are ready receivers; {@link signWebhook}
 * produces signed deliveries for the merchant's own tests. It does not pull the gateway client or zod, and
 * loads on every runtime (no `node:*` imports, no `Buffer`).
 *
 * @example
 * ```ts
 * import { createWebhookHandler } from '@merchant-gateway/sdk/webhooks'
 *
 * export const POST = createWebhookHandler({
 *   secret: process.env.GATEWAY_API_SECRET!,
 *   onEvent: async (payload) => { if (payload.status === 'SUCCESS') await markPaid(payload.orderId) },
 * })
 * ```
 *
 * @module \@merchant-gateway/sdk/webhooks
 */
export { verifyWebhook, DEFAULT_WEBHOOK_TOLERANCE_SECONDS, type VerifyWebhookOptions } from './verify.js'
export { signWebhook, type SignedWebhook } from './sign.js'
export { createWebhookHandler } from './fetch-handler.js'
export {
  createNodeWebhookHandler,
  MAX_WEBHOOK_BODY_BYTES,
  type NodeWebhookHandler,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
} from './node-handler.js'
export { webhookErrorStatus, type WebhookAnswer, type WebhookHandlerOptions } from './handler-core.js'
export { isWebhookPayload } from './payload.js'
export {
  GatewayError,
  type GatewayErrorInit,
  WebhookSignatureError,
  type WebhookSignatureErrorInit,
  type WebhookSignatureErrorReason,
  isGatewayError,
  isWebhookSignatureError,
} from '../errors/index.js'
export type { WebhookPayload } from '@merchant-gateway/contract'
