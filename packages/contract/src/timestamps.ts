/**
 * @module timestamps
 * Which fields of the gateway's answers the service documents as ISO 8601 UTC timestamps, and what a UTC
 * timestamp is on the wire: a date-time with the `Z` designator. The resource schemas accept any ISO 8601
 * date-time with a zone (a client is tolerant); these name the stricter promise the service makes.
 */
import { GATEWAY_OPERATIONS, type GatewayOperation } from './operations.js'

/**
 * The fields of each gateway operation's success data (inside the envelope where there is one) that the
 * service documents as ISO 8601 UTC timestamps, by name: each operation's `timestamps` in the operation table.
 * The earlier refund and payout results' `created_at` is documented as ISO 8601 without the zone, so it is
 * not listed.
 *
 * @example
 * ```ts
 * UTC_TIMESTAMP_FIELDS.generateQr // ['expires_at']
 * ```
 */
export const UTC_TIMESTAMP_FIELDS: Readonly<Record<GatewayOperation, readonly string[]>> =
  /* @__PURE__ */ utcTimestampFields()

function utcTimestampFields(): Readonly<Record<GatewayOperation, readonly string[]>> {
  const fields = Object.values(GATEWAY_OPERATIONS).map((op) => [op.id, op.timestamps] as const)
  return Object.freeze(Object.fromEntries(fields) as Record<GatewayOperation, readonly string[]>)
}

// Date, `T`, time with optional fraction, and `Z`: an offset, even +00:00, is another spelling.
const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/

/**
 * Whether `value` is an ISO 8601 UTC timestamp as the service writes one: a valid date-time ending in `Z`
 * (`2026-03-02T09:00:00Z`, `2026-03-02T09:00:00.123Z`); a date-time with an offset (`+07:00`, `+00:00`) is not.
 *
 * @example
 * ```ts
 * isUtcTimestamp('2026-03-02T09:00:00.000Z')  // true
 * isUtcTimestamp('2026-03-02T16:00:00+07:00') // false
 * ```
 */
export function isUtcTimestamp(value: unknown): value is string {
  return typeof value === 'string' && UTC_TIMESTAMP.test(value) && Number.isFinite(Date.parse(value))
}
