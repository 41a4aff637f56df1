/**
 * @module authenticate
 * Authentication of a request by its operation's `auth` in the contract's operation table, and for the
 * gateway by the contract era in force (domain/timeline.ts).
 *
 * `api-key` (list stores, balance, create order, generate QR, transaction detail, cancel): X-Api-Key. Until
 * release 1.4.0 refuses them, X-App-Id and X-Timestamp are accepted beside it and checked when sent: an
 * X-App-Id that is not the key's merchant's is 401 (the credentials do not belong together), an X-Timestamp
 * outside the allowed skew is 401 `invalid_timestamp`.
 *
 * `signed`: refund and payout come in two forms:
 * - current (from release 1.4.0): X-Api-Key, X-Timestamp within the allowed skew, X-Signature over the exact
 *   body bytes followed by the X-Timestamp value, a camelCase body;
 * - earlier (until release 1.4.0 refuses it): X-App-Id, X-Api-Key and X-Timestamp, no signature, a
 *   snake_case body.
 * When both are accepted, a request with X-Signature is in the current form and one with X-App-Id but no
 * X-Signature in the earlier form. Both take X-Idempotent-Key by the rules of release 1.3.0.
 *
 * Checks run in a fixed order so the first problem a client has to fix is the one reported: refused
 * obsolete headers, API key (and app id), timestamp, signature, idempotency key. What is learned on the way
 * (merchant, key, deprecated uses and their warnings) goes into the request's notes, refused or not.
 *
 * `bearer` (the PIN module): `Authorization: Bearer <access token>` of a known user. `reset-session`
 * (reset-pin): the service decides on the verified session in the body, so a token is looked at only to
 * refuse another user's, or when the mock is told to require it (`resetPinBearer`).
 */
import type { IncomingRequest } from './answer.js'
import { HEADERS, LIMITS, type ContractEra, type DeprecatedUse } from '@merchant-gateway/contract'
import type { DomainContext } from '../domain/context.js'
import { merchantByApiKey } from '../domain/merchants.js'
import { RuleError } from '../domain/rule-error.js'
import { deprecationNote } from '../domain/timeline.js'
import { userByToken } from '../domain/users.js'
import type { MerchantRecord, UserRecord } from '../store/records.js'
import type { OperationCall } from './operation-call.js'
import { noteUse, type RequestNotes } from './request-log.js'
import type { SeenSignatures } from './seen-signatures.js'

/** Where the docs of our error codes live, sent in code-style `details`. */
const DOCS = 'docs/errors.md'

/**
 * Who is behind a request (a merchant on the gateway; a signed-in user, if any, on the PIN module), the form
 * of a refund or payout, and the idempotency key when one applies.
 *
 * @example
 * ```ts
 * const { merchant, form } = await authenticate(call)
 * ```
 */
export interface Authenticated {
  merchant?: MerchantRecord
  user?: UserRecord
  /** `earlier`: a refund or payout in the unsigned snake_case form. */
  form: 'current' | 'earlier'
  /** Absent when the era lets the request go without one (it then runs without idempotency). */
  idempotencyKey?: string
}

/**
 * Authenticates a request by its route's `auth`: at once, or (a signature checked) when the promise settles;
 * a refusal is thrown. A signed request is checked over its body's exact bytes: the body is read first.
 *
 * @example
 * ```ts
 * Object.assign(call, await authenticate(call))
 * ```
 */
export function authenticate(call: OperationCall): Authenticated | Promise<Authenticated> {
  const { ctx, signatures } = call.runtime
  const { era, request, notes } = call
  const { auth, path } = call.route
  switch (auth) {
    case 'api-key':
      return authenticateApiKey(ctx, era, request, path, notes)
    case 'signed': {
      if (call.raw === undefined) throw new Error(`[mock] ${path} is signed over its body: read the body first`)
      const form = formOf(era, request)
      notes.form = form
      return form === 'earlier'
        ? authenticateEarlier(ctx, era, request, path, notes)
        : authenticateSigned(ctx, era, request, path, call.raw.bytes, notes, signatures)
    }
    case 'bearer':
    case 'reset-session': {
      const user = authenticateUser(ctx, request, auth)
      notes.userId = user?.userId ?? null
      return user ? { user, form: 'current' } : { form: 'current' }
    }
  }
}

