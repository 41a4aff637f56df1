/**
 * @module handlers/money
 * Refund and payout: signed, idempotent, enveloped answers in the current (camelCase) form.
 */
import { GATEWAY_PATHS, payoutRequestSchema, refundRequestSchema } from '@merchant-gateway/contract'
import { createPayout } from '../../domain/payouts.js'
import { refundOrder } from '../../domain/refunds.js'
import { route } from '../pipeline.js'
import type { GatewayRuntime } from '../runtime.js'
import { validate } from '../validate.js'
import { moneyMovementBody } from '../wire.js'

/** POST order/refund and POST order/payout. */
export function moneyHandlers(runtime: GatewayRuntime) {
  return [
    route(runtime, {
      operation: 'refundOrder',
      method: 'POST',
      path: GATEWAY_PATHS.refundOrder,
      auth: 'signed',
      body: 'json',
      shape: 'envelope',
      parse: (body) => validate(refundRequestSchema, body),
      run: async (ctx, merchant, input) =>
        moneyMovementBody(await refundOrder(ctx, merchant.merchantId, { orderId: input.orderId, amount: input.refundAmount })),
    }),
    route(runtime, {
      operation: 'payout',
      method: 'POST',
      path: GATEWAY_PATHS.payout,
      auth: 'signed',
      body: 'json',
      shape: 'envelope',
      parse: (body) => validate(payoutRequestSchema, body),
      run: async (ctx, merchant, input) => moneyMovementBody(await createPayout(ctx, merchant.merchantId, input)),
    }),
  ]
}
