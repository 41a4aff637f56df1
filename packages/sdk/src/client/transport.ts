/**
 * @module transport
 * One gateway call over ky, with the rules merchant integrations most often get wrong:
 *
 * - the body is serialised once; a signed call signs those exact bytes with a fresh X-Timestamp in
 *   `beforeRequest`, and re-signs in `beforeRetry` (a retry gets a new timestamp, same bytes);
 * - the idempotency key is set once per logical call, so every attempt carries the same one;
 * - retries (exponential backoff, full jitter, `Retry-After` honoured) only where repeating is safe:
 *   GET, and refund/payout with their key, on network errors, timeouts, 409 `idempotency_key_in_use`,
 *   429 and 5xx. Create order, QR and cancel retry only a 429 (refused before processing) unless the
 *   caller opts in with `retryUnsafe`;
 * - a time limit per attempt (`timeout`) and for the whole call (`deadline`); `signal` aborts at once;
 * - the answer is checked against the contract, the envelope unwrapped, and every failure becomes one
 *   of the SDK's error classes.
 */
import { describeIssues, ERROR_CODES, HEADERS } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options as KyOptions } from 'ky'
import {
  ConnectionError,
  RequestAbortedError,
  RequestTimeoutError,
  ResponseValidationError,
} from '../errors/classes.js'
import { errorFromResponse } from '../errors/from-response.js'
import { GatewayError } from '../errors/gateway-error.js'
import { uuidV4 } from '../internal/uuid.js'
import { withMeta, type WithMeta } from './metadata.js'
import type { OperationSpec } from './operation.js'
import type { RequestOptions, ResolvedClientOptions } from './options.js'
import { checkIdempotencyKey, requireSecret } from './validate-params.js'

/** What a resource hands the transport for one call. */
export interface CallInput {
  /** The wire body; serialised once, here. */
  body?: unknown
  /** Query parameters. */
  query?: Record<string, string>
}

/** Status codes the retry policy looks at; which of them retry is decided by {@link shouldRetry}. */
const RETRY_STATUS = [409, 429, 500, 502, 503, 504]

/**
 * Sends calls for one client configuration.
 *
 * @example
 * ```ts
 * const transport = new Transport(resolveClientOptions({ apiKey, apiSecret, baseUrl }))
 * const order = await transport.call(CREATE_ORDER, { body: { storeId: 101, amount: 5, currency: 'USD' } })
 * ```
 */
export class Transport {
  readonly #ky: KyInstance

  constructor(readonly options: ResolvedClientOptions) {
    this.#ky = ky.create({
      baseUrl: `${options.baseUrl}/`,
      throwHttpErrors: true,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
  }

