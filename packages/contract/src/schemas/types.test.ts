/**
 * Type-level rules of the inferred types, checked by `tsc` (expectTypeOf is a no-op at run time).
 */
import { describe, expectTypeOf, it } from 'vitest'
import type { Currency } from '../currency.js'
import type { Balance, BalanceResponse } from './balance.js'
import type { Envelope } from './envelope.js'
import type { CreateOrderRequest } from './order.js'
import type { RefundResponse, RefundResult } from './refund.js'
import type { PayoutResult } from './payout.js'
import type { TransactionDetailBody } from './transaction.js'
import type { WebhookPayload } from './webhook.js'

describe('inferred types', () => {
  it('an enveloped response is an Envelope of its data type', () => {
    expectTypeOf<BalanceResponse>().toExtend<Envelope<Balance>>()
    expectTypeOf<RefundResponse>().toExtend<Envelope<RefundResult>>()
  })

  it('refund and payout results share one type', () => {
    expectTypeOf<RefundResult>().toEqualTypeOf<PayoutResult>()
  })

  it('create order carries either store spelling, and amount and currency always', () => {
    expectTypeOf<CreateOrderRequest['storeId']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<CreateOrderRequest['store_id']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<CreateOrderRequest['currency']>().toEqualTypeOf<Currency>()
    expectTypeOf<CreateOrderRequest['amount']>().toEqualTypeOf<number>()
  })

  it('the transaction-detail POST body id is a string or a number', () => {
    expectTypeOf<TransactionDetailBody['transaction_id']>().toEqualTypeOf<string | number>()
  })

  it('response types list the documented fields only: a field the contract does not document is a type error', () => {
    // @ts-expect-error: not a field of the webhook payload (its values are kept at run time, outside the type)
    expectTypeOf<WebhookPayload['somethingNew']>().toEqualTypeOf<unknown>()
  })
})
