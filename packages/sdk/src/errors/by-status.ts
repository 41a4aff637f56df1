/**
 * @module by-status
 * The error class an HTTP status calls for when no body code says more; shared by the gateway and the
 * PIN mappings. Imports only the classes, so the PIN client's small bundle can use it.
 */
import { AuthenticationError, InvalidRequestError, NotFoundError, RateLimitError, ServerError } from './classes.js'
import { GatewayError, type GatewayErrorInit } from './gateway-error.js'

/** The error for `status` alone: 401/403, 404, 429, 5xx, other 4xx, else the base class. */
export function errorForStatus(status: number, message: string, init: GatewayErrorInit): GatewayError {
  if (status === 401 || status === 403) return new AuthenticationError(message, init)
  if (status === 404) return new NotFoundError(message, init)
  if (status === 429) return new RateLimitError(message, init)
  if (status >= 500) return new ServerError(message, init)
  if (status >= 400) return new InvalidRequestError(message, init)
  return new GatewayError(message, init)
}