/** Authenticates an `api-key` operation. */
function authenticateApiKey(
  ctx: DomainContext,
  era: ContractEra,
  request: IncomingRequest,
  path: string,
  notes: RequestNotes,
): Authenticated {
  const appIdSent = request.headers.has(HEADERS.appId)
  const timestampSent = request.headers.has(HEADERS.timestamp)
  // The common request sends neither obsolete header: it pays two lookups, and no list of names.
  const obsolete = appIdSent || timestampSent ? obsoleteHeaders(appIdSent, timestampSent) : NONE_OBSOLETE
  if (obsolete.length > 0) {
    noteUse(notes, 'legacy-auth')
    if (era.legacyAuth === 'refused') {
      throw new RuleError(
        401,
        `${obsolete.join(' and ')} ${obsolete.length > 1 ? 'are' : 'is'} no ` +
          `longer accepted on this endpoint since release 1.4.0; send ${HEADERS.apiKey} ` +
          `only`,
        'invalid_authentication',
        { endpoint: path, required_header: HEADERS.apiKey, documentation: DOCS },
      )
    }
  }
  const merchant = merchantFor(ctx, request, notes)
  if (appIdSent) checkAppId(request, merchant)
  if (timestampSent) checkTimestamp(ctx, requiredHeader(request, HEADERS.timestamp))
  if (obsolete.length > 0) note(notes, era.legacyAuth, 'legacy-auth', `${obsolete.join(' and ')} on ${path}`)
  return { merchant, form: 'current' }
}

/** The obsolete headers an `api-key` request sent, in the order its refusal and warning name them. */
function obsoleteHeaders(appIdSent: boolean, timestampSent: boolean): readonly string[] {
  const sent: string[] = []
  if (appIdSent) sent.push(HEADERS.appId)
  if (timestampSent) sent.push(HEADERS.timestamp)
  return sent
}
const NONE_OBSOLETE: readonly string[] = []

/** The form a refund or payout is read in: by era, then by headers when both are accepted. */
function formOf(era: ContractEra, request: IncomingRequest): 'current' | 'earlier' {
  if (!era.signedMoneyForm) return 'earlier'
  if (era.legacyAuth === 'refused') return 'current'
  return !request.headers.has(HEADERS.signature) && request.headers.has(HEADERS.appId) ? 'earlier' : 'current'
}

async function authenticateSigned(
  ctx: DomainContext,
  era: ContractEra,
  request: IncomingRequest,
  path: string,
  body: Uint8Array,
  notes: RequestNotes,
  seen: SeenSignatures,
): Promise<Authenticated> {
  const appIdSent = request.headers.has(HEADERS.appId)
  if (appIdSent) {
    noteUse(notes, 'legacy-auth')
    if (era.legacyAuth === 'refused') {
      throw new RuleError(
        401,
        `${HEADERS.appId} is no longer accepted since release 1.4.0; sign the ` +
          `request with ${HEADERS.timestamp} and ${HEADERS.signature}`,
        'invalid_authentication',
        { endpoint: path, required_header: HEADERS.signature, documentation: DOCS },
      )
    }
  }
  const merchant = merchantFor(ctx, request, notes)
  if (appIdSent) checkAppId(request, merchant)
  const timestamp = requiredHeader(request, HEADERS.timestamp)
  checkTimestamp(ctx, timestamp)
  const signature = requiredHeader(request, HEADERS.signature)
  const valid = await ctx.signer.verifyRequest({ secret: merchant.apiSecret, body, timestamp, signature })
  if (!valid) {
    throw new RuleError(
      401,
      `${HEADERS.signature} does not match the request body and ${HEADERS.timestamp}`,
      'invalid_signature',
    )
  }
  if (appIdSent) note(notes, era.legacyAuth, 'legacy-auth', `${HEADERS.appId} on a signed request`)
  const keyed = idempotencyKeyOf(era, request, path, notes)
  if (ctx.options.rejectReplayedSignatures) {
    // Valid while its timestamp is within the tolerance of the clock: remembered that long.
    const expiresAt = (Number(timestamp) + ctx.options.signatureToleranceSeconds) * 1000 + 1000
    const firstKey = seen.check(
      merchant.merchantId,
      signature,
      keyed.idempotencyKey,
      Number.isFinite(expiresAt) ? expiresAt : Number.MAX_SAFE_INTEGER,
      ctx.clock.now(),
    )
    if (firstKey !== undefined) {
      throw new RuleError(
        401,
        `This ${HEADERS.signature} was already sent with ${firstKey === '' ? 'no' : 'another'} ` +
          `${HEADERS.idempotentKey}; a request is signed once, and only its ` +
          `retries with the same key may repeat it`,
        'replayed_signature',
      )
    }
  }
  return { merchant, form: 'current', ...keyed }
}

