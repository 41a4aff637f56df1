/**
 * @module pin-transport
 * One PIN module call: exactly one request, never retried. A repeated verify-pin would count as a
 * second wrong attempt, a repeated forgot-pin would send a second code, a repeated reset-pin would meet
 * a used session: none of these calls is idempotent, and the service offers no idempotency key.
 *
 * The shape follows the gateway transport (one `AbortController` per attempt, aborted by the time
 * limit or by the caller's signal, the body read included in the time limit) without importing it:
 * that module brings the contract's zod schemas and the signer, which a browser PIN screen does not need.
 */
import { HEADERS, type PinOperation, PIN_PATHS } from '@merchant-gateway/contract/constants'
import { AuthenticationError, ConnectionError, RequestAbortedError, RequestTimeoutError, ResponseValidationError } from '../errors/classes.js'
import { GatewayError } from '../errors/gateway-error.js'
import { describeError, fetchAttempt, parseBody } from '../internal/fetch-attempt.js'
import { pinErrorFromResponse } from './error-from-response.js'
import { checkTimeout, type PinRequestOptions, type ResolvedPinOptions } from './options.js'

/** A successful answer: the PIN envelope, parsed. */
export interface PinAnswer {
  status: number
  /** The envelope `{status_code, message, data}`; `message` is a string. */
  body: { message: string; data: unknown }
  traceId: string | undefined
}

/**
 * Sends PIN calls for one client configuration.
 *
 * @example
 * ```ts
 * const transport = new PinTransport(resolvePinOptions({ baseUrl, accessToken }))
 * const answer = await transport.call('verifyPin', { pin: '123456' })
 * ```
 */
export class PinTransport {
  constructor(readonly options: ResolvedPinOptions) {}

  /** Performs one call (one request) and returns the success envelope; every failure is a typed error. */
  async call(operation: PinOperation, body: object, requestOptions?: PinRequestOptions): Promise<PinAnswer> {
    const { options } = this
    const request = requestOptions ?? {}
    const timeout = request.timeout === undefined ? options.timeout : checkTimeout(request.timeout, options.timeout)
    const signal = request.signal
    const aborted = (attempts: number) => new RequestAbortedError('The call was aborted by its signal', { attempts, cause: signal?.reason })
    if (signal?.aborted) throw aborted(0)

    const token = await accessToken(options.accessToken)
    // The getter may have taken a while: do not send a call the caller gave up on meanwhile.
    if (signal?.aborted) throw aborted(0)

    const headers = new Headers(options.headers)
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value)
    headers.set('Content-Type', 'application/json')
    headers.set(HEADERS.authorization, `Bearer ${token}`)
    const fetchFn = options.fetch ?? globalThis.fetch
    const init: RequestInit = { method: 'POST', headers, body: JSON.stringify(body) }
    const outcome = await fetchAttempt(fetchFn, `${options.baseUrl}${PIN_PATHS[operation]}`, init, timeout, signal)

    if (outcome.kind === 'aborted') throw aborted(1)
    if (outcome.kind === 'timeout') throw new RequestTimeoutError(`No answer within ${timeout} ms (PIN calls are not retried)`, { attempts: 1 })
    if (outcome.kind === 'network') throw new ConnectionError(`Could not reach the PIN service: ${describeError(outcome.error)}`, { attempts: 1, cause: outcome.error })
    if (outcome.kind === 'broken') throw new GatewayError(`The call failed: ${describeError(outcome.error)}`, { attempts: 1, cause: outcome.error })

    const { answer: response } = outcome
    const text = response.text
    const traceId = response.headers.get(HEADERS.traceId) ?? undefined
    const parsed = parseBody(text)
    const statusCode = typeof parsed === 'object' && parsed !== null ? (parsed as { status_code?: unknown }).status_code : undefined
    const ok = response.status >= 200 && response.status < 300
    // A service that reports a refusal in the envelope under HTTP 200 is read by `status_code`.
    const refusedIn200 = ok && typeof statusCode === 'number' && statusCode >= 400
    if (!ok || refusedIn200) {
      throw pinErrorFromResponse({
        status: refusedIn200 ? (statusCode as number) : response.status,
        body: parsed,
        operation,
        retryAfter: response.headers.get('Retry-After'),
        ...(traceId === undefined ? {} : { traceId }),
      })
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { message?: unknown }).message !== 'string') {
      const issues = typeof parsed === 'object' && parsed !== null ? 'message is not a string' : 'body is not a JSON object'
      throw new ResponseValidationError(`${operation}: the answer lacks the PIN module envelope {status_code, message, data}: ${issues}`, issues, {
        status: response.status,
        body: parsed,
        attempts: 1,
        ...(traceId === undefined ? {} : { traceId }),
      })
    }
    return { status: response.status, body: parsed as PinAnswer['body'], traceId }
  }
}

/** The token to send; a getter that fails (or gives nothing) is an AuthenticationError, and nothing is sent. */
async function accessToken(source: ResolvedPinOptions['accessToken']): Promise<string> {
  if (typeof source === 'string') return source
  let token: unknown
  try {
    token = await source()
  } catch (error) {
    throw new AuthenticationError(`The accessToken getter failed, so nothing was sent: ${describeError(error)}`, { code: 'access_token_unavailable', cause: error })
  }
  if (typeof token !== 'string' || token === '') {
    throw new AuthenticationError(`The accessToken getter returned ${token === '' ? 'an empty string' : typeof token}, not a token, so nothing was sent`, { code: 'access_token_unavailable' })
  }
  return token
}
