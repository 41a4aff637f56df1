/**
 * Type-level test (checked by `npm run typecheck`; nothing runs): what a merchant's `tsc --strict` holds them
 * to. A result lists the fields the contract documents and no more, so a misspelt field is a compile error;
 * a status is a union of the contract's states, so a comparison with a state it lacks is a compile error;
 * ids go in as create order answered them; and `error.code` narrows with the error's class. Each
 * `@ts-expect-error` below is a line that must not compile: if it compiled, the directive itself would be
 * the error.
 */
import {
  AuthenticationError,
  type GatewayClient,
  IdempotencyKeyInUseError,
  InvalidRequestError,
  NotFoundError,
  type ResponseMeta,
} from '@merchant-gateway/sdk'
import { type PinClient, PinLockedError, WrongPinError } from '@merchant-gateway/sdk/pin'
import type { WebhookPayload } from '@merchant-gateway/contract'

declare const gateway: GatewayClient
declare const pins: PinClient
declare const caught: unknown

export async function aMerchantsDay(): Promise<void> {
  const order = await gateway.orders.create({ storeId: 101, amount: 12.5, currency: 'USD' })
  // @ts-expect-error: `statsu` is not a field of an order (a misspelt field is an error)
  if (order.statsu === 'paid') return
  // @ts-expect-error: `paidd` is not an order state
  if (order.status === 'paidd') return
  if (order.status === 'pending') order.qr_code satisfies string

  // The id create order answered goes straight into a refund and a cancel.
  const refund = await gateway.refunds.create({ orderId: order.order_id, amount: 5 })
  await gateway.orders.cancel({ orderId: order.order_id, reason: 'customer left' })
  refund.meta satisfies ResponseMeta
  // @ts-expect-error: a refund result has `transactionId`, not `transaction_id`
  refund.transaction_id

  const tx = await gateway.transactions.retrieve(refund.transactionId)
  const again = await gateway.transactions.retrieve(tx.transaction_id)
  // @ts-expect-error: `paidd` is not a transaction state
  if (again.status === 'paidd') return
  switch (again.status) {
    case 'pending':
    case 'completed':
    case 'failed':
    case 'cancelled':
      break
    default:
      // A state the contract does not list yet arrives as it is sent: the default branch sees it.
      again.status satisfies never
  }

  const cancelled = await gateway.orders.cancel({ orderId: 1024 })
  // @ts-expect-error: cancel answers the cancelled state only
  if (cancelled.status === 'pending') return

  const [store] = await gateway.stores.list()
  // @ts-expect-error: a store has `storeName`, not `name`
  store?.name
  const balance = await gateway.balance.retrieve()
  // @ts-expect-error: a balance has `usable`, not `available`
  balance.usd.available

  const reset = await pins.pinReset.request({ email: 'dara@example.com' })
  // @ts-expect-error: the PIN reset result has `sessionId`, not `session_id`
  reset.session_id
}

export function aWebhook(payload: WebhookPayload): boolean {
  // @ts-expect-error: `PAID` is not a webhook status
  if (payload.status === 'PAID') return true
  // @ts-expect-error: the payload has `orderId`, not `order_id`
  payload.order_id
  return payload.status === 'SUCCESS'
}

export function branchOnTheCode(): string {
  if (caught instanceof IdempotencyKeyInUseError) {
    caught.code satisfies 'idempotency_key_in_use'
    return 'retry later with the same key'
  }
  if (caught instanceof InvalidRequestError) {
    if (caught.code === 'insufficient_funds') return 'top up'
    if (caught.code === 'order_not_cancellable') return 'refund instead'
    // @ts-expect-error: `insuficient_funds` is not a code an invalid request carries
    if (caught.code === 'insuficient_funds') return 'never'
    // @ts-expect-error: an authentication code never comes with an invalid request
    if (caught.code === 'invalid_signature') return 'never'
  }
  if (caught instanceof AuthenticationError) {
    if (caught.code === 'invalid_timestamp') return 'check the clock'
    if (caught.code === 'invalid_token') return 'sign in again'
    // @ts-expect-error: not an authentication code
    if (caught.code === 'order_not_refundable') return 'never'
  }
  if (caught instanceof NotFoundError) {
    if (caught.code === 'contact_not_found') return 'another contact'
    // @ts-expect-error: not a code of a 404
    if (caught.code === 'wrong_pin') return 'never'
  }
  if (caught instanceof WrongPinError) {
    caught.code satisfies 'wrong_pin' | undefined
    return `${caught.attemptsRemaining} attempts left`
  }
  if (caught instanceof PinLockedError) {
    // @ts-expect-error: a locked PIN's code is `pin_locked`
    if (caught.code === 'wrong_pin') return 'never'
    return 'wait'
  }
  return 'unknown'
}
