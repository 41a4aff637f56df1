/**
 * @module route-methods
 * Which methods each path of the service takes, for the `Allow` header of a 405: the gateway's and the
 * PIN module's routes (POST; transaction detail GET and POST).
 */
import { GATEWAY_PATHS, PIN_PATHS } from '@merchant-gateway/contract'

const METHODS: ReadonlyMap<string, string> = new Map([
  ...[...Object.values(GATEWAY_PATHS), ...Object.values(PIN_PATHS)].map((path) => [path, 'POST'] as const),
  [GATEWAY_PATHS.transactionDetail, 'GET, POST'],
])

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
