/**
 * @module verify/side
 * One side of a `verify` run (the target, or the in-process mock): where its requests go, with which
 * credentials and clock, and what it was given to work with (a paid order, a user's token).
 */

/**
 * A paid order of one side and its transaction: the target's from the team (`--paid-order`,
 * `--paid-transaction`), the mock's paid by the verify run itself.
 *
 * @example
 * ```ts
 * const paid: PaidOrder = { orderId: '1042', transactionId: '88121' }
 * ```
 */
export interface PaidOrder {
  orderId: string
  transactionId: string
}

/**
 * One side of the comparison: where to send the requests and with which credentials.
 *
 * @example
 * ```ts
 * const side: Side = { fetch, baseUrl: 'https://sandbox.example', apiKey: 'mk_...', apiSecret: 'sk_...',
 *   nowMs: () => Date.now() }
 * ```
 */
export interface Side {
  fetch: typeof fetch
  baseUrl: string
  apiKey: string
  apiSecret: string
  /** A signed-in user's access token, for the PIN module's checks. */
  bearer?: string
  /** The account a payout of the smallest amount goes to (`--money`). */
  payoutAccount?: string
  /** A paid order of this side: its transaction is read and, with `money`, refunded the smallest amount. */
  paid?: PaidOrder
  /** How long one request may take before it counts as no answer; none when absent. */
  timeoutMs?: number
  /**
   * Aborted to stop the run (Ctrl-C, SIGTERM): no new step is sent, the request in flight finishes, and the
   * orders made so far are cancelled before `runScenario` rejects with `VerifyStopped`.
   */
  stop?: AbortSignal
  /** Why the side is known not to answer (the clock probe got none): then no step is sent. */
  unreachable?: string
  /** Told of each order the run made on this side and of each it cancelled, so a hard stop can name them. */
  onOrder?: (orderId: string, event: 'made' | 'cancelled') => void
  /** The side's clock, for `X-Timestamp` (Unix seconds, within 300 s of the side's own). */
  nowMs(): number
}
