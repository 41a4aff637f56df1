/**
 * @module handlers/orders
 * Create order (both documented request shapes), generate QR and cancel order: standard
 * authentication, "as documented" answers.
 */
import { OPERATION_REQUESTS } from '@merchant-gateway/contract'
import { cancelOrder, createOrder } from '../../domain/orders.js'
import { generateQr } from '../../domain/qr-codes.js'
import { route } from '../pipeline.js'
import type { GatewayRuntime } from '../runtime.js'
import { validate } from '../validate.js'
import { cancelBody, orderBody, qrBody } from '../wire.js'

/** POST order/create, POST payment/generate-qr, POST order/cancel. */
export function orderHandlers(runtime: GatewayRuntime) {
  return [
    route(runtime, {
      operation: 'createOrder',
      parse: (body) => {
        const input = validate(OPERATION_REQUESTS.createOrder, body)
        return { storeId: input.storeId ?? Number(input.store_id), amount: input.amount, currency: input.currency }
      },
      run: async (ctx, merchant, input) => orderBody(ctx, await createOrder(ctx, merchant.merchantId, input)),
    }),
    route(runtime, {
      operation: 'generateQr',
      parse: (body) => {
        const input = validate(OPERATION_REQUESTS.generateQr, body)
        return { storeId: input.store_id, amount: input.amount, currency: input.currency }
      },
      run: async (ctx, merchant, input) => qrBody(ctx, await generateQr(ctx, merchant.merchantId, input)),
    }),
    route(runtime, {
      operation: 'cancelOrder',
      parse: (body) => validate(OPERATION_REQUESTS.cancelOrder, body),
      run: (ctx, merchant, input) =>
        cancelBody(cancelOrder(ctx, merchant.merchantId, Number(input.order_id), input.reason)),
    }),
  ]
}
