/**
 * @module request-bodies
 * The operations of the service by name, and the type of each one's request body as the request log keeps it
 * for a typed query by operation (`mock.requests.list({ operation })`): the contract's request type of a
 * gateway operation (refund and payout in either form they may come in), the PIN module's bodies.
 */
import {
  GATEWAY_OPERATIONS,
  PIN_OPERATIONS,
  type EARLIER_FORMS,
  type GatewayOperation,
  type OperationRequest,
  type PinOperation,
  type transactionDetailBodySchema,
} from '@merchant-gateway/contract'
import type * as z from 'zod/mini'

/**
 * The name of an operation of the service: a gateway operation or a PIN module operation.
 *
 * @example
 * ```ts
 * const operation: ServiceOperation = 'refundOrder'
 * ```
 */
export type ServiceOperation = GatewayOperation | PinOperation

/**
 * Every operation of the service, gateway first, in the operation table's order.
 *
 * @example
 * ```ts
 * SERVICE_OPERATIONS.includes('verifyPin') // true
 * ```
 */
export const SERVICE_OPERATIONS: readonly ServiceOperation[] = Object.freeze([
  ...(Object.keys(GATEWAY_OPERATIONS) as GatewayOperation[]),
  ...(Object.keys(PIN_OPERATIONS) as PinOperation[]),
])

/** A contact the PIN module's reset flow takes: an e-mail address, or the three phone fields. */
type PinContact = { email: string } | { phone_code: string; country_code: string; phone_number: string }

/**
 * The JSON body of each PIN module operation, as the module reads it. PIN fields, one-time codes and session
 * ids are logged as `'[redacted]'`.
 *
 * @example
 * ```ts
 * const body: PinRequestBodies['changePin'] = { current_pin: '[redacted]', new_pin: '[redacted]' }
 * ```
 */
export interface PinRequestBodies {
  setPin: { pin: string }
  verifyPin: { pin: string }
  changePin: { current_pin: string; new_pin: string }
  forgotPin: PinContact
  verifyOtp: PinContact & { otp_code: string; session_id: string }
  resetPin: { session_id: string; new_pin: string }
}

/** The operations with an earlier request form (refund and payout before release 1.4.0). */
type EarlierFormOperation = keyof typeof EARLIER_FORMS

/**
 * What a request of an operation carries in its current form: the contract's request type of a gateway
 * operation (transaction detail: its query parameters, or the POST body that may carry them instead), the
 * PIN module's body; `never` for an operation without one (list stores, balance inquiry).
 *
 * @example
 * ```ts
 * const body: CurrentRequestBody<'refundOrder'> = { orderId: 1001, refundAmount: 2.5 }
 * ```
 */
export type CurrentRequestBody<Id extends ServiceOperation> = Id extends PinOperation
  ? PinRequestBodies[Id]
  : Id extends 'transactionDetail'
    ? OperationRequest<'transactionDetail'> | z.input<typeof transactionDetailBodySchema>
    : Id extends GatewayOperation
      ? Exclude<OperationRequest<Id>, undefined>
      : never

/**
 * The earlier (snake_case, unsigned) request form of refund and payout.
 *
 * @example
 * ```ts
 * const body: EarlierRequestBody<'refundOrder'> = { order_id: '1001', amount: 2.5 }
 * ```
 */
export type EarlierRequestBody<Id extends EarlierFormOperation> = z.input<(typeof EARLIER_FORMS)[Id]['request']>

/**
 * The body of a request of `Id` in either form it may come in: what a matcher's expected body is checked
 * against.
 *
 * @example
 * ```ts
 * const either: RequestBody<'payout'> = { account_id: '100200300', amount: 5, currency: 'USD' } // earlier form
 * ```
 */
export type RequestBody<Id extends ServiceOperation> =
  | CurrentRequestBody<Id>
  | (Id extends EarlierFormOperation ? EarlierRequestBody<Id> : never)

/**
 * The form of a call and its body, as a logged call of `Id` holds them: the body as the operation read it once
 * it passed the operation's request schema, in the form the request came in (`current`, or `earlier` for refund
 * and payout), or `null` when the request was refused before that (a fault, authentication, the media type, a
 * body that is not the operation's) or the mock keeps no bodies (option `requestLogBodies: false`).
 *
 * @example
 * ```ts
 * const call: FormAndBody<'refundOrder'> = { form: 'earlier', body: { order_id: '1001', amount: 2.5 } }
 * ```
 */
export type FormAndBody<Id extends ServiceOperation> = Id extends EarlierFormOperation
  ?
      | { form: 'current'; body: CurrentRequestBody<Id> | null }
      | { form: 'earlier'; body: EarlierRequestBody<Id> | null }
      | { form: null; body: null }
  : { form: null; body: CurrentRequestBody<Id> | null }
