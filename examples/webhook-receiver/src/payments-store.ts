/**
 * @module payments-store
 * What a receiver does with a verified webhook, once the signature has said "this really came from the
 * gateway". Verification does not say "this is new" or "this is the latest": the gateway retries a
 * delivery that was not acknowledged (so the same webhook can arrive twice, e.g. when our 200 was lost),
 * and deliveries can arrive out of order. So processing must be
 *
 * - idempotent, keyed by `transactionId`: a webhook already applied is ignored, and the side effect
 *   (fulfilling the order) happens once per order, however many times its webhook arrives;
 * - ordered by `createTimeMilli`, not by arrival: for one transaction the newest status wins, and news
 *   older than what we hold is ignored; an order counts as paid once any of its payments succeeded,
 *   whatever failed attempt is delivered after it.
 *
 * In memory here; in a real backend the same rules are one database transaction, e.g. an upsert on
 * `transaction_id` that only overwrites a row whose `create_time_milli` is older, and the fulfilment
 * recorded in the same transaction.
 */
import type { WebhookPayload } from '@merchant-gateway/sdk/webhooks'

/** A payment as the store knows it: the fields of its newest webhook. */
export interface PaymentRecord {
  transactionId: number
  orderId: number
  /** The webhook status: `SUCCESS`, or `FAILED` for a failed payment (no other value is documented). */
  status: string
  amount: number
  currency: string
  accountName: string
  accountNumber: string
  /** When the gateway created the webhook this record comes from (epoch ms). */
  createTimeMilli: number
}

/**
 * What {@link PaymentsStore.apply} did with a webhook:
 * - `applied`: new transaction, or newer news about a known one (stored);
 * - `duplicate`: the same status at the same time as stored: a redelivery, ignored;
 * - `stale`: older than what is stored: an out-of-order delivery, ignored.
 */
export type ApplyOutcome = 'applied' | 'duplicate' | 'stale'

/** Options of {@link PaymentsStore}. */
export interface PaymentsStoreOptions {
  /**
   * Called once per order, the first time a `SUCCESS` payment of it is applied: ship the goods, send the
   * receipt. Never called twice for an order, whatever arrives later.
   */
  onPaid?: (payment: PaymentRecord) => void
}

/**
 * The receiver's record of payments, built from verified webhooks.
 *
 * @example
 * ```ts
 * const store = new PaymentsStore({ onPaid: (p) => fulfil(p.orderId) })
 * store.apply(payload) // 'applied'
 * store.apply(payload) // 'duplicate': fulfil() was not called again
 * store.isPaid(payload.orderId) // true
 * ```
 */
export class PaymentsStore {
  readonly #payments = new Map<number, PaymentRecord>()
  readonly #paidOrders = new Set<number>()
  readonly #onPaid: ((payment: PaymentRecord) => void) | undefined

  constructor(options: PaymentsStoreOptions = {}) {
    this.#onPaid = options.onPaid
  }

  /**
   * Applies one verified webhook: stores it unless it is a redelivery or older than what is stored, and
   * fulfils its order the first time the order is paid.
   *
   * @returns what was done with it (see {@link ApplyOutcome}).
   * @example
   * ```ts
   * const receiver = await startWebhookReceiver({ apiSecret, onEvent: (payload) => store.apply(payload) })
   * ```
   */
  apply(payload: WebhookPayload): ApplyOutcome {
    const current = this.#payments.get(payload.transactionId)
    if (current !== undefined) {
      if (payload.createTimeMilli < current.createTimeMilli) return 'stale'
      // Same time and same status: the same webhook again (a retry after a lost 200, or a duplicate POST).
      // Same time with another status cannot be ordered by time; the later arrival wins.
      if (payload.createTimeMilli === current.createTimeMilli && payload.status === current.status) return 'duplicate'
    }
    const record: PaymentRecord = {
      transactionId: payload.transactionId,
      orderId: payload.orderId,
      status: payload.status,
      amount: payload.amount,
      currency: payload.currency,
      accountName: payload.accountName,
      accountNumber: payload.accountNumber,
      createTimeMilli: payload.createTimeMilli,
    }
    this.#payments.set(record.transactionId, record)
    // The side effect is keyed by order, not by delivery: at most one fulfilment per order.
    if (record.status === 'SUCCESS' && !this.#paidOrders.has(record.orderId)) {
      this.#paidOrders.add(record.orderId)
      this.#onPaid?.(record)
    }
    return 'applied'
  }

  /**
   * The newest known state of a transaction, or undefined.
   *
   * @example
   * ```ts
   * store.payment(700001)?.status // 'SUCCESS'
   * ```
   */
  payment(transactionId: number): PaymentRecord | undefined {
    const record = this.#payments.get(transactionId)
    return record && { ...record }
  }

  /**
   * Every known payment of an order (or of all orders), oldest first by `createTimeMilli`.
   *
   * @example
   * ```ts
   * store.payments(1001).map((p) => p.status) // ['FAILED', 'SUCCESS']: a failed attempt, then the paid one
   * ```
   */
  payments(orderId?: number): PaymentRecord[] {
    return [...this.#payments.values()]
      .filter((p) => orderId === undefined || p.orderId === orderId)
      .sort((a, b) => a.createTimeMilli - b.createTimeMilli || a.transactionId - b.transactionId)
      .map((p) => ({ ...p }))
  }

  /**
   * True once any payment of the order succeeded; a failed attempt delivered later does not undo it.
   *
   * @example
   * ```ts
   * if (store.isPaid(orderId)) showReceipt(orderId)
   * ```
   */
  isPaid(orderId: number): boolean {
    return this.#paidOrders.has(orderId)
  }
}
