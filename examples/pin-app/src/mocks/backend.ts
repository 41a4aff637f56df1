/**
 * @module mocks/backend
 * A stand-in for the merchant's backend, as msw handlers beside the mock gateway's: what the page calls
 * (`/api/orders`) and where the gateway sends its webhooks (`/api/webhooks/gateway`). It is written as
 * a server would be: it creates orders with `GatewayClient` (the API key and secret stay here, never in
 * the page's bundle), and learns that an order was paid or that its payment failed from the gateway's
 * signed webhooks, verified by the SDK's `createWebhookHandler`. Dev server and tests only.
 */
import type { MockGateway } from '@merchant-gateway/mock'
import { GatewayClient } from '@merchant-gateway/sdk'
import { createWebhookHandler } from '@merchant-gateway/sdk/webhooks'
import { HttpResponse, http, type HttpHandler } from 'msw'
import type { OrderStatus } from '../orders.js'

/** The merchant's credentials and store on the mock gateway. */
export interface BackendOptions {
  mock: MockGateway
  apiKey: string
  apiSecret: string
  storeId: number
}

/** The path the merchant registered as its webhook URL (on the page's origin). */
export const WEBHOOK_PATH = '/api/webhooks/gateway'

/**
 * The backend's routes as msw handlers, for `setupWorker(...mock.handlers, ...merchantBackend(...))`.
 *
 * @example
 * ```ts
 * const worker = setupWorker(...mock.handlers, ...merchantBackend({ mock, apiKey, apiSecret, storeId }))
 * ```
 */
export function merchantBackend({ mock, apiKey, apiSecret, storeId }: BackendOptions): HttpHandler[] {
  // A server signs and checks times with its own clock; here that is the mock's, which tests move.
  const now = () => Date.parse(mock.clock.now())
  const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, now })
  const orders = new Map<number, OrderStatus>()

  const receiveWebhook = createWebhookHandler({
    secret: apiSecret,
    now,
    onEvent: (payload) => {
      const order = orders.get(payload.orderId)
      // A paid order stays paid: a late or repeated webhook of an earlier failed attempt changes nothing.
      if (!order || order.status === 'completed') return
      if (payload.status === 'SUCCESS') order.status = 'completed'
      else if (payload.status === 'FAILED') order.status = 'failed'
    },
  })

  return [
    http.post('/api/orders', async ({ request }) => {
      const { amount } = (await request.json()) as { amount: number }
      const created = await gateway.orders.create({ storeId, amount, currency: 'USD' })
      const order: OrderStatus = {
        orderId: Number(created.order_id),
        amount,
        currency: 'USD',
        qrCode: created.qr_code,
        status: 'pending',
      }
      orders.set(order.orderId, order)
      return HttpResponse.json(order, { status: 201 })
    }),
    http.get('/api/orders/:orderId', ({ params }) => {
      const order = orders.get(Number(params.orderId))
      return order ? HttpResponse.json(order) : HttpResponse.json({ error: 'no such order' }, { status: 404 })
    }),
    http.post(WEBHOOK_PATH, ({ request }) => receiveWebhook(request)),
  ]
}
