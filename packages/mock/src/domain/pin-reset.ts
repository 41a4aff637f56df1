/**
 * @module pin-reset
 * Resetting a forgotten PIN by one-time code (the documented recovery sequence):
 *
 *   forgot-pin  -> an open session (10 minutes) and a 6-digit code sent to a verified contact of the user
 *   verify-otp  -> the right code and session make a verified session under a NEW id; the old id is dead
 *   reset-pin   -> a verified, unexpired session: the new PIN is hashed and stored, the lockout cleared,
 *                  the session deleted (single use)
 *
 * Our decisions (docs/decisions.md): a session is dropped at its expiry or when used; a new forgot-pin
 * ends the user's earlier sessions (only the latest code works); at most 5 codes per user in 15 minutes (option
 * `forgotPinLimit`); the 5th wrong code ends the session; a verified session has its own 10 minutes; codes are
 * stored hashed; the code in the outbox is the message as sent. reset-pin accepts the session id alone,
 * as the service does even though its interface description marks reset-pin as bearer-protected (a security
 * finding, docs/decisions.md): a bearer token, anyone's, changes nothing.
 * Option `resetPinBearer` makes it stricter: `'owner-if-sent'` refuses another user's token, `'required'`
 * needs the owner's.
 */
import { PIN_RULES } from '@merchant-gateway/contract'
import type { OtpSessionRecord, Phone, UserRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import { hashSecret, matchesSecret } from './pin-hash.js'
import { checkPinFormat, replacePin } from './pins.js'
import { RuleError } from './rule-error.js'
import { ENDING_WRONG_CODE, SESSION_OVER } from './state-machines.js'
import { insertSession, moveSession } from './state-moves.js'

/** The contact a reset code goes to. */
export type Contact = { channel: 'email'; email: string } | { channel: 'phone'; phone: Phone }

/** The session id and lifetime forgot-pin answers with. */
export interface OpenedSession {
  sessionId: string
  expiresInSeconds: number
}

/**
 * Refuses a forgot-pin once the user was sent `max` codes within the window (option `forgotPinLimit`):
 * one-time codes are guessed 5 at a time per session, and unlimited sessions would allow millions of
 * guesses an hour. Checked before anything else, so a refused request says nothing about the contact.
 */
function checkResetRate(ctx: DomainContext, user: UserRecord, now: number): number[] {
  const limit = ctx.options.forgotPinLimit
  if (limit === false) return []
  const windowMs = limit.windowSeconds * 1000
  const recent = user.resetCodesSentAt.filter((at) => at > now - windowMs)
  if (recent.length >= limit.max) {
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000))
    throw new RuleError(
      429,
      `Too many reset codes: at most ${limit.max} in ${limit.windowSeconds} s; try again in ${retryAfter} s`,
      'too_many_reset_requests',
      undefined,
      { retry_after_seconds: retryAfter, limit: limit.max, window_seconds: limit.windowSeconds },
    )
  }
  return recent
}

/** Opens a reset session for a verified contact of the signed-in user and sends a code. */
export async function forgotPin(ctx: DomainContext, user: UserRecord, contact: Contact): Promise<OpenedSession> {
  const recent = checkResetRate(ctx, user, ctx.clock.now())
  const to = addressOf(contact)
  const owned =
    contact.channel === 'email'
      ? user.email !== null && user.email.toLowerCase() === to
      : user.phone !== null && addressOf({ channel: 'phone', phone: user.phone }) === to
  if (!owned)
    throw new RuleError(
      404,
      `This ${contact.channel === 'email' ? 'e-mail' : 'phone'} is not one of the signed-in user's contacts`,
      'contact_not_found',
    )
  const verified = contact.channel === 'email' ? user.emailVerified : user.phoneVerified
  if (!verified)
    throw new RuleError(
      422,
      `This ${contact.channel === 'email' ? 'e-mail' : 'phone'} is not verified; verify it first`,
      'contact_not_verified',
    )

  const now = ctx.clock.now()
  for (const earlier of ctx.db.otpSessions.group('byUser', user.userId)) {
    if (earlier.state === 'open') moveSession(ctx, earlier, 'ended', 'a new forgot-pin')
  }
  const sessionId = globalThis.crypto.randomUUID()
  const code = sixDigits()
  const session = insertSession(
    ctx,
    {
      sessionId,
      userId: user.userId,
      channel: contact.channel,
      to,
      codeHash: JSON.stringify(await hashSecret(code, 1000)),
      state: 'open',
      wrongCodes: 0,
      expiresAt: now + PIN_RULES.otpSessionSeconds * 1000,
      createdAt: now,
    },
    'forgot-pin',
  )
  forgetWhenExpired(ctx, session)
  const sent = ctx.db.outbox.insert({
    id: ctx.db.nextId('outbox'),
    userId: user.userId,
    channel: contact.channel,
    to,
    code,
    sessionId,
    sentAt: now,
  })
  ctx.history.outbox.add(sent, now)
  ctx.db.users.patch(user, { resetCodesSentAt: [...recent, now] })
  return { sessionId, expiresInSeconds: PIN_RULES.otpSessionSeconds }
}

