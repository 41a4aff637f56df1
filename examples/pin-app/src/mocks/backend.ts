/**
 * @module mocks/backend
 * A stand-in for the merchant's backend, as msw handlers beside the mock gateway's: what the page calls
 * (`/api/orders`) and where the gateway sends its webhooks (`/api/webhooks/gateway`). It is written as
 * a server would be: it creates orders with `GatewayClient` (the API key and secret stay here, never in
 * the page's bundle), and learns that an order was paid or that its payment failed from the gateway's
 * signed webhooks, verified by the SDK's `createWebhookHandler`. Dev server and tests only.
 */
import type { MockGateway, MockSnapshot } from '@merchant-gateway/mock'
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
  /** The backend's orders when it starts (default none); see {@link ordersFromSnapshot}. */
  orders?: OrderStatus[]
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
export function merchantBackend({
  mock,
  apiKey,
  apiSecret,
  storeId,
  orders: start = [],
}: BackendOptions): HttpHandler[] {
  // A server signs and checks times with its own clock; here that is the mock's, which tests move.
  const now = () => Date.parse(mock.clock.now())
  const gateway = new GatewayClient({ apiKey, apiSecret, baseUrl: mock.baseUrl, fetch: mock.fetch, now })
  const orders = new Map<number, OrderStatus>(start.map((order) => [order.orderId, { ...order }]))

  const receiveWebhook = createWebhookHandler({
    secret: apiSecret,
    now,
    onEvent: (payload) => {
      const order = orders.get(payload.orderId)
      // A paid order stays paid (and a refunded one refunded): a late or repeated webhook of an earlier
      // attempt changes nothing.
      if (!order || (order.status !== 'pending' && order.status !== 'failed')) return
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
    // The user's orders, newest first.
    http.get('/api/orders', () => HttpResponse.json([...orders.values()].reverse())),
    http.get('/api/orders/:orderId', ({ params }) => {
      const order = orders.get(Number(params.orderId))
      return order ? HttpResponse.json(order) : HttpResponse.json({ error: 'no such order' }, { status: 404 })
    }),
    http.post(WEBHOOK_PATH, ({ request }) => receiveWebhook(request)),
  ]
}

/**
 * The orders of `merchantId` as the backend would have recorded them, from a saved state of the gateway:
 * paid, a failed payment, a refund pending or settled, or still waiting. The stand-in keeps its orders in
 * memory, so a mock started from a saved state (a scenario) gives the backend its orders this way.
 *
 * @example
 * ```ts
 * merchantBackend({ mock, apiKey, apiSecret, storeId, orders: ordersFromSnapshot(saved, merchantId, mock.baseUrl) })
 * ```
 */
export function ordersFromSnapshot(saved: MockSnapshot, merchantId: number, baseUrl: string): OrderStatus[] {
  const moves = saved.transactions.filter((t) => t.merchantId === merchantId)
  const statusOf = (orderId: number, paid: boolean): OrderStatus['status'] => {
    const refund = moves.find((t) => t.kind === 'refund' && t.orderId === orderId)
    if (refund) return refund.status === 'completed' ? 'refunded' : 'refund-pending'
    if (paid) return 'completed'
    const failed = moves.some((t) => t.kind === 'payment' && t.orderId === orderId && t.status === 'failed')
    return failed ? 'failed' : 'pending'
  }
  return saved.orders
    .filter((o) => o.merchantId === merchantId && o.source === 'order')
    .sort((a, b) => a.orderId - b.orderId)
    .map((o) => ({
      orderId: o.orderId,
      amount: o.amount,
      currency: o.currency,
      // The image URL the gateway gave when the order was made (its create-order answer's `qr_code`).
      qrCode: `${baseUrl}/qr/${encodeURIComponent(o.qrData)}.png`,
      status: statusOf(o.orderId, o.status === 'completed'),
    }))
}
