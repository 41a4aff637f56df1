/**
 * @module transport
 * One gateway call over the client's ky instance, with the rules merchant integrations most often get
 * wrong. What each operation is (method, path, authentication, retry safety, envelope, the schemas of its
 * request and answer) the transport reads off the contract's tables by the operation's id, so a call is
 * `call(id, body)`, typed by the contract: `body` is `OperationRequest<Id>`, the result
 * `OperationResult<Id>`. ky does the sending: the attempts, the per-attempt `timeout` and the call's
 * `totalTimeout` (`deadline`), the backoff with full jitter, `Retry-After`, the caller's `signal`. The send
 * core the PIN client shares (`http/send.ts`) makes the call and turns every failure into one of the SDK's
 * errors, with ky's error as `cause`. What is the gateway's own stays here, one named step each:
 *
 * - the request is checked against the operation's request schema before anything is sent (`params.ts`);
 * - the body is serialised once; a signed call signs those exact bytes with a fresh X-Timestamp at the
 *   start of every attempt (the SDK's first `beforeRequest` / `beforeRetry` hook, see `Call`);
 * - the idempotency key is made once per logical call, so every attempt carries the same one, and every
 *   error of the call carries it;
 * - which failures are retried is `retry-policy.ts`, asked through ky's `shouldRetry`, within the deadline;
 * - a refusal is read by `errorFromResponse`, and the answer is checked against the contract.
 */
import {
  GATEWAY_OPERATIONS,
  type GatewayOperation,
  HEADERS,
  OPERATION_REQUESTS,
  type OperationRequest,
  type OperationResult,
} from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { isHTTPError, isTimeoutError, type KyInstance, type Options, type RetryOptions } from 'ky'
import { RequestTimeoutError } from '../errors/classes.js'
import { errorFromResponse } from '../errors/from-response.js'
import { Call, type AttemptWork, type CallObserver } from '../http/call.js'
import type { DeprecationWarningContext, DeprecationWarningHandler } from '../http/deprecation.js'
import { httpErrorBody, isNoAnswer } from '../http/failure.js'
import { createKyClient, sendBody } from '../http/ky-client.js'
import { closeAttempt, send, type Unanswered } from '../http/send.js'
import { uuidV4 } from '../internal/uuid.js'
import type { WithMeta } from './metadata.js'
import type { PublicCall } from './operation.js'
import { checkRequestOptions, MAX_TIMER_MS, type RequestOptions, type ResolvedClientOptions } from './options.js'
import { checkIdempotencyKey, checkRequest, requireSecret } from './params.js'
import { errorCodeOf, readAnswer } from './read-answer.js'
import { backoff, describeFailure, shouldRetry, waitPassesDeadline, type AttemptFailure } from './retry-policy.js'

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

/** What one logical call is, worked out once before its first attempt. */
interface CallPlan {
  readonly id: GatewayOperation
  readonly method: 'get' | 'post'
  /** Path and query, relative to the base URL. */
  readonly path: string
  /** The JSON body as sent (and signed); undefined for an operation without one. */
  readonly raw: string | undefined
  readonly idempotencyKey: string | undefined
  /** The API secret of a signed operation. */
  readonly secret: string | undefined
  /** Whether a failure after the request may have reached the gateway is retried. */
  readonly retryable: boolean
  readonly deadline: number
  /** `performance.now()` when the call began. */
  readonly startedAt: number
  readonly signal: AbortSignal | undefined
}

/**
 * Sends calls for one client configuration.
 *
 * @example
 * ```ts
 * const transport = new Transport(resolveClientOptions({ apiKey, apiSecret, baseUrl }), new DeprecationNotices())
 * const order = await transport.call('createOrder', { storeId: 101, amount: 5, currency: 'USD' }, {}, {
 *   method: 'orders.create',
 * })
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

  /**
   * Performs one logical call of operation `id` (one or more attempts) and returns its data with `meta`.
   * `body` is what the operation's request carries (its query parameters for transaction detail; undefined
   * for an operation without a body), checked against the contract's request schema before it is sent.
   * `caller` is the SDK method making the call, which messages name (default: the operation's id).
   */
  async call<Id extends GatewayOperation>(
    id: Id,
    body: OperationRequest<Id>,
    request: RequestOptions = {},
    caller: PublicCall = { method: id },
  ): Promise<WithMeta<OperationResult<Id>>> {
    const schema = OPERATION_REQUESTS[id]
    if (schema !== null) checkRequest(schema, body, caller)
    checkRequestOptions(request)
    const plan = planCall(id, body, request, this.options, caller)
    const call: Call = new Call(
      this.#observer,
      { operation: id, method: plan.method.toUpperCase(), path: plan.path, idempotencyKey: plan.idempotencyKey },
      attemptWork(plan, this.options.now, () => call.attempts),
    )
    const options: Options = {
      method: plan.method,
      headers: this.#headersOf(plan, request),
      ...sendBody(plan.raw),
      ...(plan.signal === undefined ? {} : { signal: plan.signal }),
      timeout: Math.min(request.timeout ?? this.options.timeout, MAX_TIMER_MS),
      totalTimeout: Number.isFinite(plan.deadline) ? Math.min(plan.deadline, MAX_TIMER_MS) : false,
      retry: {
        ...this.#retry,
        limit: request.maxRetries ?? this.options.maxRetries,
        shouldRetry: retryDecision(plan, call),
      },
      context: call.context(),
    }
    const answer = await send(this.#ky, plan.path, options, call, errorFromResponse, (attempts, failedAt) =>
      unansweredTexts(plan, attempts, failedAt),
    )
    return readAnswer(id, caller.method, answer, {
      attempts: call.attempts,
      idempotencyKey: plan.idempotencyKey,
      validate: this.options.validateResponses,
    })
  }

  /**
   * The call's headers: the SDK's and the client's, the call's own, then the gateway's. A plain record with
   * lower-case names: a merchant's `x-api-key` cannot sit beside the SDK's own, and ky merges records without
   * building a Headers object per source.
   */
  #headersOf(plan: CallPlan, request: RequestOptions): Record<string, string> {
    const headers: Record<string, string> =
      request.headers === undefined ? { ...this.#headers } : { ...this.#headers, ...lowerCased(request.headers) }
    headers[API_KEY] = this.options.apiKey
    headers.accept = 'application/json'
    if (plan.raw !== undefined) headers['content-type'] = 'application/json'
    if (plan.idempotencyKey !== undefined) headers[IDEMPOTENT_KEY] = plan.idempotencyKey
    return headers
  }
}

