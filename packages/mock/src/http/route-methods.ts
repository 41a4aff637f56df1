/**
 * @module route-methods
 * Which methods each path of the service takes, for the `Allow` header of a 405, from the operation table:
 * the gateway's and the PIN module's routes (POST; transaction detail GET and POST).
 */
import { OPERATIONS } from '@merchant-gateway/contract'

/** Each path's methods, as the operation table serves them. */
const METHODS: ReadonlyMap<string, string> = new Map(OPERATIONS.map((op) => [op.path, op.methods.join(', ')]))

/**
 * The methods a gateway or PIN path takes, as an `Allow` value, or undefined for a path the service does
 * not have.
 *
 * @example
 * ```ts
 * serviceMethods('/api/v1/payment-gateway/payment/transaction-detail') // 'GET, POST'
 * serviceMethods('/nothing') // undefined
 * ```
 */
export function serviceMethods(pathname: string): string | undefined {
  return METHODS.get(pathname)
}
