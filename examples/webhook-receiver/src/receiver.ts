/**
 * @module receiver
 * A webhook receiver on Node's own `http` server, built on the SDK's `createNodeWebhookHandler`. The
 * handler reads the raw body from the request stream itself (the signature covers those exact bytes, so
 * nothing may parse the JSON first), verifies X-Signature with the merchant's API secret, and answers:
 * 200 `{"received":true}` once `onEvent` resolved, 401 for a missing or wrong signature or a stale
 * timestamp, 400 for an unreadable body, 500 when `onEvent` throws (so the gateway retries).
 *
 * The server around it only routes: `POST /webhooks` to the handler, 405 for another method, 404 for
 * another path.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createNodeWebhookHandler, type WebhookPayload } from '@merchant-gateway/sdk/webhooks'

/** The path the receiver answers on; register `http(s)://<host>:<port>/webhooks` as the webhook URL. */
export const WEBHOOK_PATH = '/webhooks'

/** Options of {@link startWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** The merchant's API secret (from the merchant app's API configuration screen). Required. */
  apiSecret: string
  /** TCP port; 0 (the default) picks a free one: read it from the result. */
  port?: number
  /** Interface to listen on. Default `127.0.0.1`: put a TLS-terminating proxy in front for the internet. */
  host?: string
  /**
   * Called once per verified delivery, after it was recorded in `events`. Resolve to acknowledge (200);
   * throw to answer 500 so the gateway delivers it again later. Keep it idempotent: see payments-store.ts.
   */
  onEvent?: (payload: WebhookPayload) => unknown
  /** Called with what `onEvent` threw. Default: the SDK's, `console.error`. */
  onError?: (error: unknown) => void
  /**
   * The clock that judges `createTimeMilli` (epoch ms). Default `Date.now`. Tests against a mock whose
   * clock is frozen at another date pass the mock's clock, as the gateway and the receiver must agree on time.
   */
  now?: () => number
  /**
   * How far `createTimeMilli` may be from now, in seconds; default 300 (the SDK's). The gateway (and the
   * mock) stamps each retry with its own time, so retries pass it whatever their delay (see README).
   */
  toleranceSeconds?: number
}

/** A running receiver. */
export interface WebhookReceiver {
  /** The URL to register as the merchant's webhook URL, e.g. `http://127.0.0.1:3000/webhooks`. */
  url: string
  /** The port it listens on (the one picked when `port` was 0). */
  port: number
  /**
   * Every verified payload, in arrival order: duplicates and deliveries that `onEvent` then refused
   * included, since this is what arrived, not what it meant. Refused (401, 400) deliveries never appear.
   */
  events: WebhookPayload[]
  /** Stops accepting connections and resolves once the server is closed. */
  close(): Promise<void>
}

/**
 * Starts a webhook receiver on `node:http` and resolves once it listens.
 *
 * @throws {TypeError} at once when `apiSecret` is empty (a missing env var must not turn into 401s later).
 * @example
 * ```ts
 * const store = new PaymentsStore({ onPaid: (p) => console.log(`order #${p.orderId} paid`) })
 * const receiver = await startWebhookReceiver({ apiSecret: process.env.WEBHOOK_SECRET!, port: 3000,
 *   onEvent: (p) => store.apply(p) })
 * console.log(`listening on ${receiver.url}`)
 * // ... later
 * await receiver.close()
 * ```
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const { apiSecret, port = 0, host = '127.0.0.1', onEvent, onError, now, toleranceSeconds } = options
  const events: WebhookPayload[] = []

  // Created before the server, so a bad secret fails here (TypeError), not on the first delivery.
  const handleWebhook = createNodeWebhookHandler({
    secret: apiSecret,
    now,
    toleranceSeconds,
    onError,
    onEvent: async (payload) => {
      events.push(payload)
      await onEvent?.(payload)
    },
  })

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://receiver.invalid')
    if (pathname !== WEBHOOK_PATH)
      return answer(res, 404, { error: `Nothing at ${pathname}; webhooks go to POST ${WEBHOOK_PATH}` })
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST')
      return answer(res, 405, { error: `Webhooks are delivered with POST, not ${req.method}` })
    }
    // No body parser runs before this: the handler needs the raw bytes the signature covers.
    handleWebhook(req, res)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const actualPort = (server.address() as AddressInfo).port
  const hostInUrl = host.includes(':') ? `[${host}]` : host

  return {
    url: `http://${hostInUrl}:${actualPort}${WEBHOOK_PATH}`,
    port: actualPort,
    events,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Senders keep connections alive between deliveries; close the idle ones now rather than wait
        // for their keep-alive timeout. A delivery in progress still finishes.
        server.closeIdleConnections()
      }),
  }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json')
  res.end(JSON.stringify(body))
}
