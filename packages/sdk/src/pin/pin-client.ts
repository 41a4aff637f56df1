/**
 * @module pin-client
 * The signed-in user's client of the PIN module: `client.pin` (set, verify, change) and
 * `client.pinReset` (forgot-pin, verify-otp, reset-pin), sharing one transport on one ky instance. It
 * imports neither the gateway client nor zod, so a browser PIN screen stays small (`npm run size`).
 */
import { DeprecationNotices } from '../http/deprecation.js'
import { resolvePinOptions, type PinClientOptions } from './options.js'
import { Pin } from './pin.js'
import { PinReset } from './pin-reset.js'
import { PinTransport } from './transport.js'

/** Deprecation texts already reported, shared with the clients made by `withOptions` (see GatewayClient). */
const families = new WeakMap<PinClientOptions, DeprecationNotices>()

/**
 * A typed client of the PIN module, for the signed-in user whose access token it sends.
 *
 * No call is ever retried, on any failure: PIN calls are not idempotent (a repeated verify would count
 * as a second attempt, a repeated request would send a second code) and the service has no idempotency
 * key. A `ConnectionError` or `RequestTimeoutError` means the outcome is unknown; let the user decide.
 *
 * @example
 * ```ts
 * import { PinClient } from '@merchant-gateway/sdk/pin'
 *
 * const client = new PinClient({ baseUrl: 'https://api.example.com', accessToken: () => auth.currentAccessToken() })
 * await client.pin.set({ pin: '012345' })
 * await client.pin.verify({ pin: '012345' })
 *
 * const { sessionId } = await client.pinReset.request({ email: 'dara@example.com' })
 * const verified = await client.pinReset.verifyCode({ sessionId, code: '482913', email: 'dara@example.com' })
 * await client.pinReset.complete({ sessionId: verified.sessionId, newPin: '908172' })
 * ```
 */
export class PinClient {
  /** Set, verify and change the PIN. */
  readonly pin: Pin
  /** Reset a forgotten PIN with a one-time code. */
  readonly pinReset: PinReset

  readonly #options: PinClientOptions
  readonly #notices: DeprecationNotices

  constructor(options: PinClientOptions) {
    this.#notices = families.get(options) ?? new DeprecationNotices()
    const transport = new PinTransport(resolvePinOptions(options), this.#notices)
    this.#options = { ...options }
    this.pin = new Pin(transport)
    this.pinReset = new PinReset(transport)
  }

  /**
   * A client with other defaults; this one is unchanged.
   *
   * @example
   * ```ts
   * const asOtherUser = client.withOptions({ accessToken: otherToken })
   * const patient = client.withOptions({ timeout: 60_000 })
   * ```
   */
  withOptions(options: Partial<PinClientOptions>): PinClient {
    const merged: PinClientOptions = { ...this.#options, ...options }
    // A new environment replaces the base URL (and the other way round) rather than clashing with it.
    if (options.environment !== undefined && options.baseUrl === undefined) delete merged.baseUrl
    if (options.baseUrl !== undefined && options.environment === undefined) delete merged.environment
    families.set(merged, this.#notices)
    // Through `this.constructor`, not the class's own name: a subclass gets its own kind back, and a
    // class body that names itself is renamed by bundlers (`_PinClient`), which stack traces then show.
    const Client = this.constructor as new (options: PinClientOptions) => PinClient
    return new Client(merged)
  }
}
