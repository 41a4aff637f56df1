/**
 * @module pin-transport
 * One PIN module call: exactly one request, never retried. A repeated verify-pin would count as a
 * second wrong attempt, a repeated forgot-pin would send a second code, a repeated reset-pin would meet
 * a used session: none of these calls is idempotent, and the service offers no idempotency key.
 *
 * It sends through the send core the gateway transport uses too (`http/send.ts`: ky's `timeout`, the
 * body read included; the caller's `signal`; the merchant's hooks; the logger and deprecation warnings;
 * ky's errors turned into the SDK's), and keeps what is the PIN module's own: the bearer token, the
 * refusals mapped by their codes, and the PIN envelope read from the answer. It does not import the
 * gateway transport, which brings the contract's zod schemas and the signer that a browser PIN screen
 * does not need.
 */
import { HEADERS, type PinOperation, PIN_PATHS } from '@merchant-gateway/contract/constants'
import type { KyInstance } from 'ky'
import { AuthenticationError, ResponseValidationError } from '../errors/classes.js'
import { Call, type CallObserver } from '../http/call.js'
import type { DeprecationWarningContext, DeprecationWarningHandler } from '../http/deprecation.js'
import { describeError, parseBody } from '../http/failure.js'
import { createKyClient, sendBody } from '../http/ky-client.js'
import { abortedError, send } from '../http/send.js'
import { pinErrorFromResponse } from './error-from-response.js'
import { checkPinRequestOptions, checkTimeout, type PinRequestOptions, type ResolvedPinOptions } from './options.js'

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
 * const transport = new PinTransport(resolvePinOptions({ baseUrl, accessToken }), new DeprecationNotices())
 * const answer = await transport.call('verifyPin', { pin: '123456' })
 * ```
 */
export class PinTransport {
  readonly #ky: KyInstance
  readonly #observer: CallObserver
  /** The SDK's headers (its `User-Agent`), names in lower case. */
  readonly #headers: Readonly<Record<string, string>>

  constructor(
    readonly options: ResolvedPinOptions,
    // Spelt out rather than named: see DeprecationReporter.
    notices: { report(text: string, context: DeprecationWarningContext, handler?: DeprecationWarningHandler): void },
  ) {
    const http = createKyClient(options)
    this.#ky = http.ky
    this.#headers = http.headers
    this.#observer = {
      client: 'pin',
      logger: options.logger,
      notices,
      onDeprecationWarning: options.onDeprecationWarning,
    }
  }

  /** Performs one call (one request) and returns the success envelope; every failure is a typed error. */
  async call(operation: PinOperation, body: object, requestOptions?: PinRequestOptions): Promise<PinAnswer> {
    const { options } = this
    const request = checkPinRequestOptions(requestOptions)
    const timeout = request.timeout === undefined ? options.timeout : checkTimeout(request.timeout, options.timeout)
    const signal = request.signal
    // The token getter is not asked for a call the caller has already given up on; `send` checks again
    // after it, which may have taken a while.
    if (signal?.aborted) throw abortedError(0, signal, undefined)
    const token = await accessToken(options.accessToken)

    // Lower-case names: ky merges records by key, so the client's own headers replace a caller's
    // `authorization` or `content-type` instead of being sent beside them.
    const headers: Record<string, string> = { ...this.#headers }
    for (const source of [options.headers, request.headers ?? {}])
      for (const name in source) headers[name.toLowerCase()] = source[name]!
    headers['content-type'] = 'application/json'
    headers.accept = 'application/json'
    headers.authorization = `Bearer ${token}`
    const path = PIN_PATHS[operation]
    const call = new Call(this.#observer, { operation, method: 'POST', path, idempotencyKey: undefined })

    const answer = await send(
      this.#ky,
      path,
      {
        method: 'post',
        headers,
        // PIN calls are not idempotent, so never retried (a repeated verify could count as a second wrong PIN).
        retry: 0,
        ...sendBody(JSON.stringify(body)),
        timeout,
        ...(signal === undefined ? {} : { signal }),
        context: call.context(),
      },
      call,
      (refusal) => pinErrorFromResponse({ ...refusal, operation }),
      // One request, whatever happened before it went out: PIN calls are never retried.
      () => ({
        attempts: 1,
        timeout: `No answer within ${timeout} ms (PIN calls are not retried)`,
        unreachable: 'Could not reach the PIN service',
      }),
    )

    const traceId = answer.headers.get(HEADERS.traceId) ?? undefined
    const parsed = parseBody(answer.text)
    const statusCode =
      typeof parsed === 'object' && parsed !== null ? (parsed as { status_code?: unknown }).status_code : undefined
    // A service that reports a refusal in the envelope under HTTP 200 is read by `status_code`.
    if (typeof statusCode === 'number' && statusCode >= 400) {
      throw pinErrorFromResponse({
        status: statusCode,
        body: parsed,
        operation,
        retryAfter: answer.headers.get('Retry-After'),
        traceId,
      })
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      typeof (parsed as { message?: unknown }).message !== 'string'
    ) {
      const issues =
        typeof parsed === 'object' && parsed !== null ? 'message is not a string' : 'body is not a JSON object'
      throw new ResponseValidationError(
        `${operation}: the answer lacks the PIN module envelope {status_code, message, data}: ${issues}`,
        issues,
        {
          status: answer.status,
          body: parsed,
          attempts: 1,
          traceId,
        },
      )
    }
    return { status: answer.status, body: parsed as PinAnswer['body'], traceId }
  }
}

/** The token to send; a getter that fails (or gives nothing) is an AuthenticationError, and nothing is sent. */
async function accessToken(source: ResolvedPinOptions['accessToken']): Promise<string> {
  if (typeof source === 'string') return source
  let token: unknown
  try {
    token = await source()
  } catch (error) {
    throw new AuthenticationError(`The accessToken getter failed, so nothing was sent: ${describeError(error)}`, {
      code: 'access_token_unavailable',
      cause: error,
    })
  }
  if (typeof token !== 'string' || token === '') {
    throw new AuthenticationError(
      `The accessToken getter returned ` +
        `${token === '' ? 'an empty string' : typeof token}, not a token, so ` +
        `nothing was sent`,
      { code: 'access_token_unavailable' },
    )
  }
  return token
}
