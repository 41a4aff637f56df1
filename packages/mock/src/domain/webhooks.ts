/**
 * @module webhooks
 * Payment notifications. When a payment status is reported, the mock builds the webhook payload, signs it
 * with the merchant's API secret (X-Signature = lowercase hex HMAC-SHA256 over the raw body followed by
 * floor(createTimeMilli / 1000)), records it, and hands it to in-process listeners. Before release 1.4.0
 * (by the mock clock) webhooks were not signed: they carry no X-Signature.
 * The raw body is kept byte for byte, since the signature covers exactly those bytes.
 *
 * When the merchant has a `webhookUrl`, the webhook is also POSTed there (see webhook-delivery.ts). A
 * failed attempt schedules a retry on the mock clock (`webhookRetrySchedule`); due retries start when
 * due work runs (clock moves, `settle()`, before each request with autoSettle, `deliverDue()`), never
 * on a real timer. Delivery never changes the payment that caused it.
 */
import {
  fromMinorUnits,
  type WebhookPayload,
  type WebhookStatus,
  type WebhookSwitches,
} from '@merchant-gateway/contract'
import { MinHeap } from '../store/min-heap.js'
import type { TransactionRecord, WebhookRecord } from '../store/records.js'
import type { DomainContext, Webhooks } from './context.js'
import { RuleError } from './rule-error.js'
import { eraNow } from './timeline.js'
import { postWebhook, webhookHeaders, type WebhookDelivery, type WebhookListener } from './webhook-delivery.js'

export type { WebhookDelivery, WebhookListener } from './webhook-delivery.js'

/**
 * Builds, signs, records and dispatches webhooks.
 *
 * @example
 * ```ts
 * const off = dispatcher.on((delivery) => console.log(delivery.payload.status))
 * ```
 */
export class WebhookDispatcher implements Webhooks {
  readonly #listeners = new Set<WebhookListener>()
  /**
   * Scheduled HTTP attempts by due time (mock clock), then id. An entry is current while its record's
   * `nextAttemptAt` still equals its `dueAt`; an attempt started early (a held webhook released) or a
   * record gone with a reset leaves a stale entry that is dropped when it reaches the top.
   */
  readonly #due = new MinHeap<{ dueAt: number; id: number }>((a, b) => a.dueAt - b.dueAt || a.id - b.id)
  /** Held webhooks per merchant, oldest first (ids grow), released by the merchant's next first attempt. */
  readonly #held = new Map<number, WebhookRecord[]>()
  /** Attempts started since the last {@link WebhookDispatcher.collect}. */
  #started: Array<Promise<void>> = []
  #armed = { duplicate: false, hold: false, staleSeconds: 0 }

