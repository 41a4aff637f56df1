/**
 * Type-level test (checked by `npm run typecheck`; nothing runs): the types openapi-typescript generates
 * from the service's OpenAPI document (openapi-types.generated.ts, written by `npm run openapi`) against
 * what the SDK's methods return. The document comes from the contract and is checked against the mock's
 * live answers by Prism, so the SDK, the mock and the document cannot disagree without this file, the
 * Prism check or the drift check failing.
 *
 * "Equivalent" is assignability both ways: a field the document has and the SDK type lacks (or the other
 * way round), a different type, or a required field made optional all fail. The SDK's results carry a
 * non-enumerable `meta`, which is not part of the wire: the document's body is compared with `meta`
 * added (`AsResult`).
 */
import type { WebhookPayload } from '@merchant-gateway/contract'
import type { ErrorResponse, GatewayClient, ResponseMeta } from '@merchant-gateway/sdk'
import type { PinClient } from '@merchant-gateway/sdk/pin'
import type { components, operations, webhooks } from './openapi-types.generated.js'

type Equivalent<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assignable<From, To> = [From] extends [To] ? true : false
/** Fails to compile unless `T` is `true`. */
function pass<T extends true>(): T {
  return true as T
}

type Json<
  Op extends keyof operations,
  Status extends keyof operations[Op]['responses'] = 200 & keyof operations[Op]['responses'],
> = operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never
type Result<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>
/** A wire body as an SDK result: the body plus the SDK's `meta`. */
type AsResult<Body> = Body & { readonly meta: ResponseMeta }
type Data<T> = T extends { data: infer D } ? D : never
type Schemas = components['schemas']

// --- The gateway: each method's result is the document's answer (the envelope's `data` where enveloped).

pass<Equivalent<Result<GatewayClient['stores']['list']>, AsResult<Data<Json<'listStores'>>>>>()
pass<Equivalent<Result<GatewayClient['balance']['retrieve']>, AsResult<Data<Json<'balanceInquiry'>>>>>()
pass<Equivalent<Result<GatewayClient['orders']['create']>, AsResult<Json<'createOrder'>>>>()
pass<Equivalent<Result<GatewayClient['qrCodes']['create']>, AsResult<Json<'generateQr'>>>>()
pass<Equivalent<Result<GatewayClient['transactions']['retrieve']>, AsResult<Json<'transactionDetailGet'>>>>()
pass<Equivalent<Result<GatewayClient['transactions']['retrieve']>, AsResult<Json<'transactionDetailPost'>>>>()
pass<Equivalent<Result<GatewayClient['orders']['cancel']>, AsResult<Json<'cancelOrder'>>>>()
// Refund and payout answer the envelope (current form) or the earlier bare result; the SDK speaks the
// current form, whose `data` is its result.
pass<Equivalent<Result<GatewayClient['refunds']['create']>, AsResult<Schemas['RefundResponse']['data']>>>()
pass<Equivalent<Result<GatewayClient['payouts']['create']>, AsResult<Schemas['PayoutResponse']['data']>>>()
pass<Assignable<Schemas['RefundResponse'], Json<'refundOrder'>>>()
pass<Assignable<Schemas['PayoutResponse'], Json<'payout'>>>()

// --- The webhook the SDK verifies is the document's.

type DocumentWebhook = webhooks['payment-notification']['post']['requestBody'] extends
  | { content: { 'application/json': infer B } }
  | undefined
  ? B
  : never
pass<Equivalent<WebhookPayload, DocumentWebhook>>()

// --- Error bodies: every error body of the document is something the SDK's ErrorResponse can carry.

pass<Assignable<Schemas['ErrorBody'], ErrorResponse['body']>>()
pass<Assignable<Json<'refundOrder', 422>, Schemas['CodeErrorBody']>>()

// --- The PIN module: the SDK reshapes the envelope (camelCase, `data` flattened); each field it reads
// has the document's type.

pass<Assignable<Json<'setPin'>['message'], Result<PinClient['pin']['set']>['message']>>()
pass<Assignable<Json<'verifyPin'>['message'], Result<PinClient['pin']['verify']>['message']>>()
pass<Assignable<Json<'changePin'>['message'], Result<PinClient['pin']['change']>['message']>>()
pass<Assignable<Json<'forgotPin'>['data']['session_id'], Result<PinClient['pinReset']['request']>['sessionId']>>()
pass<Assignable<Json<'forgotPin'>['data']['expires_at'], Result<PinClient['pinReset']['request']>['expiresIn']>>()
pass<Assignable<Json<'verifyOtp'>['data']['session_id'], Result<PinClient['pinReset']['verifyCode']>['sessionId']>>()
pass<Assignable<Json<'resetPin'>['message'], Result<PinClient['pinReset']['complete']>['message']>>()