function authenticateEarlier(
  ctx: DomainContext,
  era: ContractEra,
  request: IncomingRequest,
  path: string,
  notes: RequestNotes,
): Authenticated {
  noteUse(notes, 'legacy-auth')
  if (!request.headers.get(HEADERS.appId)) {
    const hint = era.signedMoneyForm
      ? ` (or sign the request with ${HEADERS.timestamp} and ${HEADERS.signature})`
      : `: until release 1.4.0 this endpoint takes the earlier form, ` +
        `${HEADERS.appId}, ${HEADERS.apiKey} and ${HEADERS.timestamp} with a ` +
        `snake_case body, and no ${HEADERS.signature}`
    throw new RuleError(400, `Missing required header: ${HEADERS.appId}${hint}`)
  }
  const merchant = merchantFor(ctx, request, notes)
  checkAppId(request, merchant)
  checkTimestamp(ctx, requiredHeader(request, HEADERS.timestamp))
  note(notes, era.legacyAuth, 'legacy-auth', 'an unsigned refund or payout in the earlier snake_case form')
  return { merchant, form: 'earlier', ...idempotencyKeyOf(era, request, path, notes) }
}

/**
 * The idempotency key by the era's rules: a missing key is accepted (the request runs without
 * idempotency) until release 1.3.0 refuses it; until 1.3.0's full enforcement an empty key counts as no
 * key and a longer one is used as sent.
 */
function idempotencyKeyOf(
  era: ContractEra,
  request: IncomingRequest,
  path: string,
  notes: RequestNotes,
): { idempotencyKey?: string } {
  const raw = request.headers.get(HEADERS.idempotentKey)
  const malformed = raw !== null && (raw.length === 0 || raw.length > LIMITS.idempotencyKeyMaxLength)
  if (malformed) {
    noteUse(notes, 'malformed-idempotency-key')
    if (era.malformedIdempotencyKey === 'refused') {
      throw new RuleError(
        400,
        `${HEADERS.idempotentKey} must be 1 to ${LIMITS.idempotencyKeyMaxLength} characters, got ${raw.length}`,
        'invalid_idempotent_key',
      )
    }
    note(
      notes,
      era.malformedIdempotencyKey,
      'malformed-idempotency-key',
      `${HEADERS.idempotentKey} of ${raw.length} characters`,
    )
  }
  const key = raw === null || raw.length === 0 ? undefined : raw
  if (key === undefined) {
    noteUse(notes, 'missing-idempotency-key')
    if (era.missingIdempotencyKey === 'refused') {
      throw new RuleError(
        400,
        `${HEADERS.idempotentKey} header is required for this endpoint`,
        'missing_idempotent_key',
        {
          endpoint: path,
          required_header: HEADERS.idempotentKey,
          documentation: DOCS,
        },
      )
    }
    note(notes, era.missingIdempotencyKey, 'missing-idempotency-key', HEADERS.idempotentKey)
    return {}
  }
  notes.idempotencyKey = key
  return { idempotencyKey: key }
}

