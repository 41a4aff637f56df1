/**
 * @module handlers/orders
 * Create order (both documented request shapes), generate QR and cancel order: standard
 * authentication, "as documented" answers. Each request is parsed by the contract's request schema of its
 * operation (the route's default); the handlers map it onto the domain's input.
 */
import { cancelOrder, createOrder } from '../../domain/orders.js'
import { generateQr } from '../../domain/qr-codes.js'
import { route } from '../pipeline.js'
import type { GatewayRuntime } from '../runtime.js'
import { cancelBody, orderBody, qrBody } from '../wire.js'

/** POST order/create, POST payment/generate-qr, POST order/cancel. */
export function orderHandlers(runtime: GatewayRuntime) {
  return [
    route(runtime, {
      operation: 'createOrder',
      run: (ctx, merchant, { storeId, store_id, amount, currency }) => {
        const order = createOrder(ctx, merchant.merchantId, {
          storeId: storeId ?? Number(store_id),
          amount,
          currency,
        })
        return orderBody(ctx, order)
      },
    }),
    route(runtime, {
      operation: 'generateQr',
      run: (ctx, merchant, { store_id, amount, currency }) =>
        qrBody(ctx, generateQr(ctx, merchant.merchantId, { storeId: store_id, amount, currency })),
    }),
    route(runtime, {
      operation: 'cancelOrder',
      run: (ctx, merchant, input) =>
        cancelBody(cancelOrder(ctx, merchant.merchantId, Number(input.order_id), input.reason)),
    }),
  ]
}
