/**
 * @module params
 * A call's parameters checked before anything is sent, against the contract's schemas: the request
 * schema of the operation's table entry (`OPERATION_REQUESTS`), and the contract's id schemas for an id a
 * method takes as a number or as the decimal string the service answers. A refusal names the parameter as
 * the merchant wrote it, says the rule (each field's schema carries it) and shows the value received
 * (`amount must be greater than 0, got -5`).
 *
 * What no schema can say stays here: a refund's amount, whose currency is its order's (unknown to the
 * client), the idempotency key (a header) and the API secret a signed call needs.
 */
import {
  CURRENCIES,
  CURRENCY_DECIMALS,
  checkAmount,
  decimalIdSchema,
  describeIssues,
  integerIdSchema,
  LIMITS,
} from '@merchant-gateway/contract'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { ClientValidationError } from '../errors/classes.js'
import { kindOf, show } from '../internal/show.js'
import type { PublicCall } from './operation.js'

/** zod/mini's message of an issue whose schema says nothing of its own. */
const NO_TEXT = 'Invalid input'

/**
 * The request, checked against its schema; a refusal names the first problem's parameter.
 *
 * @example
 * ```ts
 * checkRequest(OPERATION_REQUESTS.refundOrder, { orderId: 1024, refundAmount: -5 }, {
 *   method: 'refunds.create',
 *   params: { refundAmount: 'amount' },
 * })
 * // throws: amount must be greater than 0, got -5
 * ```
 */
export function checkRequest(schema: StandardSchemaV1, body: unknown, call: PublicCall): void {
  const result = schema['~standard'].validate(body)
  if (result instanceof Promise) throw new Error('contract schemas validate synchronously')
  const issue = result.issues?.[0]
  if (issue === undefined) return
  const segment = issue.path?.[0]
  const field = typeof segment === 'object' ? segment.key : segment
  const text = issue.message === NO_TEXT ? describeIssues({ issues: [issue] }, body) : issue.message
  if (typeof field !== 'string') throw new ClientValidationError(`${call.method}: ${text}`)
  const name = call.params?.[field] ?? field
  const value = (body as Record<string, unknown>)[field]
  // A rule may name its field itself (`amount must have at most 2 decimal places for USD`).
  const rule = text.startsWith(`${field} `) ? text.slice(field.length + 1) : text.replace(`${field}: `, '')
  throw new ClientValidationError(`${name} ${rule}, got ${show(value)}`)
}

/**
 * An id given as a number or, where `decimalString`, as the decimal string the service answers
 * (`order.order_id`), as a number; the contract's id schemas decide what is valid, and a refusal states the one
 * rule the id breaks: digits, no leading zero, greater than 0, at most `Number.MAX_SAFE_INTEGER`.
 *
 * @example
 * ```ts
 * idParam('1024', 'orderId', true)        // 1024
 * idParam(2.5, 'orderId', true)           // throws: orderId must be a positive integer, got 2.5
 * idParam('01001', 'orderId', true)       // throws: orderId must be written without leading zeros, got "01001"
 * idParam(2 ** 60, 'transactionId', true) // throws: transactionId must be at most 9007199254740991, got ...
 * ```
 */
export function idParam(value: unknown, name: string, decimalString: boolean): number {
  const schema: StandardSchemaV1 = decimalString && typeof value === 'string' ? decimalIdSchema : integerIdSchema
  const result = schema['~standard'].validate(value)
  if (result instanceof Promise) throw new Error('contract schemas validate synchronously')
  if (result.issues === undefined) return Number(result.value)
  const rule = result.issues[0]!.message
  throw new ClientValidationError(
    `${name} ${rule === NO_TEXT ? 'must be a positive integer' : rule}, got ${show(value)}`,
  )
}

/**
 * An amount whose currency the SDK does not know yet (a refund takes its order's currency): finite,
 * positive, within the maximum, and at most the largest number of decimals of any currency.
 *
 * @example
 * ```ts
 * checkMoneyAnyCurrency(2.505, 'amount') // throws: ... at most 2 decimal places (USD), got 2.505; ...
 * ```
 */
export function checkMoneyAnyCurrency(amount: unknown, field: string): number {
  // Valid in some currency is enough here (a KHR order may exceed the USD maximum); the gateway applies the order's.
  if (CURRENCIES.some((currency) => checkAmount(amount, currency).ok)) return amount as number
  const widest = CURRENCIES.reduce((a, b) => (CURRENCY_DECIMALS[a] >= CURRENCY_DECIMALS[b] ? a : b))
  const result = checkAmount(amount, widest)
  if (!result.ok) {
    const rule = result.message.replace(/^amount\b/, field)
    const forWidest = ` for ${widest}`
    throw new ClientValidationError(
      rule.endsWith(forWidest)
        ? `${rule.slice(0, -forWidest.length)} (${widest}), got ${show(amount)}; the order's currency may allow fewer`
        : `${rule}, got ${show(amount)}`,
    )
  }
  return amount as number
}

/**
 * An idempotency key of 1 to 255 characters.
 *
 * @example
 * ```ts
 * checkIdempotencyKey('') // throws: idempotencyKey must be a string of 1 to 255 characters (a UUID is best), got 0
 * ```
 */
export function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > LIMITS.idempotencyKeyMaxLength) {
    const length = typeof key === 'string' ? key.length : typeof key
    throw new ClientValidationError(
      `idempotencyKey must be a string of 1 to ${LIMITS.idempotencyKeyMaxLength} ` +
        `characters (a UUID is best), got ${length}`,
    )
  }
  return key
}

/**
 * The API secret a signed call needs; the refusal names the method the merchant called.
 *
 * @example
 * ```ts
 * requireSecret(undefined, 'refunds.create') // throws: refunds.create needs apiSecret: pass it to ...
 * ```
 */
export function requireSecret(secret: string | undefined, method: string): string {
  if (typeof secret !== 'string' || secret === '') {
    throw new ClientValidationError(
      `${method} needs apiSecret: pass it to the GatewayClient (from the ` +
        `API configuration screen of the merchant app), got ${kindOf(secret)}`,
    )
  }
  return secret
}
