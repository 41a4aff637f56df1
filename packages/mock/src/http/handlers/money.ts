/**
 * @module handlers/money
 * Refund and payout. The current form is signed, camelCase and enveloped; the earlier form (until release
 * 1.4.0 refuses it) is unsigned, snake_case and answers a bare result. Both are wire mappings onto the
 * same domain operation, so one set of rules (cap, balance, settlement, idempotency, webhooks) applies.
 *
 * Each form is parsed by its contract schema (`OPERATION_REQUESTS`, `EARLIER_FORMS`). These routes write
 * their own parse step, rather than take the route's default, because both forms must give the one input
 * the domain takes (the earlier form adds a reason or a description) and the idempotency key's fingerprint
 * is taken of that input: a request replays by what it asks, whichever form it came in.
 */
import { EARLIER_FORMS, OPERATION_REQUESTS } from '@merchant-gateway/contract'
import { createPayout } from '../../domain/payouts.js'
import { refundOrder } from '../../domain/refunds.js'
import { route } from '../pipeline.js'
import type { GatewayRuntime } from '../runtime.js'
import { validate } from '../validate.js'
import { earlierPayoutBody, earlierRefundBody, moneyMovementBody } from '../wire.js'

/** POST order/refund and POST order/payout. */
export function moneyHandlers(runtime: GatewayRuntime) {
  return [
    route(runtime, {
      operation: 'refundOrder',
      parse: (body) => {
        const input = validate(OPERATION_REQUESTS.refundOrder, body)
        return { orderId: input.orderId, amount: input.refundAmount }
      },
      run: (ctx, merchant, input: { orderId: number; amount: number; reason?: string }) =>
        refundOrder(ctx, merchant.merchantId, input),
      render: (_ctx, tx) => moneyMovementBody(tx),
      earlier: {
        parse: (body) => {
          const input = validate(EARLIER_FORMS.refundOrder.request, body)
          return {
            orderId: Number(input.order_id),
            amount: input.amount,
            ...(input.reason !== undefined ? { reason: input.reason } : {}),
          }
        },
        render: (_ctx, tx) => earlierRefundBody(tx),
      },
    }),
    route(runtime, {
      operation: 'payout',
      parse: (body) => {
        const input = validate(OPERATION_REQUESTS.payout, body)
        return { accountNumber: input.accountNumber, amount: input.amount, currency: input.currency }
      },
      run: (
        ctx,
        merchant,
        input: { accountNumber: string; amount: number; currency: 'USD' | 'KHR'; description?: string },
      ) => createPayout(ctx, merchant.merchantId, input),
      render: (_ctx, tx) => moneyMovementBody(tx),
      earlier: {
        parse: (body) => {
          const input = validate(EARLIER_FORMS.payout.request, body)
          return {
            accountNumber: input.account_id,
            amount: input.amount,
            currency: input.currency,
            ...(input.description !== undefined ? { description: input.description } : {}),
          }
        },
        render: (_ctx, tx) => earlierPayoutBody(tx),
      },
    }),
  ]
}
