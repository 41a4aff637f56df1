/**
 * @module pins
 * Setting, verifying and changing a user's PIN:
 *
 * - exactly 6 digits everywhere; a malformed PIN is a 400 and never counts as a wrong attempt;
 * - set-pin only without a PIN (409 otherwise); verify-pin and change-pin only with one (409);
 * - a wrong PIN is 422 and counts; the 5th wrong in a row, and every 5th after it, blocks the user for
 *   1 minute on the mock clock with 429; during the block even the right PIN gets 429;
 * - a right PIN clears the counter. A wrong current_pin on change-pin counts like a wrong verify-pin
 *   (our decision: otherwise change-pin would be an unlimited PIN oracle).
 */
import { duration, PIN_RULES } from '@merchant-gateway/contract'
import type { UserRecord } from '../store/records.js'
import type { DomainContext } from './context.js'
import { hashSecret, matchesSecret } from './pin-hash.js'
import { RuleError } from './rule-error.js'
import { BLOCKING_WRONG_PIN, WRONG_PIN_BEFORE_BLOCK } from './state-machines.js'
import { movePin } from './state-moves.js'

/** The block's length as an adjective, from the contract's figure: `1-minute`, `90-second`. */
const BLOCK = duration(PIN_RULES.blockSeconds).replace(/ (\w+?)s?$/, '-$1')

/** Refuses anything but exactly 6 digits, naming the field. */
export function checkPinFormat(pin: unknown, field: string): string {
  if (typeof pin !== 'string' || !PIN_RULES.pinPattern.test(pin)) {
    throw new RuleError(400, `${field} must be exactly 6 digits, as a string`, 'invalid_pin_format')
  }
  return pin
}

/** Stores the first PIN of a user. */
export async function setPin(ctx: DomainContext, user: UserRecord, pin: string): Promise<void> {
  checkPinFormat(pin, 'pin')
  if (user.pin) throw new RuleError(409, 'A PIN is already set; use change-pin', 'pin_already_set')
  movePin(ctx, user, 'set-pin', {
    pin: await hashSecret(pin, ctx.options.pinHashIterations),
    wrongAttempts: 0,
    blockedUntil: null,
  })
}

/** Checks a PIN, counting wrong attempts and blocking on every 5th. */
export async function verifyPin(ctx: DomainContext, user: UserRecord, pin: string): Promise<void> {
  checkPinFormat(pin, 'pin')
  await checkAgainstStored(ctx, user, pin)
}

/** Replaces the PIN after checking the current one (which counts like verify-pin). */
export async function changePin(
  ctx: DomainContext,
  user: UserRecord,
  currentPin: string,
  newPin: string,
): Promise<void> {
  checkPinFormat(currentPin, 'current_pin')
  checkPinFormat(newPin, 'new_pin')
  // Refused before the PIN is checked: bad input changes no state (no counter moves) and reveals nothing.
  if (newPin === currentPin) throw new RuleError(422, 'new_pin must differ from current_pin', 'pin_unchanged')
  await checkAgainstStored(ctx, user, currentPin)
  movePin(ctx, user, 'change-pin', { pin: await hashSecret(newPin, ctx.options.pinHashIterations) })
}

/** Stores a PIN after a verified reset, clearing the lockout. */
export async function replacePin(ctx: DomainContext, user: UserRecord, pin: string): Promise<void> {
  movePin(ctx, user, 'reset-pin', {
    pin: await hashSecret(pin, ctx.options.pinHashIterations),
    wrongAttempts: 0,
    blockedUntil: null,
  })
}

async function checkAgainstStored(ctx: DomainContext, user: UserRecord, pin: string): Promise<void> {
  if (!user.pin) throw new RuleError(409, 'No PIN is set; use set-pin', 'pin_not_set')
  const now = ctx.clock.now()
  if (user.blockedUntil !== null && now < user.blockedUntil) throw locked(user.blockedUntil, now)
  if (await matchesSecret(pin, user.pin)) {
    movePin(ctx, user, 'the right PIN', { wrongAttempts: 0, blockedUntil: null }, now)
    return
  }
  const wrong = user.wrongAttempts + 1
  if (wrong % PIN_RULES.wrongAttemptsPerBlock === 0) {
    const blockedUntil = now + PIN_RULES.blockSeconds * 1000
    movePin(ctx, user, BLOCKING_WRONG_PIN, { wrongAttempts: wrong, blockedUntil }, now)
    throw locked(blockedUntil, now)
  }
  movePin(ctx, user, WRONG_PIN_BEFORE_BLOCK, { wrongAttempts: wrong }, now)
  const remaining = PIN_RULES.wrongAttemptsPerBlock - (wrong % PIN_RULES.wrongAttemptsPerBlock)
  throw new RuleError(422, `Wrong PIN; ${remaining} attempt(s) left before a ${BLOCK} block`, 'wrong_pin', undefined, {
    attempts_remaining: remaining,
  })
}

function locked(until: number, now: number): RuleError {
  const seconds = Math.ceil((until - now) / 1000)
  return new RuleError(429, `Too many wrong PINs; try again in ${seconds} s`, 'pin_locked', undefined, {
    locked_until: new Date(until).toISOString(),
    retry_after_seconds: seconds,
  })
}