  /** Adds an in-process listener; returns a function that removes it. */
  on(listener: WebhookListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The next webhook built is POSTed twice when delivered: the same raw body and signature. */
  duplicateNext(): void {
    this.#armed.duplicate = true
  }

  /** The next webhook built is held back and POSTed right after the merchant's following webhook's first attempt. */
  holdNext(): void {
    this.#armed.hold = true
  }

  /** The next webhook built carries a createTimeMilli `seconds` in the past, signed for that time. */
  staleNext(seconds: number): void {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
      throw new RangeError('[mock] staleNext(seconds): seconds must be a finite number >= 0')
    this.#armed.staleSeconds = seconds
  }

  /** Sends the notification for a reported payment status, if that status sends one. */
  async paymentReported(
    ctx: DomainContext,
    tx: TransactionRecord,
    status: 'SUCCESS' | 'FAILED' | 'PENDING',
  ): Promise<WebhookRecord | undefined> {
    if (status === 'PENDING' || !ctx.options.webhookStatuses.includes(status)) return undefined
    const merchant = ctx.db.merchants.get('byId', tx.merchantId)!
    const armed = this.#armed
    this.#armed = { duplicate: false, hold: false, staleSeconds: 0 }
    const now = ctx.clock.now()
    const createTimeMilli = now - Math.round(armed.staleSeconds * 1000)
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
    const signature = await signIfInForce(ctx, merchant.apiSecret, rawBody, createTimeMilli)
    const sends = merchant.webhookUrl !== null
    const record = ctx.db.webhooks.insert({
      id: ctx.db.nextId('webhook'),
      merchantId: merchant.merchantId,
      url: merchant.webhookUrl,
      payload: { ...payload, currency: tx.currency },
      rawBody,
      signature,
      status: 'recorded',
      attempts: [],
      nextAttemptAt: sends && !armed.hold ? now : null,
      held: sends && armed.hold,
      duplicate: sends && armed.duplicate,
      createdAt: now,
    })
    if (record.held) {
      const held = this.#held.get(record.merchantId)
      if (held) held.push(record)
      else this.#held.set(record.merchantId, [record])
    }
    this.#dispatch(ctx, record)
    if (record.nextAttemptAt !== null) this.#start(ctx, record)
    // Nothing will be sent over HTTP: it is history at once (a listener may still mark it delivered).
    else if (!sends) ctx.history.webhooks.add(record, now)
    return record
  }

  /**
   * Starts every HTTP attempt due at the clock's current time, oldest due first; returns how many
   * started. Looks only at the due entries: O(k log n) for k due out of n scheduled.
   */
  startDue(ctx: DomainContext): number {
    const now = ctx.clock.now()
    let count = 0
    for (let top = this.#due.peek(); top !== undefined && top.dueAt <= now; top = this.#due.peek()) {
      this.#due.pop()
      const record = ctx.db.webhooks.get('byId', top.id)
      if (!record || record.nextAttemptAt !== top.dueAt) continue
      this.#start(ctx, record)
      count++
    }
    return count
  }

  /** Entries in the queue of scheduled HTTP attempts (a void entry stays until its time, then is dropped). */
  get scheduledCount(): number {
    return this.#due.size
  }

  /** The attempts started since the last call (for a control call to wait for what it caused). */
  collect(): Array<Promise<void>> {
    const started = this.#started
    this.#started = []
    return started
  }

  /**
   * Sends a webhook again now, whatever its state (delivered, failed, or waiting for a retry, which this
   * attempt replaces): an attempt like a retry, stamped and signed at this time. A webhook of a merchant
   * without a webhook URL was only recorded: there is nothing to send (409).
   */
  redeliver(ctx: DomainContext, record: WebhookRecord): void {
    if (record.url === null) {
      throw new RuleError(409, `Webhook ${record.id} has no URL to send to: its merchant had no webhookUrl`)
    }
    if (record.held) ctx.db.webhooks.patch(record, { held: false })
    void this.#start(ctx, record)
  }

  /** Forgets scheduled attempts and armed options (used by reset; attempts in flight find their record gone). */
  reset(): void {
    this.#due.clear()
    this.#held.clear()
    this.#started = []
    this.#armed = { duplicate: false, hold: false, staleSeconds: 0 }
  }

  /** The next-webhook switches armed and not used yet. */
  switches(): WebhookSwitches {
    const { duplicate, hold, staleSeconds } = this.#armed
    return { duplicateNext: duplicate, holdNext: hold, staleNextSeconds: staleSeconds }
  }

  /**
   * Rebuilds what the dispatcher derives from the webhook records of a loaded state: an entry in the queue of
   * scheduled attempts for each `nextAttemptAt`, and the held webhooks per merchant (oldest first); sets the
   * switches. One pass over the webhooks, then O(log n) per scheduled attempt.
   */
  restore(ctx: DomainContext, switches: WebhookSwitches): void {
    for (const record of ctx.db.webhooks.all()) {
      if (record.nextAttemptAt !== null) this.#due.push({ dueAt: record.nextAttemptAt, id: record.id })
      if (record.held) {
        const held = this.#held.get(record.merchantId)
        if (held) held.push(record)
        else this.#held.set(record.merchantId, [record])
      }
    }
    for (const held of this.#held.values()) held.sort((a, b) => a.id - b.id)
    this.#armed = {
      duplicate: switches.duplicateNext,
      hold: switches.holdNext,
      staleSeconds: switches.staleNextSeconds,
    }
  }

  /** Forgets the listeners (not done by reset: listeners are test wiring, not state). */
  clearListeners(): void {
    this.#listeners.clear()
  }

  #start(ctx: DomainContext, record: WebhookRecord): Promise<void> {
    // Its heap entry, if any, goes stale here (nextAttemptAt no longer matches it).
    ctx.db.webhooks.patch(record, { nextAttemptAt: null })
    // The attempt starts after the operation that caused it has returned, as a real delivery would.
    const attempt = Promise.resolve().then(() => this.#attempt(ctx, record))
    this.#started.push(attempt)
    return attempt
  }

  async #attempt(ctx: DomainContext, record: WebhookRecord): Promise<void> {
    const url = record.url
    if (url === null) return
    const at = ctx.clock.now()
    if (record.attempts.length > 0 && ctx.options.webhookRetryStamp === 'fresh') await this.#restamp(ctx, record, at)
    const result = await postWebhook(ctx.options.webhookFetch, {
      url,
      rawBody: record.rawBody,
      signature: record.signature,
    })
    // A reset while the request ran removed the record: nothing to update.
    if (ctx.db.webhooks.get('byId', record.id) !== record) return
    const first = record.attempts.length === 0
    if (result.ok) {
      ctx.db.webhooks.patch(record, {
        status: 'delivered',
        attempts: [...record.attempts, { at, outcome: 'delivered', detail: result.detail }],
      })
      if (record.duplicate) {
        const again = await postWebhook(ctx.options.webhookFetch, {
          url,
          rawBody: record.rawBody,
          signature: record.signature,
        })
        if (ctx.db.webhooks.get('byId', record.id) !== record) return
        ctx.db.webhooks.patch(record, {
          attempts: [
            ...record.attempts,
            { at: ctx.clock.now(), outcome: again.ok ? 'delivered' : 'failed', detail: `duplicate: ${again.detail}` },
          ],
        })
      }
      ctx.history.webhooks.add(record, ctx.clock.now())
    } else {
      const attempts = [...record.attempts, { at, outcome: 'failed' as const, detail: result.detail }]
      const failures = attempts.filter((a) => a.outcome === 'failed').length
      const delay = ctx.options.webhookRetrySchedule[failures - 1]
      if (delay === undefined) {
        ctx.db.webhooks.patch(record, { status: 'failed', attempts })
        ctx.history.webhooks.add(record, ctx.clock.now())
      } else {
        ctx.db.webhooks.patch(record, { attempts, nextAttemptAt: at + delay })
        this.#due.push({ dueAt: at + delay, id: record.id })
      }
    }
    if (first) await this.#releaseHeld(ctx, record)
  }

