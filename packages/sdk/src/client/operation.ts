/**
 * @module operation
 * What the SDK adds to the contract's description of a gateway operation, stated by the resource method that
 * calls it: the method a merchant calls (`refunds.create` for `refundOrder`), named in every message about
 * the call, and the names its parameters have where they differ from the wire's fields (`amount` for
 * `refundAmount`). Everything else (method, path, authentication, retry safety, envelope, the schemas of the
 * request and the answer) the transport reads off the contract's tables, where each operation is described
 * once.
 */

/**
 * The public side of one call: the SDK method, and its parameters' names by wire field.
 *
 * @example
 * ```ts
 * const REFUND: PublicCall = { method: 'refunds.create', params: { refundAmount: 'amount' } }
 * ```
 */
export interface PublicCall {
  /** What a merchant calls, as messages name it: `refunds.create`. */
  readonly method: string
  /** The SDK's name of a wire field, where they differ (`refundAmount` is `amount`). */
  readonly params?: Readonly<Record<string, string>>
}