/** Checks a code against an open session; the right one makes a verified session under a new id. */
export async function verifyOtp(
  ctx: DomainContext,
  user: UserRecord,
  input: { contact: Contact; code: string; sessionId: string },
): Promise<string> {
  if (typeof input.code !== 'string' || !PIN_RULES.otpPattern.test(input.code))
    throw new RuleError(400, 'otp_code must be exactly 6 digits', 'invalid_request')
  const now = ctx.clock.now()
  const session = ctx.db.otpSessions.get('bySessionId', input.sessionId)
  // One answer for unknown, another user's, another contact's: a session id reveals nothing.
  if (!session || session.userId !== user.userId || session.to !== addressOf(input.contact)) {
    throw new RuleError(
      400,
      'No open reset session with this session_id for this user and contact',
      'otp_session_invalid',
    )
  }
  if (session.state !== 'open')
    throw new RuleError(
      400,
      `This reset session is ${session.state === 'verified' ? 'already verified' : 'ended'}; request a new code`,
      'otp_session_invalid',
    )
  if (now >= session.expiresAt)
    throw new RuleError(400, 'This reset session expired; request a new code', 'otp_session_invalid')

  const dev = ctx.options.otpDevCode !== undefined && input.code === ctx.options.otpDevCode
  if (!dev && !(await matchesSecret(input.code, JSON.parse(session.codeHash)))) {
    const wrong = session.wrongCodes + 1
    const remaining = PIN_RULES.otpMaxWrongCodes - wrong
    if (remaining <= 0) moveSession(ctx, session, 'ended', ENDING_WRONG_CODE, { wrongCodes: wrong })
    else ctx.db.otpSessions.patch(session, { wrongCodes: wrong })
    throw new RuleError(
      422,
      remaining <= 0
        ? 'Wrong code; too many wrong codes, this reset session ended: request a new code'
        : `Wrong code; ${remaining} attempt(s) left`,
      'otp_invalid',
      undefined,
      { attempts_remaining: Math.max(remaining, 0) },
    )
  }
  const verifiedId = globalThis.crypto.randomUUID()
  moveSession(ctx, session, 'verified', 'verify-otp, right code', {
    sessionId: verifiedId,
    expiresAt: now + PIN_RULES.otpSessionSeconds * 1000,
  })
  forgetWhenExpired(ctx, session)
  return verifiedId
}

/**
 * Stores a new PIN on a verified session and deletes the session. `bearer` is the user of the caller's token,
 * if it sent one the mock knows; by default it plays no part.
 */
export async function resetPin(
  ctx: DomainContext,
  bearer: UserRecord | undefined,
  input: { sessionId: string; newPin: string },
): Promise<void> {
  checkPinFormat(input.newPin, 'new_pin')
  const session: OtpSessionRecord | undefined = ctx.db.otpSessions.get('bySessionId', input.sessionId)
  const owner = session ? ctx.db.users.get('byId', session.userId) : undefined
  if (!session || !owner || session.state !== 'verified' || ctx.clock.now() >= session.expiresAt) {
    throw new RuleError(400, 'No verified, unexpired reset session with this session_id', 'reset_session_invalid')
  }
  const policy = ctx.options.resetPinBearer
  // Another user's token: the same answer as an unknown session, so a session id reveals nothing.
  if (policy !== 'ignored' && bearer !== undefined && bearer.userId !== owner.userId) {
    throw new RuleError(400, 'No verified, unexpired reset session with this session_id', 'reset_session_invalid')
  }
  if (policy === 'required' && bearer === undefined) {
    throw new RuleError(401, 'reset-pin needs the bearer token of the user who verified the code', 'unauthenticated')
  }
  await replacePin(ctx, owner, input.newPin)
  moveSession(ctx, session, null, 'reset-pin')
}

/**
 * A session is dropped when its time is up (open, verified or ended alike: none can be used any more;
 * verify-otp then answers an unknown session's 400 `otp_session_invalid`, the same status and code).
 * A verified session gets its own expiry, so only the entry matching the current expiry drops it. Also how a
 * loaded state's sessions get their expiry.
 *
 * @example
 * ```ts
 * forgetWhenExpired(ctx, session) // dropped at the first call once the clock reaches session.expiresAt
 * ```
 */
export function forgetWhenExpired(ctx: DomainContext, session: OtpSessionRecord): void {
  const { expiresAt } = session
  ctx.retention.expireAt(expiresAt, () => {
    if (ctx.db.otpSessions.has(session) && session.expiresAt === expiresAt)
      moveSession(ctx, session, null, SESSION_OVER)
  })
}

/** A contact normalised for comparison: lower-case e-mail, or "+<phone code> <number> (<country>)". */
function addressOf(contact: Contact): string {
  return contact.channel === 'email'
    ? contact.email.toLowerCase()
    : `+${contact.phone.phoneCode} ${contact.phone.phoneNumber} (${contact.phone.countryCode})`
}

function sixDigits(): string {
  // Rejection sampling keeps every code equally likely.
  const buffer = new Uint32Array(1)
  let n: number
  do n = globalThis.crypto.getRandomValues(buffer)[0]!
  while (n >= 4_294_000_000)
  return String(n % 1_000_000).padStart(6, '0')
}
