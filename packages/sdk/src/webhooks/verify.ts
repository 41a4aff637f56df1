/**
 * @module webhooks/verify
 * Verification of a received webhook, as the gateway documents its signature: the X-Signature is checked
 * over the raw body exactly as received, in constant time, before any field of the payload is trusted; then the
 * payload's `createTimeMilli` must be within a tolerance of now, which bounds replays.
 */
import type { WebhookPayload } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { payloadProblem, readCreateTimeMilli } from './payload.js'
import { WebhookSignatureError } from '../errors/webhook-signature-error.js'

/** Default {@link VerifyWebhookOptions.toleranceSeconds}: 5 minutes. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * Options of {@link verifyWebhook}.
 *
 * @example
 * ```ts
 * const options: VerifyWebhookOptions = { toleranceSeconds: 600, now: () => Date.now() }
 * ```
 */
export interface VerifyWebhookOptions {
  /**
   * How far (in seconds, either way) `createTimeMilli` may be from now; default 300. `false` turns the
   * check off (e.g. to replay a stored delivery), which also turns off the protection against replays.
   */
  toleranceSeconds?: number | false | undefined
  /**
   * A function returning the current time in epoch milliseconds; default `Date.now`. For a fixed time, wrap
   * it: `now: () => 1793610000000`. Anything but a function is a TypeError.
   */
  now?: (() => number) | undefined
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** @internal Throws a TypeError for an unusable secret: a missing env var should fail loudly, not as 401s. */
export function assertSecret(secret: unknown): asserts secret is string {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('The webhook secret must be a non-empty string (the API secret of the merchant account)')
  }
}

/** @internal Validates `toleranceSeconds`, returning the tolerance in milliseconds or false. */
export function toleranceMillis(toleranceSeconds: number | false | undefined): number | false {
  if (toleranceSeconds === false) return false
  const seconds = toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    throw new TypeError(`toleranceSeconds must be a non-negative number or false, received ${String(toleranceSeconds)}`)
  }
  return seconds * 1000
}

/** @internal Validates `now`, returning the clock to read: a function, or `Date.now` when absent. */
export function clockOf(now: unknown): () => number {
  if (now === undefined) return Date.now
  if (typeof now !== 'function') {
    throw new TypeError(`now must be a function returning epoch ms, like Date.now, got ${shown(now)}`)
  }
  return now as () => number
}

/**
 * A value as a refusal shows it: a string quoted, a number as written, anything else by its kind. Written here,
 * not taken from the client's own helper: importing that would split it into a chunk shared with the PIN client's
 * bundle, which would grow by the split.
 */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : describe(value)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? `an object (${Object.prototype.toString.call(value).slice(8, -1)})` : typeof value
}

/**
 * Verifies a webhook delivery: the promise resolves with its payload, or rejects with the error of the first
 * check that failed (so `await` it). `rawBody` must be the body exactly as received
 * (`await request.text()`, or the Buffer of `express.raw()`), since the signature covers those bytes;
 * `signature` is the X-Signature header; `secret` is the merchant's API secret.
 *
 * Order of checks: the body must be text or bytes (`parsed_body`); the header must be present
 * (`missing_signature`); the body must be JSON with a `createTimeMilli` (`invalid_body`), which is part of the
 * signed message; the signature must match (`signature_mismatch`, constant-time); `createTimeMilli` must be
 * within `toleranceSeconds` of now (`timestamp_too_old` / `timestamp_too_new`); and the body must be a
 * webhook payload (`invalid_body`).
 *
 * @throws {WebhookSignatureError} with the `reason` of the first check that failed.
 * @throws {TypeError} when `secret` is empty, `toleranceSeconds` is not a non-negative number or false, or
 * `now` is not a function.
 * @example
 * ```ts
 * import { verifyWebhook, isWebhookSignatureError } from '@merchant-gateway/sdk/webhooks'
 *
 * export async function POST(request: Request) {
 *   const rawBody = await request.text()
 *   try {
 *     const payload = await verifyWebhook(rawBody, request.headers.get('X-Signature'), process.env.GATEWAY_API_SECRET!)
 *     if (payload.status === 'SUCCESS') await markPaid(payload.orderId)
 *     return Response.json({ received: true })
 *   } catch (error) {
 *     if (isWebhookSignatureError(error)) return Response.json({ error: error.message }, { status: 401 })
 *     throw error
 *   }
 * }
 * ```
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookPayload> {
  assertSecret(secret)
  const tolerance = toleranceMillis(options.toleranceSeconds)
  const clock = clockOf(options.now)

  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new WebhookSignatureError(
      `The webhook body was passed as ${describe(rawBody)}, not as the raw ` +
        `body: the signature covers the exact bytes received, ` +
        ('which a parsed and re-serialised body no longer has. Pass the raw text ' +
          'or bytes: `await request.text()` in fetch-style ') +
        ('handlers, or `express.raw({ type: "application/json" })` on this route ' +
          '(mounted before express.json()) and `req.body` in Express.'),
      { reason: 'parsed_body' },
    )
  }
  if (typeof signature !== 'string' || signature.length === 0) {
    throw new WebhookSignatureError('The webhook has no X-Signature header', { reason: 'missing_signature' })
  }

  let parsed: unknown
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : decoder.decode(rawBody))
  } catch (cause) {
    throw new WebhookSignatureError('The webhook body is not valid JSON (UTF-8)', { reason: 'invalid_body', cause })
  }
  const createTimeMilli = readCreateTimeMilli(parsed)
  if (createTimeMilli === undefined) {
    throw new WebhookSignatureError(
      'The webhook body is not a webhook payload: createTimeMilli must be a non-negative integer',
      { reason: 'invalid_body' },
    )
  }

  if (!(await signer.verifyWebhook({ secret, rawBody, createTimeMilli, signature }))) {
    throw new WebhookSignatureError(
      'The X-Signature of the webhook does not match its body: the body was ' +
        'changed (or re-serialised instead of passed raw), or the secret is not ' +
        'the API secret of this merchant account',
      { reason: 'signature_mismatch' },
    )
  }

  if (tolerance !== false) {
    const now = clock()
    const age = now - createTimeMilli
    if (age > tolerance) {
      throw new WebhookSignatureError(
        `The webhook was created ${Math.floor(age / 1000)} s ago, more than the tolerance of ${tolerance / 1000} s`,
        {
          reason: 'timestamp_too_old',
        },
      )
    }
    if (-age > tolerance) {
      throw new WebhookSignatureError(
        `The webhook's createTimeMilli is ${Math.ceil(-age / 1000)} s in the ` +
          `future, more than the tolerance of ${tolerance / 1000} s`,
        {
          reason: 'timestamp_too_new',
        },
      )
    }
  }

  const problem = payloadProblem(parsed)
  if (problem !== undefined) {
    throw new WebhookSignatureError(`The webhook body is not a webhook payload: expected ${problem}`, {
      reason: 'invalid_body',
    })
  }
  return parsed as WebhookPayload
}
