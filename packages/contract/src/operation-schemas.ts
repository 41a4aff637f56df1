/**
 * @module operation-schemas
 * The shapes of each gateway operation's requests and answers, for the operation table of `operations.ts`:
 * what a request carries today, the data of a success (inside the envelope where the operation uses one),
 * and the earlier request form and result of refund and payout (before release 1.4.0, in force while the
 * contract eras accept it). The SDK validates answers with `OPERATION_RESULTS`, the mock validates requests
 * with `OPERATION_REQUESTS` and `EARLIER_FORMS`, and the OpenAPI document describes all three.
 *
 * Each table is built by a function called once and marked `@__PURE__`, so that a bundle carries only the
 * tables it reads (a client validates answers, and never carries a request schema).
 */
import * as z from 'zod/mini'
import type { GatewayOperation } from './operations.js'
import { balanceSchema } from './schemas/balance.js'
import { cancelOrderRequestSchema, cancelResultSchema } from './schemas/cancel.js'
import { createOrderRequestSchema, orderSchema } from './schemas/order.js'
import {
  legacyPayoutRequestSchema,
  legacyPayoutResultSchema,
  payoutRequestSchema,
  payoutResultSchema,
} from './schemas/payout.js'
import { generateQrRequestSchema, qrCodeSchema } from './schemas/qr.js'
import {
  legacyRefundRequestSchema,
  legacyRefundResultSchema,
  refundRequestSchema,
  refundResultSchema,
} from './schemas/refund.js'
import { storeSchema } from './schemas/store.js'
import { transactionDetailRequestSchema, transactionSchema } from './schemas/transaction.js'

/**
 * What a request of each gateway operation carries today: its JSON body, or for transaction detail its
 * query parameters (its POST form may carry them in a body: `transactionDetailBodySchema`); `null` for an
 * operation without a body (list stores, balance inquiry).
 *
 * @example
 * ```ts
 * const input = z.parse(OPERATION_REQUESTS.createOrder, { storeId: 101, amount: 12.5, currency: 'USD' })
 * ```
 */
export const OPERATION_REQUESTS = /* @__PURE__ */ requests()

function requests() {
  return Object.freeze({
    listStores: null,
    balanceInquiry: null,
    createOrder: createOrderRequestSchema,
    generateQr: generateQrRequestSchema,
    transactionDetail: transactionDetailRequestSchema,
    cancelOrder: cancelOrderRequestSchema,
    refundOrder: refundRequestSchema,
    payout: payoutRequestSchema,
  } as const satisfies Record<GatewayOperation, z.core.$ZodType | null>)
}

/**
 * The data of each gateway operation's success: the envelope's `data` where the operation answers in the
 * envelope (`GATEWAY_OPERATIONS[id].response === 'envelope'`), else the documented body.
 *
 * @example
 * ```ts
 * const order = z.parse(OPERATION_RESULTS.createOrder, await res.json())
 * ```
 */
export const OPERATION_RESULTS = /* @__PURE__ */ results()

function results() {
  return Object.freeze({
    listStores: z.array(storeSchema),
    balanceInquiry: balanceSchema,
    createOrder: orderSchema,
    generateQr: qrCodeSchema,
    transactionDetail: transactionSchema,
    cancelOrder: cancelResultSchema,
    refundOrder: refundResultSchema,
    payout: payoutResultSchema,
  } as const satisfies Record<GatewayOperation, z.core.$ZodType>)
}

/**
 * The earlier form of refund and payout, before release 1.4.0's signatures: an unsigned snake_case request
 * (with `X-App-Id`) and a bare result, mapped by the mock onto the same rules as the current form.
 *
 * @example
 * ```ts
 * const earlier = z.parse(EARLIER_FORMS.refundOrder.request, { order_id: '1024', amount: 5 })
 * ```
 */
export const EARLIER_FORMS = /* @__PURE__ */ earlierForms()

function earlierForms() {
  return Object.freeze({
    refundOrder: { request: legacyRefundRequestSchema, result: legacyRefundResultSchema },
    payout: { request: legacyPayoutRequestSchema, result: legacyPayoutResultSchema },
  } as const satisfies Partial<Record<GatewayOperation, { request: z.core.$ZodType; result: z.core.$ZodType }>>)
}

/**
 * The data of a gateway operation's success, as a type.
 *
 * @example
 * ```ts
 * const order: OperationResult<'createOrder'> = await gateway.orders.create(params)
 * ```
 */
export type OperationResult<Id extends GatewayOperation> = z.output<(typeof OPERATION_RESULTS)[Id]>

/**
 * What a request of a gateway operation carries, as a type (`undefined` when it has no body).
 *
 * @example
 * ```ts
 * const body: OperationRequest<'cancelOrder'> = { order_id: '1024', reason: 'customer left' }
 * ```
 */
export type OperationRequest<Id extends GatewayOperation> = (typeof OPERATION_REQUESTS)[Id] extends z.core.$ZodType
  ? z.input<(typeof OPERATION_REQUESTS)[Id]>
  : undefined
