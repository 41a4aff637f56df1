/**
 * @module verify/values
 * The values of one answer that the contract fixes and no schema holds, each read against the contract
 * package's own constants: `statusCode` (and the PIN module's `status_code`) equal to the HTTP status; the
 * closed sets (order and transaction statuses, a new order's `pending`, a cancelled order's `cancelled`, the
 * error codes of the gateway and of the PIN module, the status name of a status-style error); the documented
 * durations (an OTP session's 600 seconds, the lockout's minute) within {@link DURATION_TOLERANCE};
 * `Content-Type: application/json`; ISO 8601 UTC where the contract says UTC; amounts with no more decimals
 * than their currency has, and a balance's `usable` equal to `balance` minus `freeze`.
 */
import {
  CURRENCIES,
  CURRENCY_DECIMALS,
  type Currency,
  ERROR_CODES,
  type GatewayOperation,
  isCurrency,
  isUtcTimestamp,
  JSON_MEDIA_TYPE,
  ORDER_STATUSES,
  type OrderStatus,
  PIN_ERROR_CODES,
  PIN_RULES,
  STATUS_NAMES,
  toMinorUnits,
  TRANSACTION_STATUSES,
  UTC_TIMESTAMP_FIELDS,
} from '@merchant-gateway/contract'
import { isObject, NOT_JSON, parseJson, payloadOf } from './body.js'
import type { Observation } from './observation.js'

/**
 * How far a documented duration may be off and still count as the documented one: a tenth of it (a QR code's
 * 30 minutes within 3, an OTP session's 600 seconds within 60, the lockout's minute within 6 seconds). The
 * service writes "typically" of the QR code, and a clock read twice is never read at the same instant.
 *
 * @example
 * ```ts
 * Math.abs(actualMs - LIMITS.qrValidityMs) <= LIMITS.qrValidityMs * DURATION_TOLERANCE
 * ```
 */
export const DURATION_TOLERANCE = 0.1

/**
 * Whether `actual` is the documented duration `documented` within {@link DURATION_TOLERANCE}.
 *
 * @example
 * ```ts
 * withinTolerance(1_790_000, 1_800_000) // true
 * withinTolerance(900_000, 1_800_000)   // false
 * ```
 */
export function withinTolerance(actual: number, documented: number): boolean {
  return Math.abs(actual - documented) <= documented * DURATION_TOLERANCE
}

/**
 * A duration for people: seconds up to two minutes, minutes (to a tenth) beyond.
 *
 * @example
 * ```ts
 * duration(1_800_000) // '30 min'
 * duration(900_012)   // '15 min'
 * duration(6_000)     // '6 s'
 * ```
 */
export function duration(ms: number): string {
  if (Math.abs(ms) < 120_000) return `${Math.round(ms / 1000)} s`
  return `${(ms / 60_000).toFixed(1).replace(/\.0$/, '')} min`
}

/**
 * Where one answer breaks a value the contract fixes, one line each (empty when it keeps them all, or when
 * there was no answer).
 *
 * @example
 * ```ts
 * valueFindings({ check: 'list stores', operation: 'listStores', answer })
 * // ['statusCode 201 where the HTTP status is 200']
 * ```
 */
export function valueFindings(observation: Observation): string[] {
  const { answer } = observation
  if (answer.status === 0) return []
  const out = answer.text.trim() === '' ? [] : contentTypeFindings(answer.headers)
  const body = parseJson(answer.text)
  if (body === NOT_JSON) return out
  const pin = observation.pinOperation !== undefined
  out.push(...statusCodeFindings(body, answer.status), ...codeFindings(body, answer.status, pin))
  const success = answer.status >= 200 && answer.status <= 299
  if (success && observation.operation !== undefined) {
    out.push(...successFindings(payloadOf(body), observation.operation))
  }
  if (pin) out.push(...pinDurationFindings(body, success, observation.pinOperation))
  return out
}

function contentTypeFindings(headers: Headers): string[] {
  const type = headers.get('Content-Type')
  const media = type?.split(';')[0]?.trim().toLowerCase()
  return media === JSON_MEDIA_TYPE ? [] : [`Content-Type ${type ?? '(none)'} where the contract has ${JSON_MEDIA_TYPE}`]
}

/** The envelope's and a status-style error's `statusCode`, and the PIN envelope's `status_code`: the HTTP status. */
function statusCodeFindings(body: unknown, status: number): string[] {
  if (!isObject(body)) return []
  const out: string[] = []
  const enveloped = 'data' in body || typeof body.error === 'string'
  if (enveloped && typeof body.statusCode === 'number' && body.statusCode !== status)
    out.push(`statusCode ${body.statusCode} where the HTTP status is ${status}`)
  if ('message' in body && typeof body.status_code === 'number' && body.status_code !== status)
    out.push(`status_code ${body.status_code} where the HTTP status is ${status}`)
  return out
}

const GATEWAY_CODES: readonly string[] = Object.values(ERROR_CODES)
const PIN_CODES: readonly string[] = Object.values(PIN_ERROR_CODES)

