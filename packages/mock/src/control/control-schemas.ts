/**
 * @module control-schemas
 * The inputs the control API takes, in-process and over HTTP alike: each is checked for shape here
 * (types, known fields, ranges a date or a timer can hold) before the domain checks the rules (amount
 * decimals, URL form, payable order...). Unknown fields are refused, naming them: a misspelt `webhookURL`
 * would otherwise be ignored in silence and the test would puzzle over a missing delivery.
 */
import * as z from 'zod/mini'
import { nearestWord } from '../nearest-word.js'
import { RuleError } from '../domain/rule-error.js'
import { SERVICE_OPERATIONS, type ServiceOperation } from '../http/request-bodies.js'
import type { RequestLogFilter } from '../http/request-log.js'

const money = z.number().check(z.refine(Number.isFinite, 'must be a finite number'))
const positiveId = z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))
/** A positive id written in decimal, as the gateway's answers write order ids (`"1001"`); at most 15 digits. */
const decimalId = z
  .string()
  .check(z.regex(/^[1-9]\d{0,14}$/, { error: 'must be a positive whole number, or one written in decimal ("1001")' }))
const text = z.string()

/** The longest a stale webhook's timestamp may lie in the past: a year, in seconds. */
const MAX_STALE_SECONDS = 365 * 24 * 60 * 60
/** At most this many firings for one fault (else `"always"`). */
const MAX_FAULT_TIMES = 1_000_000

/**
 * `POST /__mock/merchants`.
 *
 * @example
 * ```ts
 * createMerchantBody.parse({ name: 'Riverside Coffee', balances: { usd: 100 }, webhookUrl: 'http://127.0.0.1:8080/webhooks' })
 * ```
 */
export const createMerchantBody = z.strictObject({
  name: z.optional(text),
  apiKey: z.optional(text.check(z.minLength(1))),
  apiSecret: z.optional(text.check(z.minLength(1))),
  appId: z.optional(positiveId),
  balances: z.optional(z.strictObject({ usd: z.optional(money), khr: z.optional(money) })),
  webhookUrl: z.optional(z.nullable(text)),
})

/**
 * `PATCH /__mock/merchants/{merchantId}`.
 *
 * @example
 * ```ts
 * updateMerchantBody.parse({ webhookUrl: 'http://127.0.0.1:3000/webhooks' })
 * ```
 */
export const updateMerchantBody = z.strictObject({ name: z.optional(text), webhookUrl: z.optional(z.nullable(text)) })

/**
 * `POST /__mock/merchants/{merchantId}/stores`.
 *
 * @example
 * ```ts
 * addStoreBody.parse({ storeName: 'Riverside', address: '1 Main St' })
 * ```
 */
export const addStoreBody = z.strictObject({ storeName: text, address: text })

/**
 * `PATCH /__mock/merchants/{merchantId}/stores/{storeId}`.
 *
 * @example
 * ```ts
 * updateStoreBody.parse({ storeName: 'Riverside North' })
 * ```
 */
export const updateStoreBody = z.strictObject({ storeName: z.optional(text), address: z.optional(text) })

/**
 * `POST /__mock/merchants/{merchantId}/accounts`.
 *
 * @example
 * ```ts
 * addAccountBody.parse({ accountNumber: '100200300', accountName: 'Riverside Ltd', failAtSettlement: true })
 * ```
 */
export const addAccountBody = z.strictObject({
  accountNumber: text,
  accountName: text,
  failAtSettlement: z.optional(z.boolean()),
})

/**
 * `POST /__mock/payments`: which order or QR code the customer pays, and how it goes.
 *
 * @example
 * ```ts
 * reportPaymentBody.parse({ orderId: 1001, status: 'SUCCESS', payer: { accountName: 'Dara Sok',
 *   accountNumber: '012345678' } })
 * ```
 */
export const reportPaymentBody = z.strictObject({
  // As create order answers it (`"1001"`), or as a number: a test passes `order.order_id` on as it came.
  orderId: z.optional(z.union([positiveId, decimalId])),
  qrData: z.optional(text),
  status: z.enum(['SUCCESS', 'FAILED', 'PENDING']),
  payer: z.optional(z.strictObject({ accountName: text, accountNumber: text })),
})

