/**
 * @module authenticate
 * The two authentication classes of SPEC.md.
 *
 * Standard (list stores, balance, create order, generate QR, transaction detail, cancel): X-Api-Key.
 * Signed (refund, payout): X-Api-Key, X-Timestamp within the allowed skew, X-Signature over the exact
 * body bytes followed by the X-Timestamp value, and X-Idempotent-Key.
 *
 * Checks run in a fixed order so the first problem a client has to fix is the one reported:
 * obsolete headers (after 1.4.0's date), API key, timestamp, signature, idempotency key.
 */
import { HEADERS, LIMITS } from '@merchant-gateway/contract'
import type { DomainContext } from '../domain/context.js'
import { merchantByApiKey } from '../domain/merchants.js'
import { RuleError } from '../domain/rule-error.js'
import { policyAt } from '../domain/timeline.js'
import type { MerchantRecord } from '../store/records.js'

/** Where the docs of our error codes live, sent in code-style `details`. */
const DOCS = 'docs/errors.md'

/** The merchant behind a request, and for signed requests the idempotency key (absent before 1.3.0's date). */
export interface Authenticated {
  merchant: MerchantRecord
  idempotencyKey?: string
}

/** Authenticates a standard endpoint. */
export function authenticateStandard(ctx: DomainContext, request: Request, path: string): Authenticated {
  const policy = policyAt(ctx.clock.now())
  if (policy.rejectObsoleteHeaders) {
    const obsolete = [HEADERS.appId, HEADERS.timestamp].filter((name) => request.headers.has(name))
    if (obsolete.length > 0) {
      throw new RuleError(
        401,
        `${obsolete.join(' and ')} ${obsolete.length > 1 ? 'are' : 'is'} no longer accepted on this endpoint since release 1.4.0; send ${HEADERS.apiKey} only`,
        'invalid_authentication',
        { endpoint: path, required_header: HEADERS.apiKey, documentation: DOCS },
      )
    }
  }
  return { merchant: merchantFor(ctx, request) }
}

/** Authenticates a signed endpoint over the exact body bytes. */
export async function authenticateSigned(ctx: DomainContext, request: Request, path: string, body: Uint8Array): Promise<Authenticated> {
  const now = ctx.clock.now()
  const policy = policyAt(now)
  if (policy.rejectObsoleteHeaders && request.headers.has(HEADERS.appId)) {
    throw new RuleError(
      401,
      `${HEADERS.appId} is no longer accepted since release 1.4.0; sign the request with ${HEADERS.timestamp} and ${HEADERS.signature}`,
      'invalid_authentication',
      { endpoint: path, required_header: HEADERS.signature, documentation: DOCS },
    )
  }
  const merchant = merchantFor(ctx, request)

  const timestamp = requiredHeader(request, HEADERS.timestamp)
  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new RuleError(400, `${HEADERS.timestamp} must be Unix time in seconds as decimal digits, got ${JSON.stringify(timestamp.slice(0, 40))}`)
  }
  const tolerance = ctx.options.signatureToleranceSeconds
  const skew = Math.abs(Math.floor(now / 1000) - Number(timestamp))
  if (Number.isFinite(tolerance) && skew > tolerance) {
    const hint = timestamp.length >= 13 ? ' (it looks like milliseconds; send seconds)' : ''
    throw new RuleError(401, `${HEADERS.timestamp} is ${skew} s away from the server time; at most ${tolerance} s is allowed${hint}`, 'invalid_timestamp')
  }
  const signature = requiredHeader(request, HEADERS.signature)
  const valid = await ctx.signer.verifyRequest({ secret: merchant.apiSecret, body, timestamp, signature })
  if (!valid) {
    throw new RuleError(401, `${HEADERS.signature} does not match the request body and ${HEADERS.timestamp}`, 'invalid_signature')
  }

  const key = request.headers.get(HEADERS.idempotentKey)
  if (key === null) {
    if (!policy.requireIdempotencyKey) return { merchant }
    throw new RuleError(400, `${HEADERS.idempotentKey} header is required for this endpoint`, 'missing_idempotent_key', {
      endpoint: path,
      required_header: HEADERS.idempotentKey,
      documentation: DOCS,
    })
  }
  if (key.length === 0 || key.length > LIMITS.idempotencyKeyMaxLength) {
    throw new RuleError(400, `${HEADERS.idempotentKey} must be 1 to ${LIMITS.idempotencyKeyMaxLength} characters, got ${key.length}`, 'invalid_idempotent_key')
  }
  return { merchant, idempotencyKey: key }
}

function merchantFor(ctx: DomainContext, request: Request): MerchantRecord {
  const apiKey = request.headers.get(HEADERS.apiKey)
  if (!apiKey) throw new RuleError(400, `Missing required header: ${HEADERS.apiKey}`)
  const merchant = merchantByApiKey(ctx, apiKey)
  if (!merchant) throw new RuleError(401, 'Invalid API credentials')
  return merchant
}

function requiredHeader(request: Request, name: string): string {
  const value = request.headers.get(name)
  if (!value) throw new RuleError(400, `Missing required header: ${name}`)
  return value
}
