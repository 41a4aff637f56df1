/**
 * @module transport
 * One gateway call over the client's ky instance, with the rules merchant integrations most often get
 * wrong. ky does the sending: the attempts, the per-attempt `timeout` and the call's `totalTimeout`
 * (`deadline`), the backoff with full jitter, `Retry-After`, the caller's `signal`. The send core the PIN
 * client shares (`http/send.ts`) makes the call and turns every failure into one of the SDK's errors,
 * with ky's error as `cause`. What is the gateway's own stays here:
 *
 * - the body is serialised once; a signed call signs those exact bytes with a fresh X-Timestamp at the
 *   start of every attempt (the SDK's first `beforeRequest` / `beforeRetry` hook, see `Call`);
 * - the idempotency key is made once per logical call, so every attempt carries the same one, and every
 *   error of the call carries it;
 * - which failures are retried is `retry-policy.ts`, asked through ky's `shouldRetry`, within the deadline;
 * - a refusal is read by `errorFromResponse`, and the answer is checked against the contract.
 */
import { HEADERS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { isHTTPError, isTimeoutError, type KyInstance, type Options, type RetryOptions } from 'ky'
import { RequestTimeoutError } from '../errors/classes.js'
import { errorFromResponse } from '../errors/from-response.js'
import { Call, type CallObserver } from '../http/call.js'
import type { DeprecationWarningContext, DeprecationWarningHandler } from '../http/deprecation.js'
import { httpErrorBody, isNoAnswer } from '../http/failure.js'
import { createKyClient, sendBody } from '../http/ky-client.js'
import { closeAttempt, send } from '../http/send.js'
import { uuidV4 } from '../internal/uuid.js'
import type { WithMeta } from './metadata.js'
import type { OperationSpec } from './operation.js'
import { checkRequestOptions, MAX_TIMER_MS, type RequestOptions, type ResolvedClientOptions } from './options.js'
import { errorCodeOf, readAnswer } from './read-answer.js'
import { backoff, describeFailure, shouldRetry, waitPassesDeadline, type AttemptFailure } from './retry-policy.js'
import { checkIdempotencyKey, requireSecret } from './validate-params.js'

/** What a resource hands the transport for one call. */
export interface CallInput {
  /** The wire body; serialised once, here. */
  body?: unknown
  /** Query parameters. */
  query?: Record<string, string>
}

/**
 * The smallest time budget worth an attempt: timers have millisecond resolution and may fire up to a
 * millisecond early on the loop's cached clock, so a sliver of deadline would buy one more request that
 * cannot possibly be answered in time.
 */
const MIN_ATTEMPT_MS = 1

const API_KEY = HEADERS.apiKey.toLowerCase()
const IDEMPOTENT_KEY = HEADERS.idempotentKey.toLowerCase()

/** Statuses whose wait ky takes from `Retry-After` (when the policy retries them at all). */
const RETRY_AFTER_STATUSES = [429, 503]

/**
 * Sends calls for one client configuration.
 *
 * @example
 * ```ts
 * const transport = new Transport(resolveClientOptions({ apiKey, apiSecret, baseUrl }), new DeprecationNotices())
 * const order = await transport.call(CREATE_ORDER, { body: { storeId: 101, amount: 5, currency: 'USD' } })
 * ```
 */
export class Transport {
  readonly #ky: KyInstance
  readonly #observer: CallObserver
  /** The SDK's and the client's headers, names in lower case. */
  readonly #headers: Record<string, string>
  /** The client's retry settings; each call adds its limit and decision. */
  readonly #retry: RetryOptions

  constructor(
    readonly options: ResolvedClientOptions,
    // Spelt out rather than named: see DeprecationReporter.
    notices: { report(text: string, context: DeprecationWarningContext, handler?: DeprecationWarningHandler): void },
  ) {
    const delays = { baseMs: options.retryBaseDelay, maxMs: options.retryMaxDelay }
    const http = createKyClient(options)
    this.#ky = http.ky
    this.#headers = { ...http.headers, ...lowerCased(options.headers) }
    this.#retry = {
      // Any method: which call may be repeated is the policy's to say, in `shouldRetry`.
      methods: ['get', 'post'],
      statusCodes: RETRY_AFTER_STATUSES,
      afterStatusCodes: RETRY_AFTER_STATUSES,
      delay: (retry) => backoff(retry, delays),
      backoffLimit: options.retryMaxDelay,
      jitter: true,
      maxRetryAfter: MAX_TIMER_MS,
    }
    this.#observer = {
      client: 'gateway',
      logger: options.logger,
      notices,
      onDeprecationWarning: options.onDeprecationWarning,
    }
  }

  /** Performs one logical call (one or more attempts) and returns its data with `meta`. */
  async call<T extends object>(
    op: OperationSpec<T>,
    input: CallInput,
    request: RequestOptions = {},
  ): Promise<WithMeta<T>> {
    const { options } = this
    checkRequestOptions(request)
    const raw = input.body === undefined ? undefined : JSON.stringify(input.body)
    const idempotencyKey = op.signed ? (request.idempotencyKey ?? uuidV4()) : undefined
    if (idempotencyKey !== undefined) checkIdempotencyKey(idempotencyKey)
    const secret = op.signed ? requireSecret(options.apiSecret, op.name) : undefined
    const retryable = op.retry !== 'unsafe' || (request.retryUnsafe ?? options.retryUnsafe)
    const signal = request.signal
    const keyed = idempotencyKey === undefined ? {} : { idempotencyKey }

    // A plain record with lower-case names: a merchant's `x-api-key` cannot sit beside the SDK's own, and
    // ky merges records without building a Headers object per source.
    const headers: Record<string, string> =
      request.headers === undefined ? { ...this.#headers } : { ...this.#headers, ...lowerCased(request.headers) }
    headers[API_KEY] = options.apiKey
    headers.accept = 'application/json'
    if (raw !== undefined) headers['content-type'] = 'application/json'
    if (idempotencyKey !== undefined) headers[IDEMPOTENT_KEY] = idempotencyKey

    const deadline = request.deadline ?? options.deadline
    const startedAt = performance.now()
    const left = () => deadline - (performance.now() - startedAt)
    const path = input.query === undefined ? op.path : `${op.path}?${new URLSearchParams(input.query)}`
    const call: Call = new Call(
      this.#observer,
      { operation: op.name, method: op.method.toUpperCase(), path, idempotencyKey },
      {
        guard: () => {
          if (call.attempts > 0 && left() < MIN_ATTEMPT_MS) {
            throw new RequestTimeoutError(
              `No answer within the deadline of ${deadline} ms after ${call.attempts} attempt(s)`,
              { attempts: call.attempts, ...keyed },
            )
          }
        },
        prepare:
          secret === undefined
            ? undefined
            : async (req) => {
                const timestamp = String(Math.floor(options.now() / 1000))
                req.headers.set(HEADERS.timestamp, timestamp)
                req.headers.set(HEADERS.signature, await signer.signRequest({ secret, body: raw ?? '', timestamp }))
              },
      },
    )

    const kyOptions: Options = {
      method: op.method,
      headers,
      ...sendBody(raw),
      ...(signal === undefined ? {} : { signal }),
      timeout: Math.min(request.timeout ?? options.timeout, MAX_TIMER_MS),
      totalTimeout: Number.isFinite(deadline) ? Math.min(deadline, MAX_TIMER_MS) : false,
      retry: {
        ...this.#retry,
        limit: request.maxRetries ?? options.maxRetries,
        shouldRetry: ({ error }) => {
          if (signal?.aborted) return false
          closeAttempt(call, error)
          const failure = failureOf(error)
          if (
            failure === undefined ||
            !shouldRetry(failure, retryable) ||
            waitPassesDeadline(failure, left(), Date.now())
          )
            return false
          call.retryReason = describeFailure(failure)
          // A 429 or 503: ky's own rule waits as `Retry-After` says, or backs off; anything else backs off.
          return failure.kind === 'status' && RETRY_AFTER_STATUSES.includes(failure.status) ? undefined : true
        },
      },
      context: call.context(),
    }
    const answer = await send(this.#ky, path, kyOptions, call, errorFromResponse, (attempts, failedAt) => {
      const timedOut =
        failedAt - startedAt >= deadline - MIN_ATTEMPT_MS ? `within the deadline of ${deadline} ms` : 'in time'
      return {
        attempts,
        timeout: `No answer ${timedOut} after ${attempts} attempt(s)`,
        unreachable: `Could not reach the gateway after ${attempts} attempt(s)`,
      }
    })
    return readAnswer(op, answer, { attempts: call.attempts, idempotencyKey, validate: options.validateResponses })
  }
}

/** Headers with their names in lower case (HTTP names are case-insensitive; record keys are not). */
function lowerCased(headers: Readonly<Record<string, string>>): Record<string, string> {
  const record: Record<string, string> = {}
  for (const name in headers) record[name.toLowerCase()] = headers[name]!
  return record
}

/** What the retry policy needs to know about a failed attempt; undefined for a failure it never retries. */
function failureOf(error: unknown): AttemptFailure | undefined {
  if (isHTTPError(error)) {
    return {
      kind: 'status',
      status: error.response.status,
      code: errorCodeOf(httpErrorBody(error)),
      retryAfter: error.response.headers.get('Retry-After'),
    }
  }
  if (isTimeoutError(error)) return { kind: 'timeout' }
  if (isNoAnswer(error)) return { kind: 'network' }
  return undefined
}
