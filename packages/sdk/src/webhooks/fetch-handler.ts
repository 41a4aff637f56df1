/**
 * @module webhooks/fetch-handler
 * A webhook receiver for runtimes built on the Fetch API's `Request` and `Response`: Hono, Cloudflare
 * Workers, Bun, Deno, Next.js route handlers.
 */
import { HEADERS } from '@merchant-gateway/contract/constants'
import { checkHandlerOptions, handleDelivery, type WebhookAnswer, type WebhookHandlerOptions } from './handler-core.js'

function toResponse(answer: WebhookAnswer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/**
 * Builds a `(request: Request) => Promise<Response>` that reads the raw body, verifies it with
 * {@link verifyWebhook}, calls `onEvent(payload)` once and answers:
 * 200 `{"received":true}` once `onEvent` resolves; 401 `{"error":"..."}` for a missing or wrong
 * X-Signature or a timestamp out of tolerance; 400 for a body that is not a payload; 500 when `onEvent`
 * throws (so the sender retries).
 *
 * The body is read as bytes (`request.arrayBuffer()`): the signature covers the bytes as sent.
 *
 * @throws {TypeError} at creation, when `secret` is empty, `onEvent` or `now` is not a function, or
 * `toleranceSeconds` is not a non-negative number or false.
 * @example
 * ```ts
 * import { Hono } from 'hono'
 * import { createWebhookHandler } from '@merchant-gateway/sdk/webhooks'
 *
 * const handleWebhook = createWebhookHandler({
 *   secret: process.env.GATEWAY_API_SECRET!,
 *   onEvent: async (payload) => { if (payload.status === 'SUCCESS') await markPaid(payload.orderId) },
 * })
 * const app = new Hono()
 * app.post('/webhooks/gateway', (c) => handleWebhook(c.req.raw))
 * // Next.js (app/api/webhooks/route.ts): export const POST = handleWebhook
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (request: Request) => Promise<Response> {
  checkHandlerOptions(options)
  return async (request) => {
    let rawBody: Uint8Array
    try {
      rawBody = new Uint8Array(await request.arrayBuffer())
    } catch {
      return toResponse({ status: 400, body: { error: 'The webhook body could not be read' } })
    }
    const answer = await handleDelivery(options, rawBody, request.headers.get(HEADERS.signature))
    return toResponse(answer!)
  }
}
