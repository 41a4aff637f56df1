/**
 * @module pin-reset-resource
 * `client.pinReset`: the recovery sequence (forgot-pin, verify-otp, reset-pin) for a user
 * who forgot the PIN and can prove possession of a verified e-mail address or phone number.
 */
import type { WithMeta } from '../client/metadata.js'
import type { PinRequestOptions } from './options.js'
import {
  attachMeta,
  messageResult,
  type PinResetRequestResult,
  type PinResetVerifyCodeResult,
  type PinResult,
} from './results.js'
import type { PinTransport } from './transport.js'
import { checkCode, checkContact, checkParams, checkPin, checkSessionId, type PinContact } from './validate.js'

/**
 * Parameters of {@link PinReset.request}: the contact the code goes to, which must be the signed-in
 * user's and verified.
 *
 * @example
 * ```ts
 * const byEmail: PinResetRequestParams = { email: 'dara@example.com' }
 * const byPhone: PinResetRequestParams = { phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' } }
 * ```
 */
export type PinResetRequestParams = PinContact

/**
 * Parameters of {@link PinReset.verifyCode}: the session from {@link PinReset.request}, the code the user
 * received, and the same contact.
 *
 * @example
 * ```ts
 * const params: PinResetVerifyCodeParams = { sessionId, code: '482913', email: 'dara@example.com' }
 * ```
 */
export type PinResetVerifyCodeParams = PinContact & {
  /** The `sessionId` that {@link PinReset.request} returned. */
  sessionId: string
  /** The 6-digit one-time code the user received, as a string. */
  code: string
}

/**
 * Parameters of {@link PinReset.complete}.
 *
 * @example
 * ```ts
 * const params: PinResetCompleteParams = { sessionId: verified, newPin: '908172' }
 * ```
 */
export interface PinResetCompleteParams {
  /** The `sessionId` that {@link PinReset.verifyCode} returned (not the one from `request`). */
  sessionId: string
  /** The new PIN: exactly 6 digits, as a string. */
  newPin: string
}

const CONTACT_EXAMPLE =
  "{ email: 'name@example.com' } or { phone: { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' } }"

/**
 * Resetting a forgotten PIN with a one-time code: {@link PinReset.request} sends a code to a verified
 * contact, {@link PinReset.verifyCode} checks it and returns a verified session, and
 * {@link PinReset.complete} sets the new PIN with that session. The session lasts 10 minutes; a missing,
 * expired or used one is a `ResetSessionError` (start again). No call is retried: a repeated request
 * would send a second code.
 *
 * @example
 * ```ts
 * const { sessionId } = await client.pinReset.request({ email: 'dara@example.com' })
 * const code = await askUser('Enter the code we sent you')
 * const verified = await client.pinReset.verifyCode({ sessionId, code, email: 'dara@example.com' })
 * await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '908172' })
 * ```
 */
export class PinReset {
  readonly #transport: PinTransport

  constructor(transport: PinTransport) {
    this.#transport = transport
  }

  /**
   * Sends a one-time code to the user's verified e-mail address or phone number (forgot-pin) and opens
   * a session of 10 minutes. A contact that is not the user's is a `NotFoundError`
   * (`contact_not_found`); one that is not verified is an `InvalidRequestError` (`contact_not_verified`).
   *
   * @example
   * ```ts
   * const { sessionId, expiresIn } = await client.pinReset.request({ phone: { phoneCode: '855', countryCode: 'KH',
   *   phoneNumber: '12345678' } })
   * ```
   */
  async request(params: PinResetRequestParams, options?: PinRequestOptions): Promise<WithMeta<PinResetRequestResult>> {
    const contact = checkContact(checkParams(params, `pinReset.request(${CONTACT_EXAMPLE})`))
    const answer = await this.#transport.call('forgotPin', contact, options, 'pinReset.request')
    const { session_id: sessionId, expires_at: expiresIn } = answer.body.data
    return attachMeta({ message: answer.body.message, sessionId, expiresIn }, answer)
  }

  /**
   * Checks the one-time code (verify-otp) and returns the verified session, under a new id. A wrong code
   * is an `InvalidOtpError` with `attemptsRemaining`; the last wrong code ends the session, and an
   * unknown, expired, ended or already verified session is a `ResetSessionError`.
   *
   * @example
   * ```ts
   * const { sessionId: verified } = await client.pinReset.verifyCode({ sessionId, code: '482913',
   *   email: 'dara@example.com' })
   * ```
   */
  async verifyCode(
    params: PinResetVerifyCodeParams,
    options?: PinRequestOptions,
  ): Promise<WithMeta<PinResetVerifyCodeResult>> {
    const p = checkParams(params, `pinReset.verifyCode({ sessionId, code: '482913', ...${CONTACT_EXAMPLE} })`)
    const session_id = checkSessionId(p.sessionId, 'pinReset.request')
    const otp_code = checkCode(p.code, 'code')
    const contact = checkContact(p)
    const answer = await this.#transport.call(
      'verifyOtp',
      { ...contact, otp_code, session_id },
      options,
      'pinReset.verifyCode',
    )
    return attachMeta({ message: answer.body.message, sessionId: answer.body.data.session_id }, answer)
  }

  /**
   * Sets the new PIN with the verified session (reset-pin); the session is used up. A missing, expired
   * or already used session is a `ResetSessionError`. The access token is sent here too, although
   * the service documents that it accepts the session alone, so a service that enforces the token works.
   *
   * @example
   * ```ts
   * await client.pinReset.complete({ sessionId: verified, newPin: '908172' })
   * ```
   */
  async complete(params: PinResetCompleteParams, options?: PinRequestOptions): Promise<WithMeta<PinResult>> {
    const p = checkParams(params, "pinReset.complete({ sessionId, newPin: '908172' })")
    const session_id = checkSessionId(p.sessionId, 'pinReset.verifyCode')
    const new_pin = checkPin(p.newPin, 'newPin')
    return messageResult(await this.#transport.call('resetPin', { session_id, new_pin }, options, 'pinReset.complete'))
  }
}