/**
 * `POST /__mock/clock`: exactly one of `now` (ISO 8601), `advanceMs` and `businessDays` (the same time of
 * day that many business days later).
 *
 * @example
 * ```ts
 * setClockBody.parse({ advanceMs: 86_400_000 })
 * setClockBody.parse({ businessDays: 3 })
 * ```
 */
export const setClockBody = z
  .strictObject({
    now: z.optional(text),
    advanceMs: z.optional(z.number()),
    businessDays: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(3650))),
  })
  .check(
    z.refine(
      (body) => [body.now, body.advanceMs, body.businessDays].filter((v) => v !== undefined).length === 1,
      'give exactly one of now (ISO 8601), advanceMs and businessDays',
    ),
  )

/**
 * `GET /__mock/snapshot?limit=`: without `limit` the complete state (every record, and the state to load
 * back); with one, a glance at the newest `limit` (1 to 500) of each list.
 *
 * @example
 * ```ts
 * snapshotQuery(new URLSearchParams('limit=20')) // { limit: 20 }
 * snapshotQuery(new URLSearchParams('')) // {}: everything
 * ```
 */
export function snapshotQuery(query: URLSearchParams): { limit?: number } {
  const given = query.get('limit')
  for (const key of query.keys()) if (key !== 'limit') throw new RuleError(400, `Unknown query parameter: ${key}`)
  if (given === null) return {}
  const limit = Number(given)
  if (!/^\d+$/.test(given) || limit < 1 || limit > 500) {
    throw new RuleError(400, `limit must be an integer from 1 to 500, got ${JSON.stringify(given)}`)
  }
  return { limit }
}

/**
 * `POST /__mock/users`.
 *
 * @example
 * ```ts
 * createUserBody.parse({ email: 'dara@example.com', emailVerified: true })
 * ```
 */
export const createUserBody = z.strictObject({
  email: z.optional(text),
  emailVerified: z.optional(z.boolean()),
  phone: z.optional(z.strictObject({ phoneCode: text, countryCode: text, phoneNumber: text })),
  phoneVerified: z.optional(z.boolean()),
})

/**
 * `POST /__mock/faults` (the rules of a fault are checked by the fault registry).
 *
 * @example
 * ```ts
 * addFaultBody.parse({ route: 'POST /api/v1/payment-gateway/order/refund', kind: 'drop-response' })
 * ```
 */
export const addFaultBody = z.strictObject({
  route: text,
  kind: z.enum(['latency', 'error', 'network', 'drop-response']),
  status: z.optional(z.number()),
  delayMs: z.optional(z.number()),
  times: z.optional(
    z.union([
      z.number().check(z.maximum(MAX_FAULT_TIMES, `must be at most ${MAX_FAULT_TIMES}, or "always"`)),
      z.literal('always'),
    ]),
  ),
})

/**
 * `POST /__mock/webhooks/stale-next`.
 *
 * @example
 * ```ts
 * staleNextBody.parse({ seconds: 600 })
 * ```
 */
export const staleNextBody = z.strictObject({
  seconds: z
    .number()
    .check(z.minimum(0), z.maximum(MAX_STALE_SECONDS, `must be at most ${MAX_STALE_SECONDS} (a year)`)),
})

/**
 * Routes that take no body accept an empty one or `{}`, nothing else.
 *
 * @example
 * ```ts
 * emptyBody.parse({})
 * ```
 */
export const emptyBody = z.strictObject({})

/**
 * `POST /__mock/reset` and `mock.reset()`: what happens to the clock (`keep`: where it is; `start`: back
 * to where it started).
 *
 * @example
 * ```ts
 * resetBody.parse({ clock: 'start' })
 * ```
 */
export const resetBody = z.strictObject({ clock: z.optional(z.enum(['keep', 'start'])) })

/**
 * `mock.requests.list(filter)` in-process (over HTTP the query string, see {@link requestLogQuery}).
 *
 * @example
 * ```ts
 * requestLogFilter.parse({ path: '/order/refund', status: '4xx', limit: 20 })
 * ```
 */
export const requestLogFilter = z.strictObject({
  method: z.optional(text),
  path: z.optional(text),
  status: z.optional(
    z.union([z.number().check(z.int(), z.minimum(100), z.maximum(599)), z.enum(['1xx', '2xx', '3xx', '4xx', '5xx'])]),
  ),
  merchantId: z.optional(positiveId),
  withWarnings: z.optional(z.boolean()),
  afterSeq: z.optional(z.number().check(z.int(), z.nonnegative())),
  limit: z.optional(z.number().check(z.int(), z.positive())),
  operation: z.optional(
    text.check(z.refine(isServiceOperation, { error: (issue) => unknownOperation(String(issue.input)) })),
  ),
})

