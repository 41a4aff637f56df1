/**
 * @module control-webhooks
 * The control API's webhooks: what was built and how its delivery went, in-process listeners, running the
 * due attempts, sending one again, and the switches that make the next webhook a hard case for a receiver.
 */
import { RuleError } from '../domain/rule-error.js'
import type { WebhookListener } from '../domain/webhooks.js'
import { validate } from '../http/validate.js'
import { checkedId, type ControlContext } from './control-context.js'
import { staleNextBody } from './control-schemas.js'
import { webhookView, type WebhookView } from './control-views.js'

/**
 * `mock.webhooks`: the webhooks kept and their delivery.
 *
 * @inline
 * @example
 * ```ts
 * const webhooks: WebhooksControl = mock.webhooks
 * ```
 */
export interface WebhooksControl {
  /**
   * The webhooks kept (every one still being delivered, and the finished ones `retention.webhooks` keeps), oldest
   * first, with their HTTP delivery state.
   */
  list: () => WebhookView[]
  /** Calls `listener` with each webhook as it is sent; returns a function that stops it. */
  on: (listener: WebhookListener) => () => void
  /**
   * Runs every HTTP attempt due at the mock's current time (whatever `autoSettle` says) and waits for
   * them; `attempted` counts the webhooks tried (a duplicate's second POST is not counted).
   */
  deliverDue: () => Promise<{ attempted: number }>
  /** The next webhook built is POSTed twice when delivered: the same raw body and X-Signature. */
  duplicateNext: () => void
  /**
   * The next webhook built is held back, then POSTed right after the same merchant's next webhook's first attempt.
   */
  holdNext: () => void
  /** The next webhook built has createTimeMilli `seconds` before the mock clock, correctly signed for that time. */
  staleNext: (seconds: number) => void
  /**
   * Sends webhook `webhookId` again now, whatever its state: one more attempt, stamped and signed at this
   * time (404 when unknown, 409 when its merchant had no webhook URL).
   */
  redeliver: (webhookId: number) => Promise<WebhookView>
}

/**
 * Builds `mock.webhooks`.
 *
 * @example
 * ```ts
 * webhooksControl(control).duplicateNext()
 * ```
 */
export function webhooksControl({ ctx, prune, withDeliveries }: ControlContext): WebhooksControl {
  return {
    list: () => {
      prune()
      return ctx.db.webhooks.all().map(webhookView)
    },
    on: (listener) => ctx.webhooks.on(listener),
    // Only the webhook attempts: not the settlement that `settle()` runs with them.
    deliverDue: () => withDeliveries(() => ({ attempted: ctx.webhooks.startDue(ctx) })),
    duplicateNext: () => ctx.webhooks.duplicateNext(),
    holdNext: () => ctx.webhooks.holdNext(),
    staleNext: (seconds) => ctx.webhooks.staleNext(validate(staleNextBody, { seconds }).seconds),
    redeliver: (webhookId) => {
      const id = checkedId('webhookId', webhookId)
      return withDeliveries(() => {
        const record = ctx.db.webhooks.get('byId', id)
        if (!record) throw new RuleError(404, `Webhook ${id} not found`)
        ctx.webhooks.redeliver(ctx, record)
        return id
      }).then((done) => webhookView(ctx.db.webhooks.get('byId', done)!))
    },
  }
}
