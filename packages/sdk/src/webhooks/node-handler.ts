/**
 * @module webhooks/node-handler
 * A webhook receiver for Node's `http` server and for Express. The request and response are typed by
 * the few members used, not by `node:http`, so this module loads on every runtime.
 */
import { HEADERS } from '@merchant-gateway/contract/constants'
import {
  checkHandlerOptions,
  handleDelivery,
  refusal,
  type WebhookAnswer,
  type WebhookHandlerOptions,
} from './handler-core.js'

/** Largest body the Node receiver reads: 1 MiB. A webhook payload is a few hundred bytes. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024

/**
 * The members of Node's `IncomingMessage` (or Express's `Request`) the receiver uses. `body` is what a
 * body parser left there: a Buffer or string from `express.raw()` / `express.text()` is used as the raw
 * body; a parsed object is refused with 400.
 *
 * @example
 * ```ts
 * const req: NodeWebhookRequest = incomingMessage // an http.IncomingMessage or an express Request
 * ```
 */
export interface NodeWebhookRequest {
  headers: Record<string, string | string[] | undefined>
  body?: unknown
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown
  on(event: 'end' | 'aborted', listener: () => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  removeAllListeners?(event?: string): unknown
  resume?(): unknown
}

/**
 * The members of Node's `ServerResponse` (or Express's `Response`) the receiver uses.
 *
 * @example
 * ```ts
 * const res: NodeWebhookResponse = serverResponse // an http.ServerResponse or an express Response
 * ```
 */
export interface NodeWebhookResponse {
  statusCode: number
  headersSent?: boolean
  setHeader(name: string, value: string): unknown
  end(chunk?: string): unknown
}

/**
 * The handler {@link createNodeWebhookHandler} returns: an `http.createServer` request listener and an
 * Express middleware at once.
 *
 * @example
 * ```ts
 * const handler: NodeWebhookHandler = createNodeWebhookHandler({ secret, onEvent })
 * http.createServer(handler)
 * ```
 */
export type NodeWebhookHandler = (
  req: NodeWebhookRequest,
  res: NodeWebhookResponse,
  next?: (error?: unknown) => void,
) => void

const encoder = new TextEncoder()

function send(res: NodeWebhookResponse, answer: WebhookAnswer, close = false): void {
  if (res.headersSent) return
  res.statusCode = answer.status
  res.setHeader('Content-Type', 'application/json')
  // After a refused oversized body the rest of it is not read: close the connection rather than reuse it.
  if (close) res.setHeader('Connection', 'close')
  res.end(JSON.stringify(answer.body))
}

class BodyTooLarge extends Error {}

function readBody(req: NodeWebhookRequest, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    let size = 0
    let done = false
    const finish = (fn: () => void) => {
      if (done) return
      done = true
      fn()
    }
    req.on('data', (chunk) => {
      if (done) return
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk
      size += bytes.length
      if (size > limit) return finish(() => reject(new BodyTooLarge()))
      chunks.push(bytes)
    })
    req.on('end', () =>
      finish(() => {
        const body = new Uint8Array(size)
        let offset = 0
        for (const chunk of chunks) {
          body.set(chunk, offset)
          offset += chunk.length
        }
        resolve(body)
      }),
    )
    req.on('aborted', () => finish(() => reject(new Error('request aborted'))))
    req.on('error', (error) => finish(() => reject(error)))
  })
}

function declaredLength(req: NodeWebhookRequest): number | undefined {
  const value = req.headers['content-length']
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined
  return Number(value)
}

/**
 * Builds a receiver for Node's `http` server and Express. It takes the raw body from `req.body` when a body
 * parser left a Buffer or string there (`express.raw()`), else reads it from the request stream itself (at
 * most 1 MiB: 413 beyond). It then answers as {@link createWebhookHandler}: 200 `{"received":true}` after
 * `onEvent` resolves, 401 for a missing or wrong signature or a stale timestamp, 400 for an unreadable
 * body. A `req.body` that is already a parsed object (`express.json()` ran first) is answered with 400 and
 * a message saying to mount the receiver with `express.raw()`, before `express.json()`.
 *
 * When `onEvent` throws, the error goes to Express's `next(error)` if there is one (its error handler
 * answers 500); without `next` (plain `http`) the answer is 500 `{"error":"..."}`, so the sender retries.
 *
 * @throws {TypeError} at creation, when `secret` is empty, `onEvent` or `now` is not a function, or
 * `toleranceSeconds` is not a non-negative number or false.
 * @example
 * ```ts
 * import express from 'express'
 * import { createNodeWebhookHandler } from '@merchant-gateway/sdk/webhooks'
 *
 * const app = express()
 * // Before app.use(express.json()), or with express.raw() on the route:
 * app.post('/webhooks/gateway', express.raw({ type: 'application/json' }), createNodeWebhookHandler({
 *   secret: process.env.GATEWAY_API_SECRET!,
 *   onEvent: async (payload) => { if (payload.status === 'SUCCESS') await markPaid(payload.orderId) },
 * }))
 * app.use(express.json())
 *
 * // Or plain Node:
 * http.createServer(createNodeWebhookHandler({ secret, onEvent })).listen(3000)
 * ```
 */
export function createNodeWebhookHandler(options: WebhookHandlerOptions): NodeWebhookHandler {
  checkHandlerOptions(options)
  return (req, res, next) => {
    void (async () => {
      let rawBody: string | Uint8Array
      const { body } = req
      if (typeof body === 'string' || body instanceof Uint8Array) {
        rawBody = body
      } else if (body !== undefined && body !== null) {
        return send(
          res,
          refusal(
            400,
            'The webhook body reached the receiver already parsed (req.body is an ' +
              'object), so its signature cannot be checked: ' +
              ("mount the receiver with express.raw({ type: 'application/json' }) on " +
                'its route, before app.use(express.json())'),
          ),
        )
      } else {
        const length = declaredLength(req)
        if (length !== undefined && length > MAX_WEBHOOK_BODY_BYTES) {
          return send(res, refusal(413, `The webhook body is larger than ${MAX_WEBHOOK_BODY_BYTES} bytes`), true)
        }
        try {
          rawBody = await readBody(req, MAX_WEBHOOK_BODY_BYTES)
        } catch (error) {
          if (error instanceof BodyTooLarge)
            return send(res, refusal(413, `The webhook body is larger than ${MAX_WEBHOOK_BODY_BYTES} bytes`), true)
          return send(res, refusal(400, 'The webhook body could not be read'), true)
        }
      }
      const signature = req.headers[HEADERS.signature.toLowerCase()]
      const answer = await handleDelivery(options, rawBody, typeof signature === 'string' ? signature : undefined, next)
      if (answer) send(res, answer)
    })().catch((error: unknown) => {
      if (next) next(error)
      else send(res, refusal(500, 'The webhook could not be processed; it will be retried'))
    })
  }
}