/** Error codes from the contract's closed lists; a status-style error's `error`, the name of its status. */
function codeFindings(body: unknown, status: number, pin: boolean): string[] {
  if (!isObject(body)) return []
  const [codes, whose] = pin ? [PIN_CODES, "the PIN module's"] : [GATEWAY_CODES, "the gateway's"]
  const out: string[] = []
  if (isObject(body.error) && typeof body.error.code === 'string' && !codes.includes(body.error.code))
    out.push(`error code ${JSON.stringify(body.error.code)} is not one of ${whose} error codes`)
  if (pin && typeof body.code === 'string' && !PIN_CODES.includes(body.code))
    out.push(`code ${JSON.stringify(body.code)} is not one of ${whose} error codes`)
  const name = STATUS_NAMES[status]
  if (typeof body.error === 'string' && 'statusCode' in body && name !== undefined && body.error !== name)
    out.push(`error ${JSON.stringify(body.error)} where the name of status ${status} is ${JSON.stringify(name)}`)
  return out
}

/** A new order's state, and a cancelled order's: values from the contract's list of order states. */
const NEW_ORDER: OrderStatus = 'pending'
const CANCELLED_ORDER: OrderStatus = 'cancelled'

/** The data of a success: its states, its UTC timestamps, its amounts. */
function successFindings(data: unknown, operation: GatewayOperation): string[] {
  const out: string[] = []
  if (isObject(data)) {
    for (const field of UTC_TIMESTAMP_FIELDS[operation]) {
      const value = data[field]
      if (typeof value === 'string' && !isUtcTimestamp(value))
        out.push(`${field} ${JSON.stringify(value)} is not an ISO 8601 UTC timestamp (with Z)`)
    }
    out.push(...stateFindings(data, operation))
  }
  out.push(...amountFindings(data, ''))
  return out
}

function stateFindings(data: Record<string, unknown>, operation: GatewayOperation): string[] {
  const status = data.status
  if (typeof status !== 'string') return []
  const among = (list: readonly string[], what: string) =>
    list.includes(status) ? [] : [`status ${JSON.stringify(status)} is not one of the ${what} (${list.join(', ')})`]
  if (operation === 'transactionDetail') return among(TRANSACTION_STATUSES, 'transaction states')
  if (operation === 'createOrder' && status !== NEW_ORDER)
    return [
      ...among(ORDER_STATUSES, 'order states'),
      `status ${JSON.stringify(status)} where a new order is ${NEW_ORDER}`,
    ]
  if (operation === 'cancelOrder' && status !== CANCELLED_ORDER)
    return [
      ...among(ORDER_STATUSES, 'order states'),
      `status ${JSON.stringify(status)} where a cancelled order is ${CANCELLED_ORDER}`,
    ]
  return []
}

/**
 * Every amount with its currency (`{amount, currency}`) and every balance (`usd: {balance, freeze, usable}`),
 * at any depth: no more decimals than the currency has, and `usable` equal to `balance` minus `freeze`.
 */
function amountFindings(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => amountFindings(item, `${path}[]`))
  if (!isObject(value)) return []
  const at = (key: string) => (path === '' ? key : `${path}.${key}`)
  const out: string[] = []
  if (typeof value.amount === 'number' && isCurrency(value.currency))
    out.push(...precision(value.amount, value.currency, at('amount')))
  for (const currency of CURRENCIES) {
    const balance = value[currency.toLowerCase()]
    if (isObject(balance)) out.push(...balanceFindings(balance, currency, at(currency.toLowerCase())))
  }
  for (const [key, inner] of Object.entries(value)) {
    if (isObject(inner) || Array.isArray(inner)) {
      if (!CURRENCIES.some((c) => c.toLowerCase() === key)) out.push(...amountFindings(inner, at(key)))
    }
  }
  return out
}

function precision(amount: number, currency: Currency, path: string): string[] {
  if (toMinorUnits(amount, currency) !== undefined) return []
  const decimals = CURRENCY_DECIMALS[currency]
  return [`${path} ${amount} has more decimals than ${currency} has (${decimals})`]
}

function balanceFindings(balance: Record<string, unknown>, currency: Currency, path: string): string[] {
  const out: string[] = []
  const minor: Record<string, number | undefined> = {}
  for (const key of ['balance', 'freeze', 'usable']) {
    const amount = balance[key]
    if (typeof amount !== 'number') continue
    out.push(...precision(amount, currency, `${path}.${key}`))
    minor[key] = toMinorUnits(amount, currency)
  }
  const { balance: total, freeze, usable } = minor
  if (total !== undefined && freeze !== undefined && usable !== undefined && usable !== total - freeze)
    out.push(`${path}.usable ${balance.usable} is not balance ${balance.balance} minus freeze ${balance.freeze}`)
  return out
}

/** An OTP session's lifetime (forgot-pin's `expires_at`, in seconds) and the lockout's minute. */
function pinDurationFindings(body: unknown, success: boolean, operation: Observation['pinOperation']): string[] {
  const data = payloadOf(body)
  if (!isObject(data) || !isObject(body)) return []
  const out: string[] = []
  const otpMs = PIN_RULES.otpSessionSeconds * 1000
  if (success && operation === 'forgotPin' && typeof data.expires_at === 'number') {
    if (!withinTolerance(data.expires_at * 1000, otpMs))
      out.push(`expires_at ${data.expires_at} where an OTP session lasts ${duration(otpMs)} (within ${tenth(otpMs)})`)
  }
  const blockMs = PIN_RULES.blockSeconds * 1000
  const retry = data.retry_after_seconds
  if (body.code === PIN_ERROR_CODES.pin_locked && typeof retry === 'number') {
    if (!(retry > 0 && retry * 1000 <= blockMs * (1 + DURATION_TOLERANCE)))
      out.push(`retry_after_seconds ${retry} where a block lasts ${duration(blockMs)} (within ${tenth(blockMs)})`)
  }
  return out
}

const tenth = (ms: number) => duration(ms * DURATION_TOLERANCE)