function isServiceOperation(name: string): name is ServiceOperation {
  return (SERVICE_OPERATIONS as readonly string[]).includes(name)
}

/**
 * Why a name is no operation of the service: with the operation it most likely misspells, or the list of them.
 *
 * @example
 * ```ts
 * unknownOperation('refundOrdr') // '"refundOrdr" is not an operation of the service; did you mean refundOrder?'
 * ```
 */
function unknownOperation(name: string): string {
  const shown = JSON.stringify(name.slice(0, 40))
  const nearest = nearestWord(name, SERVICE_OPERATIONS)
  return nearest === undefined
    ? `${shown} is not an operation of the service; the operations: ${SERVICE_OPERATIONS.join(', ')}`
    : `${shown} is not an operation of the service; did you mean ${nearest}?`
}

const QUERY_FIELDS = [
  'method',
  'path',
  'status',
  'merchantId',
  'withWarnings',
  'afterSeq',
  'limit',
  'operation',
] as const

/**
 * `GET /__mock/requests?...`: the query of the request log, every parameter optional, each given once.
 * Unknown parameters are refused, as unknown body fields are.
 *
 * @example
 * ```ts
 * requestLogQuery(new URLSearchParams('path=/order/refund&status=4xx&limit=20'))
 * // { path: '/order/refund', status: '4xx', limit: 20 }
 * ```
 */
export function requestLogQuery(query: URLSearchParams): RequestLogFilter {
  const unknown = [...new Set(query.keys())].filter((key) => !(QUERY_FIELDS as readonly string[]).includes(key))
  if (unknown.length > 0)
    throw new RuleError(400, `Unknown query parameter(s): ${unknown.join(', ')}; known: ${QUERY_FIELDS.join(', ')}`)
  const one = (name: (typeof QUERY_FIELDS)[number]): string | undefined => {
    const values = query.getAll(name)
    if (values.length > 1) throw new RuleError(400, `${name} must be given once`)
    return values[0]
  }
  const count = (name: 'merchantId' | 'afterSeq' | 'limit', min: number): number | undefined => {
    const raw = one(name)
    if (raw === undefined) return undefined
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min)
      throw new RuleError(400, `${name} must be an integer >= ${min}, got ${JSON.stringify(raw.slice(0, 40))}`)
    return Number(raw)
  }
  const filter: RequestLogFilter = {}
  const method = one('method')
  if (method !== undefined) {
    if (!/^[A-Za-z]{1,16}$/.test(method))
      throw new RuleError(400, `method must be an HTTP method name, got ${JSON.stringify(method.slice(0, 40))}`)
    filter.method = method
  }
  const path = one('path')
  if (path !== undefined) filter.path = path
  const status = one('status')
  if (status !== undefined) {
    if (/^[1-5]xx$/.test(status)) filter.status = status as RequestLogFilter['status']
    else if (/^[1-5]\d\d$/.test(status)) filter.status = Number(status)
    else
      throw new RuleError(
        400,
        `status must be a status (404) or a class (4xx), got ${JSON.stringify(status.slice(0, 40))}`,
      )
  }
  const withWarnings = one('withWarnings')
  if (withWarnings !== undefined) {
    if (withWarnings !== 'true' && withWarnings !== 'false')
      throw new RuleError(400, `withWarnings must be true or false, got ${JSON.stringify(withWarnings.slice(0, 40))}`)
    filter.withWarnings = withWarnings === 'true'
  }
  const merchantId = count('merchantId', 1)
  if (merchantId !== undefined) filter.merchantId = merchantId
  const afterSeq = count('afterSeq', 0)
  if (afterSeq !== undefined) filter.afterSeq = afterSeq
  const limit = count('limit', 1)
  if (limit !== undefined) filter.limit = limit
  const operation = one('operation')
  if (operation !== undefined) {
    if (!isServiceOperation(operation)) throw new RuleError(400, `operation ${unknownOperation(operation)}`)
    filter.operation = operation
  }
  return filter
}
