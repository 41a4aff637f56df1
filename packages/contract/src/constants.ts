/**
 * The contract's constants without its schemas (no zod): paths, headers, limits, currencies, error
 * codes and the PIN module's wire contract. A browser bundle that needs only these stays small.
 *
 * @module \@merchant-gateway/contract/constants
 */
export { CURRENCIES, CURRENCY_DECIMALS, isCurrency, type Currency } from './currency.js'
export { GATEWAY_PATHS, PIN_PATHS, SIGNED_OPERATIONS, type GatewayOperation, type PinOperation } from './paths.js'
export { HEADERS, type HeaderName } from './headers.js'
export { LIMITS } from './limits.js'
export { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes.js'
export { PIN_ERROR_CODES, PIN_MESSAGES, PIN_RULES, type PinErrorCode } from './pin.js'
