/**
 * The contract's constants without its schemas (no zod): paths, headers, limits, currencies, error
 * codes and the PIN module's wire contract. A browser bundle that needs only these stays small.
 *
 * @module \@merchant-gateway/contract/constants
 */
export { CURRENCIES, CURRENCY_DECIMALS, isCurrency, type Currency } from './currency.js'
export {
  ANY_OPERATION_REFUSALS,
  GATEWAY_OPERATIONS,
  GATEWAY_PATHS,
  PIN_PATHS,
  type GatewayOperation,
  type PinOperation,
  OPERATIONS,
  PIN_MESSAGES,
  PIN_OPERATIONS,
  SIGNED_OPERATIONS,
  type Authentication,
  type OperationDescription,
  type OperationId,
  type RefusalCode,
  type RefusalCodeAt,
  type Refusals,
  type RequestCarrier,
  type ResponseStyle,
  type RetrySafety,
} from './operations.js'
export { HEADERS, JSON_MEDIA_TYPE, type HeaderName } from './headers.js'
export { LIMITS } from './limits.js'
export { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes.js'
export { isUtcTimestamp, UTC_TIMESTAMP_FIELDS } from './timestamps.js'
export { duration, ordinal, PIN_ERROR_CODES, PIN_RULES, type PinErrorCode } from './pin.js'