/** Logs a warning for a deprecated use the era still accepts. */
function note(notes: RequestNotes, treatment: ContractEra['legacyAuth'], use: DeprecatedUse, what: string): void {
  if (treatment === 'deprecated') notes.warnings.push(deprecationNote(use, what))
}

function merchantFor(ctx: DomainContext, request: IncomingRequest, notes: RequestNotes): MerchantRecord {
  const apiKey = request.headers.get(HEADERS.apiKey)
  if (!apiKey) throw new RuleError(400, `Missing required header: ${HEADERS.apiKey}`)
  const merchant = merchantByApiKey(ctx, apiKey)
  if (!merchant) throw new RuleError(401, 'Invalid API credentials')
  notes.merchantId = merchant.merchantId
  // The key of a removed merchant still resolves (nobody revoked it), but the account is gone.
  if (merchant.removedAt !== null) throw new RuleError(404, 'Merchant not found')
  return merchant
}

/** X-App-Id must be the merchant's app id: a key and an app id of different merchants are bad credentials. */
function checkAppId(request: IncomingRequest, merchant: MerchantRecord): void {
  const appId = request.headers.get(HEADERS.appId)!
  if (!/^[1-9]\d{0,15}$/.test(appId)) {
    throw new RuleError(
      400,
      `${HEADERS.appId} must be the merchant's app id in decimal digits, got ${JSON.stringify(appId.slice(0, 40))}`,
    )
  }
  if (Number(appId) !== merchant.appId) throw new RuleError(401, 'Invalid API credentials')
}

/** X-Timestamp: Unix seconds in decimal digits, within the allowed skew of the mock clock. */
function checkTimestamp(ctx: DomainContext, timestamp: string): void {
  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new RuleError(
      400,
      `${HEADERS.timestamp} must be Unix time in seconds as decimal digits, ` +
        `got ${JSON.stringify(timestamp.slice(0, 40))}`,
    )
  }
  const tolerance = ctx.options.signatureToleranceSeconds
  const skew = Math.abs(Math.floor(ctx.clock.now() / 1000) - Number(timestamp))
  if (Number.isFinite(tolerance) && skew > tolerance) {
    const hint = timestamp.length >= 13 ? ' (it looks like milliseconds; send seconds)' : ''
    throw new RuleError(
      401,
      `${HEADERS.timestamp} is ${skew} s away from the server time; at most ${tolerance} s is allowed${hint}`,
      'invalid_timestamp',
    )
  }
}

function requiredHeader(request: IncomingRequest, name: string): string {
  const value = request.headers.get(name)
  if (!value) throw new RuleError(400, `Missing required header: ${name}`)
  return value
}

/**
 * The user behind the bearer token. On reset-pin (`reset-session`) a missing, malformed, unknown or expired
 * token is no token: the service decides on the verified session alone. With `resetPinBearer: 'required'`
 * a token sent there must be good too.
 */
function authenticateUser(
  ctx: DomainContext,
  request: IncomingRequest,
  auth: 'bearer' | 'reset-session',
): UserRecord | undefined {
  const lenient = auth === 'reset-session' && ctx.options.resetPinBearer !== 'required'
  const header = request.headers.get('Authorization')
  if (header === null || header.trim() === '') {
    if (auth === 'reset-session') return undefined
    throw new RuleError(401, 'Missing Authorization: Bearer <access_token>', 'unauthenticated')
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match) {
    if (lenient) return undefined
    throw new RuleError(401, 'Authorization must be "Bearer <access_token>"', 'unauthenticated')
  }
  const user = userByToken(ctx, match[1]!)
  if (!user) {
    if (lenient) return undefined
    throw new RuleError(401, 'Unknown or expired access token', 'invalid_token')
  }
  return user
}