  /** Performs one logical call (one or more attempts) and returns its data with `meta`. */
  async call<T extends object>(op: OperationSpec<T>, input: CallInput, request: RequestOptions = {}): Promise<WithMeta<T>> {
    const { options } = this
    const raw = input.body === undefined ? undefined : JSON.stringify(input.body)
    const idempotencyKey = op.signed ? (request.idempotencyKey ?? uuidV4()) : undefined
    if (idempotencyKey !== undefined) checkIdempotencyKey(idempotencyKey)
    const secret = op.signed ? requireSecret(options.apiSecret, op.name) : undefined
    const retryable = op.retry !== 'unsafe' || (request.retryUnsafe ?? options.retryUnsafe)

    const headers: Record<string, string> = { ...options.headers, ...request.headers, [HEADERS.apiKey]: options.apiKey }
    if (raw !== undefined) headers['Content-Type'] = 'application/json'
    if (idempotencyKey !== undefined) headers[HEADERS.idempotentKey] = idempotencyKey

    let attempts = 0
    const stamp = async ({ request: req }: { request: Request }): Promise<void> => {
      attempts += 1
      if (secret === undefined) return
      const timestamp = String(Math.floor(options.now() / 1000))
      req.headers.set(HEADERS.timestamp, timestamp)
      req.headers.set(HEADERS.signature, await signer.signRequest({ secret, body: raw ?? '', timestamp }))
    }
    const deadline = request.deadline ?? options.deadline
    const kyOptions: KyOptions = {
      method: op.method,
      headers,
      ...(raw === undefined ? {} : { body: raw }),
      ...(input.query ? { searchParams: input.query } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
      timeout: request.timeout ?? options.timeout,
      totalTimeout: Number.isFinite(deadline) ? deadline : false,
      retry: {
        limit: request.maxRetries ?? options.maxRetries,
        methods: [op.method],
        statusCodes: RETRY_STATUS,
        afterStatusCodes: [429, 503],
        delay: (attempt) => options.retryBaseDelay * 2 ** (attempt - 1),
        backoffLimit: options.retryMaxDelay,
        jitter: true,
        shouldRetry: ({ error }) => shouldRetry(error, retryable),
      },
      hooks: { beforeRequest: [stamp], beforeRetry: [stamp] },
    }

    let response: Response
    try {
      response = await this.#ky(op.path.replace(/^\//, ''), kyOptions)
    } catch (error) {
      throw toGatewayError(error, { attempts, idempotencyKey, signal: request.signal })
    }
    return readAnswer(op, response, { attempts, idempotencyKey, validate: options.validateResponses })
  }
}

/** The retry policy; see the module comment. */
export function shouldRetry(error: unknown, retryable: boolean): boolean {
  if (isHTTPError(error)) {
    const status = error.response.status
    if (status === 429) return true
    if (status === 409) return retryable && codeOf(error.data) === ERROR_CODES.idempotency_key_in_use
    return retryable && status >= 500
  }
  return retryable && (isNetworkError(error) || isTimeoutError(error))
}

async function readAnswer<T extends object>(
  op: OperationSpec<T>,
  response: Response,
  context: { attempts: number; idempotencyKey: string | undefined; validate: boolean },
): Promise<WithMeta<T>> {
  const headerTrace = response.headers.get(HEADERS.traceId) ?? undefined
  const fail = (message: string, issues: string, body: unknown) =>
    new ResponseValidationError(message, issues, {
      status: response.status,
      body,
      ...(headerTrace === undefined ? {} : { traceId: headerTrace }),
      ...(context.idempotencyKey === undefined ? {} : { idempotencyKey: context.idempotencyKey }),
      attempts: context.attempts,
    })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw fail(`${op.name}: the gateway answered ${response.status} with a body that is not JSON`, 'body is not JSON', text)
  }
  const enveloped = isEnvelope(body)
  if (op.envelope === 'required' && !enveloped && context.validate) {
    throw fail(`${op.name}: the answer lacks the documented envelope {statusCode, message, data, traceId}`, 'missing envelope', body)
  }
  const data = enveloped ? (body as { data: unknown }).data : body
  const traceId = enveloped && typeof (body as { traceId?: unknown }).traceId === 'string' ? (body as { traceId: string }).traceId : headerTrace
  let value = data as T
  if (context.validate) {
    const result = op.schema['~standard'].validate(data)
    if (result instanceof Promise) throw new Error('contract schemas validate synchronously')
    if (result.issues) {
      const issues = describeIssues({ issues: result.issues }, data)
      throw fail(`${op.name}: the answer does not match the contract: ${issues}`, issues, body)
    }
    value = result.value
  }
  if (typeof value !== 'object' || value === null) throw fail(`${op.name}: the answer's data is not an object`, 'data is not an object', body)
  return withMeta(value, {
    status: response.status,
    traceId,
    idempotencyKey: context.idempotencyKey,
    attempts: context.attempts,
    replayed: response.headers.get(HEADERS.idempotentReplayed) === 'true',
  })
}

function isEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body && typeof (body as { statusCode?: unknown }).statusCode === 'number'
}

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const error = (body as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

function toGatewayError(
  error: unknown,
  context: { attempts: number; idempotencyKey: string | undefined; signal: AbortSignal | undefined },
): GatewayError {
  if (error instanceof GatewayError) return error
  const base = { attempts: context.attempts, cause: error, ...(context.idempotencyKey === undefined ? {} : { idempotencyKey: context.idempotencyKey }) }
  if (context.signal?.aborted) return new RequestAbortedError('The call was aborted by its signal', { ...base, cause: context.signal.reason })
  if (isHTTPError(error)) {
    const traceId = error.response.headers.get(HEADERS.traceId) ?? undefined
    return errorFromResponse({
      status: error.response.status,
      body: error.data,
      attempts: context.attempts,
      ...(traceId === undefined ? {} : { traceId }),
      ...(context.idempotencyKey === undefined ? {} : { idempotencyKey: context.idempotencyKey }),
    })
  }
  if (isTimeoutError(error)) return new RequestTimeoutError(`No answer in time after ${context.attempts} attempt(s)`, base)
  if (isNetworkError(error)) return new ConnectionError(`Could not reach the gateway after ${context.attempts} attempt(s): ${describe(error)}`, base)
  // Not a transport failure: a bug in a custom fetch or hook. Keep it visible, with the call's context.
  return new GatewayError(`The call failed: ${describe(error)}`, base)
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message
  return String(error)
}
