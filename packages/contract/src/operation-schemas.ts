/**
 * @module operation-schemas
 * The shapes of each operation's requests and answers, keyed by the ids of the operation table
 * (`operations.ts`, which stays free of zod for the PIN client's bundle): what a request carries today, the
 * data of a success (inside the envelope where the operation uses one), the whole success answer, and the
 * earlier request form and result of refund and payout (before release 1.4.0, in force while the contract
 * eras accept it). The SDK checks its requests and validates answers with them, the mock parses requests
 * with them, and the OpenAPI document takes its bodies and answers from them. `OperationRequest<Id>` and
 * `OperationResult<Id>` are the same shapes as types, for every operation id.
 *
 * Each table is built by a function called once and marked `@__PURE__`, so that a bundle carries only the
 * tables it reads: the gateway client reads the gateway's requests and results, never the earlier forms,
 * the whole answers or the PIN module's schemas.
 */
import type * as z from 'zod/mini'
import { type GatewayOperation, type OperationId, PIN_MESSAGES, type PinOperation } from './operations.js'
import { balanceResponseSchema, balanceSchema } from './schemas/balance.js'
import { cancelOrderRequestSchema, cancelResultSchema } from './schemas/cancel.js'
import { createOrderRequestSchema, orderSchema } from './schemas/order.js'
import {
  legacyPayoutRequestSchema,
  legacyPayoutResultSchema,
  payoutRequestSchema,
  payoutResponseSchema,
  payoutResultSchema,
} from './schemas/payout.js'
import {
  changePinRequestSchema,
  forgotPinRequestSchema,
  forgotPinResultSchema,
  pinEnvelopeSchema,
  pinNoDataSchema,
  resetPinRequestSchema,
  resetPinResultSchema,
  setPinRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResultSchema,
  verifyPinRequestSchema,
} from './schemas/pin.js'
import { generateQrRequestSchema, qrCodeSchema } from './schemas/qr.js'
import {
  legacyRefundRequestSchema,
  legacyRefundResultSchema,
  refundRequestSchema,
  refundResponseSchema,
  refundResultSchema,
} from './schemas/refund.js'
import { listStoresResponseSchema, storeListSchema } from './schemas/store.js'
import {
  transactionDetailBodySchema,
  transactionDetailRequestSchema,
  transactionSchema,
} from './schemas/transaction.js'

/**
 * What a request of each gateway operation carries today: its JSON body, or for transaction detail its
 * query parameters (its POST form may carry them in a body: {@link QUERY_BODIES}); `null` for an
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
 * The JSON body the POST form of an operation whose request is its query (`request: 'query'`) may carry
 * instead: transaction detail's `{ transaction_id }`, a decimal string or a positive integer (our decision:
 * the service does not document this body).
 *
 * @example
 * ```ts
 * z.parse(QUERY_BODIES.transactionDetail, { transaction_id: 5001 })
 * ```
 */
export const QUERY_BODIES = /* @__PURE__ */ queryBodies()

