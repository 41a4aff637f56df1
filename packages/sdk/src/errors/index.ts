/**
 * The SDK's error classes and guards, importable without the client (e.g. in error-reporting code).
 *
 * @module \@merchant-gateway/sdk/errors
 */
// The one list of where each error comes from: the other entries (the SDK's main one, /pin, /webhooks)
// export the errors their users need from here, by name.
export { GatewayError, type GatewayErrorInit } from './gateway-error.js'
export {
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
} from './classes.js'
export {
  WrongPinError,
  PinLockedError,
  PinAlreadySetError,
  PinNotSetError,
  InvalidOtpError,
  ResetSessionError,
  type AttemptsErrorInit,
  type PinLockedErrorInit,
} from './pin-errors.js'
export {
  WebhookSignatureError,
  type WebhookSignatureErrorInit,
  type WebhookSignatureErrorReason,
} from './webhook-signature-error.js'
export { errorFromResponse, type ErrorResponse } from './from-response.js'
export {
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
  isWrongPinError,
  isPinLockedError,
  isPinAlreadySetError,
  isPinNotSetError,
  isInvalidOtpError,
  isResetSessionError,
  isWebhookSignatureError,
} from './guards.js'
