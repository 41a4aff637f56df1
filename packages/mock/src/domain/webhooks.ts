/**
 * @module webhooks
 * Payment notifications. When a payment status is reported, the mock builds the webhook payload of
 * SPEC.md, signs it with the merchant's API secret (X-Signature = lowercase hex HMAC-SHA256 over the raw
 * body followed by floor(createTimeMilli / 1000)), records it, and hands it to in-process listeners.
 * The raw body is kept byte for byte, since the signature covers exactly those bytes.
 */
import { fromMinorUnits, HEADERS, type WebhookPayload } from '@merchant-gateway/contract'
import type { TransactionRecord, WebhookRecord } from '../store/records.js'
import type { DomainContext } from './context.js'

/**
 * One webhook as a listener receives it: what an HTTP receiver would get.
 *
 * @example
 * ```ts
 * mock.webhooks.on((delivery: WebhookDelivery) => {
 *   console.log(delivery.payload.status, delivery.headers) // verify delivery.signature over delivery.rawBody
 * })
 * ```
 */
export interface WebhookDelivery {
  id: number
  merchantId: number
  url: string | null
  payload: WebhookPayload
  rawBody: string
  signature: string
  headers: Record<string, string>
}

/**
 * A function called with every webhook the mock sends.
 *
 * @example
 * ```ts
 * const received: WebhookDelivery[] = []
 * const listener: WebhookListener = (delivery) => { received.push(delivery) }
 * const off = mock.webhooks.on(listener)
 * off() // stop listening
 * ```
 */
export type WebhookListener = (delivery: WebhookDelivery) => void | Promise<void>

/**
 * Builds, signs, records and dispatches webhooks.
 *
 * @example
 * ```ts
 * const off = dispatcher.on((delivery) => console.log(delivery.payload.status))
 * ```
 */
export class WebhookDispatcher {
  readonly #listeners = new Set<WebhookListener>()

  /** Adds an in-process listener; returns a function that removes it. */
  on(listener: WebhookListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Sends the notification for a reported payment status, if that status sends one. */
  async paymentReported(ctx: DomainContext, tx: TransactionRecord, status: 'SUCCESS' | 'FAILED' | 'PENDING'): Promise<WebhookRecord | undefined> {
    if (status === 'PENDING' || !ctx.options.webhookStatuses.includes(status)) return undefined
    const merchant = ctx.db.merchants.get('byId', tx.merchantId)!
    const createTimeMilli = ctx.clock.now()
    const payload: WebhookPayload = {
      accountName: tx.accountName,
      accountNumber: tx.accountNumber,
      amount: fromMinorUnits(tx.amountMinor, tx.currency),
      appId: merchant.appId,
      createTimeMilli,
      currency: tx.currency,
      orderId: tx.orderId,
      status,
      transactionId: tx.transactionId,
    }
    const rawBody = JSON.stringify(payload)
    const signature = await ctx.signer.signWebhook({ secret: merchant.apiSecret, rawBody, createTimeMilli })
    const record = await ctx.db.webhooks.insert({
      id: ctx.db.nextId('webhook'),
      merchantId: merchant.merchantId,
      url: merchant.webhookUrl,
      payload: { ...payload, currency: tx.currency },
      rawBody,
      signature,
      status: 'recorded',
      attempts: [],
      createdAt: createTimeMilli,
    })
    this.#dispatch(ctx, record)
    return record
  }

  /** Forgets the listeners (not done by reset: listeners are test wiring, not state). */
  clearListeners(): void {
    this.#listeners.clear()
  }

  #dispatch(ctx: DomainContext, record: WebhookRecord): void {
    if (this.#listeners.size === 0) return
    const delivery = toDelivery(record)
    // Listeners run after the operation that caused the webhook has returned, as a real delivery would.
    queueMicrotask(() => {
      for (const listener of this.#listeners) {
        void Promise.resolve()
          .then(() => listener(delivery))
          .then(
            () => ctx.db.webhooks.patch(record, { status: 'delivered', attempts: [...record.attempts, { at: ctx.clock.now(), outcome: 'delivered', detail: 'in-process listener' }] }),
            (error: unknown) =>
              ctx.db.webhooks.patch(record, {
                status: 'failed',
                attempts: [...record.attempts, { at: ctx.clock.now(), outcome: 'failed', detail: `in-process listener threw: ${String(error)}` }],
              }),
          )
      }
    })
  }
}

/** The delivery a listener or a test sees for a webhook record. */
export function toDelivery(record: WebhookRecord): WebhookDelivery {
  return {
    id: record.id,
    merchantId: record.merchantId,
    url: record.url,
    payload: { ...record.payload },
    rawBody: record.rawBody,
    signature: record.signature,
    headers: { 'Content-Type': 'application/json', [HEADERS.signature]: record.signature },
  }
}
