/**
 * @module pin-errors
 * The errors of the PIN module that have no counterpart in the gateway: a wrong PIN, a blocked PIN,
 * set-pin on a user who has a PIN (and the reverse), a wrong one-time code, and a reset session that
 * is missing or expired. Each extends {@link GatewayError} with a literal `name`, so the guards in
 * `guards.ts` recognise them across realms. The other PIN refusals reuse the gateway's classes
 * (`AuthenticationError` for 401, `NotFoundError` for an unknown contact, `InvalidRequestError` with
 * `code` for the rest).
 */
import { GatewayError, type GatewayErrorInit, setFields } from './gateway-error.js'

/**
 * What a {@link WrongPinError} or an {@link InvalidOtpError} knows besides the common fields.
 *
 * @example
 * ```ts
 * new WrongPinError('Wrong PIN', { status: 422, code: 'wrong_pin', attemptsRemaining: 3 })
 * ```
 */
export interface AttemptsErrorInit extends GatewayErrorInit {
  /** Wrong tries left before the next block (PIN) or before the session ends (one-time code). */
  attemptsRemaining?: number | undefined
}

/**
 * What a {@link PinLockedError} knows besides the common fields.
 *
 * @example
 * ```ts
 * new PinLockedError('PIN locked', { status: 429, code: 'pin_locked', lockedUntil: new Date('2026-11-02T09:01:00Z'),
 *   retryAfterSeconds: 60 })
 * ```
 */
export interface PinLockedErrorInit extends GatewayErrorInit {
  /** When the block ends, where the service says so. */
  lockedUntil?: Date | undefined
  /** Seconds until the block ends, where the service says so. */
  retryAfterSeconds?: number | undefined
}

/**
 * 422 `wrong_pin`: verify-pin, or `currentPin` of change-pin, did not match. Each one counts as a wrong
 * attempt; the 5th in a row (and every 5th after it) blocks the user for 1 minute instead
 * ({@link PinLockedError}).
 *
 * @example
 * ```ts
 * try {
 *   await client.pin.verify({ pin })
 * } catch (error) {
 *   if (error instanceof WrongPinError) showHint(`${error.attemptsRemaining} attempts left`)
 * }
 * ```
 */
export class WrongPinError extends GatewayError {
  override readonly name = 'WrongPinError'
  /** Wrong PINs left before the next block; undefined when the service did not say. */
  declare readonly attemptsRemaining: number | undefined

  constructor(message: string, init: AttemptsErrorInit = {}) {
    super(message, init)
    setFields(this, { attemptsRemaining: init.attemptsRemaining })
  }
}

/**
 * 429 `pin_locked`: too many wrong PINs in a row; every PIN check (even the right PIN) is refused until
 * the block ends. `lockedUntil` and `retryAfterSeconds` give the unlock time where known.
 *
 * @example
 * ```ts
 * if (error instanceof PinLockedError) showCountdown(error.lockedUntil ?? new Date(Date.now() + 60_000))
 * ```
 */
export class PinLockedError extends GatewayError {
  override readonly name = 'PinLockedError'
  /** When the block ends; undefined when the service did not say. */
  declare readonly lockedUntil: Date | undefined
  /** Seconds until the block ends, as the service counted them; undefined when it did not say. */
  declare readonly retryAfterSeconds: number | undefined

  constructor(message: string, init: PinLockedErrorInit = {}) {
    super(message, init)
    setFields(this, { lockedUntil: init.lockedUntil, retryAfterSeconds: init.retryAfterSeconds })
  }
}

/**
 * 409 `pin_already_set`: set-pin on a user who has a PIN. Use `pin.change` (or the reset flow).
 *
 * @example
 * ```ts
 * if (error instanceof PinAlreadySetError) goTo('/settings/change-pin')
 * ```
 */
export class PinAlreadySetError extends GatewayError {
  override readonly name = 'PinAlreadySetError'
}

/**
 * 409 `pin_not_set`: verify-pin or change-pin on a user who has no PIN yet. Use `pin.set` first.
 *
 * @example
 * ```ts
 * if (error instanceof PinNotSetError) goTo('/settings/set-pin')
 * ```
 */
export class PinNotSetError extends GatewayError {
  override readonly name = 'PinNotSetError'
}

/**
 * 422 `otp_invalid`: the one-time code of a PIN reset is wrong. The session stays open while
 * `attemptsRemaining` is above 0; the last wrong code ends it (then start again with
 * `pinReset.request`).
 *
 * @example
 * ```ts
 * if (error instanceof InvalidOtpError) showHint(error.attemptsRemaining ? 'Wrong code,
 *   try again' : 'Request a new code')
 * ```
 */
export class InvalidOtpError extends GatewayError {
  override readonly name = 'InvalidOtpError'
  /** Wrong codes left before the session ends; undefined when the service did not say. */
  declare readonly attemptsRemaining: number | undefined

  constructor(message: string, init: AttemptsErrorInit = {}) {
    super(message, init)
    setFields(this, { attemptsRemaining: init.attemptsRemaining })
  }
}

/**
 * A PIN reset session is missing or expired: `otp_session_invalid` (verify-otp: the session from
 * forgot-pin is unknown, expired after 10 minutes, ended by wrong codes, already verified, or another
 * user's) or `reset_session_invalid` (reset-pin: the verified session is unknown, expired or already
 * used). Start again with `pinReset.request`.
 *
 * @example
 * ```ts
 * if (error instanceof ResetSessionError) restartReset('Your code expired, we sent a new one')
 * ```
 */
export class ResetSessionError extends GatewayError {
  override readonly name = 'ResetSessionError'
}