function queryBodies() {
  return Object.freeze({
    transactionDetail: transactionDetailBodySchema,
  } as const satisfies Partial<Record<GatewayOperation, z.core.$ZodType>>)
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
    listStores: storeListSchema,
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
 * The whole success answer of each gateway operation, as the service sends it in the current form: the
 * envelope around {@link OPERATION_RESULTS}' data where the operation answers in one, else the documented
 * body (which a service may also wrap in the envelope: clients accept both).
 *
 * @example
 * ```ts
 * const { data, traceId } = z.parse(OPERATION_RESPONSES.refundOrder, await res.json())
 * ```
 */
export const OPERATION_RESPONSES = /* @__PURE__ */ responses()

function responses() {
  return Object.freeze({
    listStores: listStoresResponseSchema,
    balanceInquiry: balanceResponseSchema,
    createOrder: orderSchema,
    generateQr: qrCodeSchema,
    transactionDetail: transactionSchema,
    cancelOrder: cancelResultSchema,
    refundOrder: refundResponseSchema,
    payout: payoutResponseSchema,
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
 * What a request of each PIN module operation carries: its JSON body.
 *
 * @example
 * ```ts
 * const input = z.parse(PIN_REQUESTS.changePin, { current_pin: '012345', new_pin: '908172' })
 * ```
 */
export const PIN_REQUESTS = /* @__PURE__ */ pinRequests()

function pinRequests() {
  return Object.freeze({
    setPin: setPinRequestSchema,
    verifyPin: verifyPinRequestSchema,
    changePin: changePinRequestSchema,
    forgotPin: forgotPinRequestSchema,
    verifyOtp: verifyOtpRequestSchema,
    resetPin: resetPinRequestSchema,
  } as const satisfies Record<PinOperation, z.core.$ZodType>)
}

/**
 * The data of each PIN module operation's success: the `data` of its envelope (`null` where it carries none).
 *
 * @example
 * ```ts
 * const { session_id } = z.parse(PIN_RESULTS.forgotPin, body.data)
 * ```
 */
export const PIN_RESULTS = /* @__PURE__ */ pinResults()

function pinResults() {
  return Object.freeze({
    setPin: pinNoDataSchema,
    verifyPin: pinNoDataSchema,
    changePin: pinNoDataSchema,
    forgotPin: forgotPinResultSchema,
    verifyOtp: verifyOtpResultSchema,
    resetPin: resetPinResultSchema,
  } as const satisfies Record<PinOperation, z.core.$ZodType>)
}

/**
 * The whole success answer of each PIN module operation: the module's envelope with the operation's
 * exact message and its data.
 *
 * @example
 * ```ts
 * z.parse(PIN_RESPONSES.setPin, { status_code: 200, message: 'PIN set successfully', data: null })
 * ```
 */
export const PIN_RESPONSES = /* @__PURE__ */ pinResponses()

function pinResponses() {
  return Object.freeze({
    setPin: pinEnvelopeSchema(PIN_MESSAGES.setPin, pinNoDataSchema),
    verifyPin: pinEnvelopeSchema(PIN_MESSAGES.verifyPin, pinNoDataSchema),
    changePin: pinEnvelopeSchema(PIN_MESSAGES.changePin, pinNoDataSchema),
    forgotPin: pinEnvelopeSchema(PIN_MESSAGES.forgotPin, forgotPinResultSchema),
    verifyOtp: pinEnvelopeSchema(PIN_MESSAGES.verifyOtp, verifyOtpResultSchema),
    resetPin: pinEnvelopeSchema(PIN_MESSAGES.resetPin, resetPinResultSchema),
  } as const satisfies Record<PinOperation, z.core.$ZodType>)
}

type RequestSchemas = ReturnType<typeof requests> & ReturnType<typeof pinRequests>
type ResultSchemas = ReturnType<typeof results> & ReturnType<typeof pinResults>

/**
 * What a request of an operation carries, as a type (`undefined` when it has no body): the input of its
 * request schema, gateway or PIN module.
 *
 * @example
 * ```ts
 * const body: OperationRequest<'cancelOrder'> = { order_id: '1024', reason: 'customer left' }
 * const pin: OperationRequest<'verifyPin'> = { pin: '012345' }
 * ```
 */
export type OperationRequest<Id extends OperationId> = RequestSchemas[Id] extends z.core.$ZodType
  ? z.input<RequestSchemas[Id]>
  : undefined

/**
 * A request of an operation once its schema has parsed it (defaults applied), as a type; `undefined` when it
 * has no body.
 *
 * @example
 * ```ts
 * const run = (input: OperationInput<'cancelOrder'>) => cancel(Number(input.order_id), input.reason)
 * ```
 */
export type OperationInput<Id extends OperationId> = RequestSchemas[Id] extends z.core.$ZodType
  ? z.output<RequestSchemas[Id]>
  : undefined

/**
 * The data of an operation's success, as a type: a gateway operation's result (inside the envelope where it
 * uses one), a PIN operation's envelope `data`.
 *
 * @example
 * ```ts
 * const order: OperationResult<'createOrder'> = await gateway.orders.create(params)
 * const opened: OperationResult<'forgotPin'> = { session_id, expires_at: 600 }
 * ```
 */
export type OperationResult<Id extends OperationId> = z.output<ResultSchemas[Id]>