/**
 * What the call is, from the operation table: its method and path (with the query of a query operation),
 * the body serialised once, the idempotency key made once (a signed operation's), the API secret it needs,
 * whether it may be repeated, and its deadline.
 */
function planCall<Id extends GatewayOperation>(
  id: Id,
  body: OperationRequest<Id>,
  request: RequestOptions,
  options: ResolvedClientOptions,
  caller: PublicCall,
): CallPlan {
  const op = GATEWAY_OPERATIONS[id]
  const signed = op.auth === 'signed'
  const query = op.request === 'query' ? `?${new URLSearchParams(body as Record<string, string>)}` : ''
  const idempotencyKey = op.idempotency === 'required' ? (request.idempotencyKey ?? uuidV4()) : undefined
  if (idempotencyKey !== undefined) checkIdempotencyKey(idempotencyKey)
  return {
    id,
    method: op.methods[0] === 'GET' ? 'get' : 'post',
    path: `${op.path}${query}`,
    raw: op.request === 'json' ? JSON.stringify(body) : undefined,
    idempotencyKey,
    secret: signed ? requireSecret(options.apiSecret, caller.method) : undefined,
    retryable: op.retry !== 'unsafe' || (request.retryUnsafe ?? options.retryUnsafe),
    deadline: request.deadline ?? options.deadline,
    startedAt: performance.now(),
    signal: request.signal,
  }
}

/** The ms of the call's deadline left. */
function timeLeft(plan: CallPlan): number {
  return plan.deadline - (performance.now() - plan.startedAt)
}

/**
 * The transport's work at the start of each attempt: the deadline guard, and for a signed operation the
 * signature over the exact body with this attempt's X-Timestamp.
 */
function attemptWork(plan: CallPlan, now: () => number, attempts: () => number): AttemptWork {
  return {
    guard: () => guardDeadline(plan, attempts()),
    prepare: plan.secret === undefined ? undefined : (request) => sign(request, plan, plan.secret!, now),
  }
}

/** Ends the call before a retry that has less than {@link MIN_ATTEMPT_MS} of its deadline left. */
function guardDeadline(plan: CallPlan, attempts: number): void {
  if (attempts > 0 && timeLeft(plan) < MIN_ATTEMPT_MS) {
    throw new RequestTimeoutError(`No answer within the deadline of ${plan.deadline} ms after ${attempts} attempt(s)`, {
      attempts,
      ...(plan.idempotencyKey === undefined ? {} : { idempotencyKey: plan.idempotencyKey }),
    })
  }
}

/** Signs an attempt: X-Timestamp now, X-Signature over the body as sent and that timestamp. */
async function sign(request: Request, plan: CallPlan, secret: string, now: () => number): Promise<void> {
  const timestamp = String(Math.floor(now() / 1000))
  request.headers.set(HEADERS.timestamp, timestamp)
  request.headers.set(HEADERS.signature, await signer.signRequest({ secret, body: plan.raw ?? '', timestamp }))
}

/**
 * ky's `shouldRetry` for the call: ends the attempt for the logger, then asks the retry policy, within the
 * deadline. A 429 or 503 answers `undefined`, so ky's own rule waits as `Retry-After` says (or backs off).
 */
function retryDecision(plan: CallPlan, call: Call): NonNullable<RetryOptions['shouldRetry']> {
  return ({ error }) => {
    if (plan.signal?.aborted) return false
    closeAttempt(call, error)
    const failure = failureOf(error)
    if (failure === undefined || !shouldRetry(failure, plan.retryable)) return false
    if (waitPassesDeadline(failure, timeLeft(plan), Date.now())) return false
    call.retryReason = describeFailure(failure)
    return failure.kind === 'status' && RETRY_AFTER_STATUSES.includes(failure.status) ? undefined : true
  }
}

/** What the error of a call without an answer says, after `attempts` attempts. */
function unansweredTexts(plan: CallPlan, attempts: number, failedAt: number): Unanswered {
  const deadlinePassed = failedAt - plan.startedAt >= plan.deadline - MIN_ATTEMPT_MS
  const timedOut = deadlinePassed ? `within the deadline of ${plan.deadline} ms` : 'in time'
  return {
    attempts,
    timeout: `No answer ${timedOut} after ${attempts} attempt(s)`,
    unreachable: `Could not reach the gateway after ${attempts} attempt(s)`,
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
