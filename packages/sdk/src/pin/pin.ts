/**
 * @module pin-resource
 * `client.pin`: set, verify and change the signed-in user's PIN.
 */
import type { WithMeta } from '../client/metadata.js'
import { ClientValidationError } from '../errors/classes.js'
import type { PinRequestOptions } from './options.js'
import { messageResult, type PinResult } from './results.js'
import type { PinTransport } from './transport.js'
import { checkParams, checkPin } from './validate.js'

/**
 * Parameters of {@link Pin.set}.
 *
 * @example
 * ```ts
 * const params: PinSetParams = { pin: '012345' }
 * ```
 */
export interface PinSetParams {
  /** Exactly 6 digits, as a string (a number would lose leading zeros). */
  pin: string
}

/**
 * Parameters of {@link Pin.verify}.
 *
 * @example
 * ```ts
 * const params: PinVerifyParams = { pin: '012345' }
 * ```
 */
export interface PinVerifyParams {
  /** Exactly 6 digits, as a string. */
  pin: string
}

/**
 * Parameters of {@link Pin.change}.
 *
 * @example
 * ```ts
 * const params: PinChangeParams = { currentPin: '012345', newPin: '908172' }
 * ```
 */
export interface PinChangeParams {
  /** The PIN the user has now; a wrong one counts as a wrong attempt, as in verify. */
  currentPin: string
  /** The new PIN: exactly 6 digits, different from `currentPin`. */
  newPin: string
}

/**
 * The signed-in user's PIN. Every call sends `Authorization: Bearer <accessToken>` and is sent once,
 * never retried: a repeated verify would count as a second attempt.
 *
 * @example
 * ```ts
 * await client.pin.set({ pin: '012345' })
 * await client.pin.verify({ pin: '012345' }) // before a sensitive action
 * await client.pin.change({ currentPin: '012345', newPin: '908172' })
 * ```
 */
export class Pin {
  readonly #transport: PinTransport

  constructor(transport: PinTransport) {
    this.#transport = transport
  }

  /**
   * Sets the PIN of a user who has none (set-pin). A user who has one gets `PinAlreadySetError`: use
   * {@link Pin.change} or the reset flow.
   *
   * @example
   * ```ts
   * const { message } = await client.pin.set({ pin: '012345' }) // 'PIN set successfully'
   * ```
   */
  async set(params: PinSetParams, options?: PinRequestOptions): Promise<WithMeta<PinResult>> {
    const pin = checkPin(checkParams(params, "pin.set({ pin: '012345' })").pin, 'pin')
    return messageResult(await this.#transport.call('setPin', { pin }, options, 'pin.set'))
  }

  /**
   * Checks the PIN (verify-pin), e.g. before confirming a transaction. A wrong PIN is a `WrongPinError`
   * with `attemptsRemaining`; the 5th wrong in a row (and every 5th after it) blocks the user for
   * 1 minute, and every verify during the block is a `PinLockedError`, even with the right PIN. A user
   * without a PIN gets `PinNotSetError`. Sent once, never retried: a retry would count twice.
   *
   * @example
   * ```ts
   * try {
   *   await client.pin.verify({ pin: input.value })
   *   confirmPayment()
   * } catch (error) {
   *   if (isWrongPinError(error)) showHint(`${error.attemptsRemaining} attempts left`)
   *   else if (isPinLockedError(error)) showCountdown(error.lockedUntil)
   *   else throw error
   * }
   * ```
   */
  async verify(params: PinVerifyParams, options?: PinRequestOptions): Promise<WithMeta<PinResult>> {
    const pin = checkPin(checkParams(params, "pin.verify({ pin: '012345' })").pin, 'pin')
    return messageResult(await this.#transport.call('verifyPin', { pin }, options, 'pin.verify'))
  }

  /**
   * Replaces the PIN (change-pin). `currentPin` must match (a wrong one is a `WrongPinError` and counts
   * as a wrong attempt); `newPin` must differ from it (checked here, before sending).
   *
   * @example
   * ```ts
   * await client.pin.change({ currentPin: '012345', newPin: '908172' })
   * ```
   */
  async change(params: PinChangeParams, options?: PinRequestOptions): Promise<WithMeta<PinResult>> {
    const p = checkParams(params, "pin.change({ currentPin: '012345', newPin: '908172' })")
    const current_pin = checkPin(p.currentPin, 'currentPin')
    const new_pin = checkPin(p.newPin, 'newPin')
    if (new_pin === current_pin) throw new ClientValidationError('newPin must differ from currentPin')
    return messageResult(await this.#transport.call('changePin', { current_pin, new_pin }, options, 'pin.change'))
  }
}
