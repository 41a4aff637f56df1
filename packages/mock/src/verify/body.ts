/**
 * @module verify/body
 * Reading an answer's JSON body the way every verify rule does: parsed or not, its payload (the data of an
 * envelope or of the PIN module's envelope, else the body itself), and where two bodies differ leaf by leaf.
 */

/** What {@link parseJson} returns for a body that is not JSON. */
export const NOT_JSON: unique symbol = Symbol('not JSON')

/**
 * The parsed body, or {@link NOT_JSON}.
 *
 * @example
 * ```ts
 * parseJson('{"a":1}') // { a: 1 }
 * parseJson('<html>')  // NOT_JSON
 * ```
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return NOT_JSON
  }
}

/**
 * Whether `value` is a JSON object (not an array, not null).
 *
 * @example
 * ```ts
 * isObject({}) // true
 * isObject([]) // false
 * ```
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The payload of a body: the `data` of the envelope `{statusCode, message, data, traceId}` or of the PIN module's
 * envelope `{status_code, message, data}`, else the body itself (a bare body).
 *
 * @example
 * ```ts
 * payloadOf({ statusCode: 200, message: 'OK', data: { usd: {} }, traceId: 't' }) // { usd: {} }
 * payloadOf({ order_id: '1' })                                                   // { order_id: '1' }
 * ```
 */
export function payloadOf(body: unknown): unknown {
  if (isObject(body) && 'data' in body && ('statusCode' in body || 'status_code' in body)) return body.data
  return body
}

/** Fields that name a request, not its result: a replayed answer may carry the new request's. */
const TRACE_FIELDS = new Set(['traceId', 'request_id'])

/**
 * The paths where two JSON values differ, leaf by leaf (`data.transactionId: 1001, then 1002`), at most
 * `limit`; trace ids (`traceId`, `request_id`) are not compared.
 *
 * @example
 * ```ts
 * differencesOf({ data: { id: 1 }, traceId: 'a' }, { data: { id: 2 }, traceId: 'b' }) // ['data.id: 1, then 2']
 * ```
 */
export function differencesOf(first: unknown, then: unknown, limit = 3): string[] {
  const out: string[] = []
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length >= limit) return
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (!TRACE_FIELDS.has(key)) walk(a[key], b[key], path === '' ? key : `${path}.${key}`)
      }
    } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      for (const [i, item] of a.entries()) walk(item, b[i], `${path}[${i}]`)
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      out.push(`${path || '(body)'}: ${show(a)}, then ${show(b)}`)
    }
  }
  walk(first, then, '')
  return out
}

const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value))
