/**
 * @module pin-results
 * What the PIN calls return: small camelCase objects made from the PIN envelope, each with the same
 * non-enumerable `meta` as the gateway client's results (`JSON.stringify(result)` is just the data).
 */
import { withMeta, type WithMeta } from '../client/metadata.js'
import type { PinAnswer } from './transport.js'

/**
 * The result of `pin.set`, `pin.verify`, `pin.change` and `pinReset.complete`: the service's message.
 *
 * @example
 * ```ts
 * const { message } = await client.pin.set({ pin: '123456' }) // 'PIN set successfully'
 * ```
 */
export interface PinResult {
  /** The envelope's `message` (e.g. `'PIN set successfully'`). */
  message: string
}

/**
 * The result of `pinReset.request`: the session the one-time code belongs to.
 *
 * @example
 * ```ts
 * const { sessionId, expiresIn } = await client.pinReset.request({ email: 'dara@example.com' })
 * setTimeout(showExpired, expiresIn * 1000)
 * ```
 */
export interface PinResetRequestResult extends PinResult {
  /** `data.session_id`: pass it to `pinReset.verifyCode` with the code. */
  sessionId: string
  /** `data.expires_at`: seconds the session lasts from now (600: a session lasts 10 minutes), not a point in time. */
  expiresIn: number
}

/**
 * The result of `pinReset.verifyCode`: the verified session, a new id.
 *
 * @example
 * ```ts
 * const { sessionId } = await client.pinReset.verifyCode({ sessionId: requested, code, email })
 * await client.pinReset.complete({ sessionId, newPin })
 * ```
 */
export interface PinResetVerifyCodeResult extends PinResult {
  /** `data.session_id`: the verified session (not the one from `request`); pass it to `pinReset.complete`. */
  sessionId: string
}

/** `message` of the envelope, with `meta`. */
export function messageResult(answer: PinAnswer): WithMeta<PinResult> {
  return attachMeta({ message: answer.body.message }, answer)
}

/** Attaches the answer's `meta` (status, trace id; one attempt, no idempotency key). */
export function attachMeta<T extends object>(data: T, answer: PinAnswer): WithMeta<T> {
  return withMeta(data, {
    status: answer.status,
    traceId: answer.traceId,
    idempotencyKey: undefined,
    attempts: 1,
    replayed: false,
  })
}
