/**
 * The merchant payment gateway SDK: {@link GatewayClient} and its typed errors.
 *
 * @module \@merchant-gateway/sdk
 */
export { GatewayClient } from './gateway-client.js'
export { VERSION } from './version.js'
export type { GatewayClientOptions, RequestOptions } from './client/options.js'
export type { ClientHooks, ObservabilityOptions } from './http/options.js'
export type { Logger, AttemptLog } from './http/logger.js'
export type { DeprecationWarningHandler, DeprecationWarningContext } from './http/deprecation.js'
export type { ResponseMeta, WithMeta } from './client/metadata.js'
export type { OrderCreateParams, OrderCancelParams } from './resources/orders.js'
export type { QrCodeCreateParams } from './resources/qr-codes.js'
export type { RefundCreateParams } from './resources/refunds.js'
export type { PayoutCreateParams } from './resources/payouts.js'
export type { Stores } from './resources/stores.js'
export type { Balance } from './resources/balance.js'
export type { Orders } from './resources/orders.js'
export type { QrCodes } from './resources/qr-codes.js'
export type { Transactions } from './resources/transactions.js'
export type { Refunds } from './resources/refunds.js'
export type { Payouts } from './resources/payouts.js'
export type { APIResource } from './resources/resource.js'
export {
  GatewayError,
  type GatewayErrorInit,
  InvalidRequestError,
  ClientValidationError,
  AuthenticationError,
  NotFoundError,
  IdempotencyError,
  IdempotencyKeyInUseError,
  IdempotencyKeyMismatchError,
  IdempotencyKeyMissingError,
  RateLimitError,
  ServerError,
  ConnectionError,
  RequestTimeoutError,
  RequestAbortedError,
  ResponseValidationError,
  errorFromResponse,
  type ErrorResponse,
  isGatewayError,
  isInvalidRequestError,
  isAuthenticationError,
  isNotFoundError,
  isIdempotencyError,
  isRateLimitError,
  isServerError,
  isConnectionError,
  isRequestTimeoutError,
  isRequestAbortedError,
  isResponseValidationError,
} from './errors/index.js'
export type {
  Balance as BalanceData,
  CancelResult,
  Currency,
  CurrencyBalance,
  Order,
  PayoutResult,
  QrCode,
  RefundResult,
  Store,
  Transaction,
} from '@merchant-gateway/contract'
