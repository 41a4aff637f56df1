/**
 * The PIN module client, {@link PinClient}, with the errors a PIN screen branches on. It does not pull
 * the gateway client, its schemas or zod: a browser bundle of it, ky included, stays within its budget of
 * 16 kB min+gzip.
 *
 * @example
 * ```ts
 * import { PinClient, isWrongPinError, isPinLockedError } from '@merchant-gateway/sdk/pin'
 *
 * const client = new PinClient({ baseUrl: 'https://api.example.com', accessToken: () => auth.currentAccessToken() })
 * await client.pin.verify({ pin: '012345' })
 * ```
 *
 * @module \@merchant-gateway/sdk/pin
 */
export { PinClient } from './pin-client.js'
export { VERSION } from '../version.js'
export type { ClientHooks, ObservabilityOptions } from '../http/options.js'
export type { Logger, AttemptLog } from '../http/logger.js'
export type { DeprecationWarningHandler, DeprecationWarningContext } from '../http/deprecation.js'
export type { AccessToken, PinClientOptions, PinRequestOptions } from './options.js'
export type { Pin, PinSetParams, PinVerifyParams, PinChangeParams } from './pin.js'
export type { PinReset, PinResetRequestParams, PinResetVerifyCodeParams, PinResetCompleteParams } from './pin-reset.js'
export type { PhoneContact, PinContact } from './validate.js'
export type { PinResult, PinResetRequestResult, PinResetVerifyCodeResult } from './results.js'
export type { ResponseMeta, WithMeta } from '../client/metadata.js'
export { pinErrorFromResponse, type PinErrorResponse } from './error-from-response.js'
export {
  GatewayError,
  type GatewayErrorInit,
  InvalidRequestError,
  ClientValidationError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ConnectionError,
  RequestTimeoutError,
  RequestAbortedError,
  ResponseValidationError,
  WrongPinError,
  PinLockedError,
  PinAlreadySetError,
  PinNotSetError,
  InvalidOtpError,
  ResetSessionError,
  type AttemptsErrorInit,
  type PinLockedErrorInit,
  isGatewayError,
  isInvalidRequestError,
  isAuthenticationError,
  isNotFoundError,
  isRateLimitError,
  isServerError,
  isConnectionError,
  isRequestTimeoutError,
  isRequestAbortedError,
  isResponseValidationError,
  isWrongPinError,
  isPinLockedError,
  isPinAlreadySetError,
  isPinNotSetError,
  isInvalidOtpError,
  isResetSessionError,
} from '../errors/index.js'
export { PIN_ERROR_CODES, type PinErrorCode } from '@merchant-gateway/contract/constants'
