/**
 * @module webhooks/payload
 * Checks that a parsed body is a webhook payload, as the gateway documents it, by hand, without zod, so the
 * `/webhooks` entry stays small. The rules match the contract's `webhookPayloadSchema`.
 */
import type { WebhookPayload } from '@merchant-gateway/contract'
import { isCurrency } from '@merchant-gateway/contract/constants'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value)

/**
 * The `createTimeMilli` of a parsed body, or undefined when it is not a non-negative integer.
 * The only field read before the signature is checked (it is part of the signed message).
 *
 * @example
 * ```ts
 * readCreateTimeMilli({ createTimeMilli: 1793610000000 }) // 1793610000000
 * ```
 */
export function readCreateTimeMilli(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined
  const time = value.createTimeMilli
  return isInt(time) && time >= 0 ? time : undefined
}

/**
 * The first field of `value` that breaks the payload rules (as `field: expected`), or undefined when it is
 * a webhook payload. Unknown fields are allowed.
 *
 * @example
 * ```ts
 * payloadProblem({ ...payload, amount: '5' }) // 'amount: a number'
 * ```
 */
export function payloadProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'the body: a JSON object'
  const v = value
  if (typeof v.accountName !== 'string') return 'accountName: a string'
  if (typeof v.accountNumber !== 'string') return 'accountNumber: a string'
  if (typeof v.amount !== 'number' || !Number.isFinite(v.amount)) return 'amount: a number'
  if (!isInt(v.appId)) return 'appId: an integer'
  if (readCreateTimeMilli(v) === undefined) return 'createTimeMilli: a non-negative integer'
  if (typeof v.currency !== 'string' || !isCurrency(v.currency)) return 'currency: a supported currency code'
  if (!isInt(v.orderId) || v.orderId <= 0) return 'orderId: a positive integer'
  if (typeof v.status !== 'string') return 'status: a string'
  if (!isInt(v.transactionId) || v.transactionId <= 0) return 'transactionId: a positive integer'
  return undefined
}

/**
 * Narrows `value` to a {@link WebhookPayload} when it has every field of the payload with its type.
 *
 * @example
 * ```ts
 * if (isWebhookPayload(JSON.parse(text))) ...
 * ```
 */
export function isWebhookPayload(value: unknown): value is WebhookPayload {
  return payloadProblem(value) === undefined
}
