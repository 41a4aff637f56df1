/**
 * @module rule-error
 * The one error the domain throws when a request breaks a rule of the gateway. It carries what the HTTP layer needs
 * to shape the documented body: the status, and a code for the code-style body.
 */
import type { ErrorCode, PinErrorCode } from '@merchant-gateway/contract'

/**
 * A refused request. Without `code` it is answered with the status-style body
 * `{statusCode, message, error}`; with `code`, with the code-style body `{error: {code, message, request_id}}`.
 *
 * @example
 * ```ts
 * throw new RuleError(409, 'Order 1001 is completed; refund it instead', 'order_not_cancellable')
 * ```
 */
export class RuleError extends Error {
  override readonly name = 'RuleError'

  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode | PinErrorCode,
    readonly details?: Readonly<Record<string, string>>,
    /** For the PIN module's envelope: the refusal's `data` (e.g. `attempts_remaining`). */
    readonly data?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
  }
}

/**
 * True for a {@link RuleError}.
 *
 * @example
 * ```ts
 * try {
 *   await mock.merchants.create({ balances: { usd: -1 } })
 * } catch (error) {
 *   if (isRuleError(error)) console.log(error.status, error.message) // 400 'balances.usd must be a number >= 0 ...'
 * }
 * ```
 */
export function isRuleError(error: unknown): error is RuleError {
  return error instanceof RuleError
}