  /**
   * Gives a retry a fresh createTimeMilli (the attempt's time) and the signature for it. The signed
   * message's only timestamp is createTimeMilli, so a retry sent with the first attempt's bytes an hour
   * later would be refused by every receiver that checks freshness (the SDK's 300 s by default): the
   * retry schedule would be useless. Each attempt is signed at its own time instead, as Stripe signs each
   * attempt; the record shows the bytes of the latest attempt.
   */
  async #restamp(ctx: DomainContext, record: WebhookRecord, at: number): Promise<void> {
    const merchant = ctx.db.merchants.get('byId', record.merchantId)
    if (!merchant) return
    const payload = { ...record.payload, createTimeMilli: at }
    const rawBody = JSON.stringify(payload)
    const signature = await signIfInForce(ctx, merchant.apiSecret, rawBody, at)
    if (ctx.db.webhooks.get('byId', record.id) !== record) return
    ctx.db.webhooks.patch(record, { payload, rawBody, signature })
  }

  /** After a webhook's first attempt, the merchant's held webhooks (older ones) go out: an index lookup, no scan. */
  async #releaseHeld(ctx: DomainContext, after: WebhookRecord): Promise<void> {
    const waiting = this.#held.get(after.merchantId)
    if (!waiting) return
    const count = waiting.findIndex((w) => w.id >= after.id)
    const held = count === -1 ? waiting.splice(0) : waiting.splice(0, count)
    if (waiting.length === 0) this.#held.delete(after.merchantId)
    for (const record of held) {
      if (!ctx.db.webhooks.has(record)) continue
      ctx.db.webhooks.patch(record, { held: false })
      await this.#start(ctx, record)
    }
  }

  #dispatch(ctx: DomainContext, record: WebhookRecord): void {
    if (this.#listeners.size === 0) return
    const delivery = toDelivery(record)
    // With a URL, status and attempts describe the HTTP delivery; a listener's outcome is not recorded.
    const recordsOutcome = record.url === null
    // Listeners run after the operation that caused the webhook has returned, as a real delivery would.
    queueMicrotask(() => {
      for (const listener of this.#listeners) {
        void Promise.resolve()
          .then(() => listener(delivery))
          .then(
            () => {
              if (recordsOutcome)
                ctx.db.webhooks.patch(record, {
                  status: 'delivered',
                  attempts: [
                    ...record.attempts,
                    { at: ctx.clock.now(), outcome: 'delivered', detail: 'in-process listener' },
                  ],
                })
            },
            (error: unknown) => {
              if (!recordsOutcome) return
              ctx.db.webhooks.patch(record, {
                status: 'failed',
                attempts: [
                  ...record.attempts,
                  { at: ctx.clock.now(), outcome: 'failed', detail: `in-process listener threw: ${String(error)}` },
                ],
              })
            },
          )
      }
    })
  }
}

/** The X-Signature of a webhook, or null when the contract in force at the mock clock does not sign webhooks. */
function signIfInForce(
  ctx: DomainContext,
  secret: string,
  rawBody: string,
  createTimeMilli: number,
): Promise<string> | null {
  return eraNow(ctx).signedWebhooks ? ctx.signer.signWebhook({ secret, rawBody, createTimeMilli }) : null
}

/** The delivery a listener or a test sees for a webhook record. */
export function toDelivery(record: WebhookRecord): WebhookDelivery {
  return {
    id: record.id,
    merchantId: record.merchantId,
    url: record.url,
    // The mock records only the statuses it sends (SUCCESS, FAILED); the record's schema keeps any string.
    payload: { ...record.payload, status: record.payload.status as WebhookStatus },
    rawBody: record.rawBody,
    signature: record.signature,
    headers: webhookHeaders(record.signature),
  }
}
