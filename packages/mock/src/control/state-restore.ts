/**
 * @module state-restore
 * Saving and loading a mock's state: {@link captureState} copies out the records, the id sequences, the
 * clock, the armed webhook switches and the faults; {@link restoreState} puts a checked state (state-check.ts)
 * in their place and rebuilds everything the mock derives from its records: the tables' indexes (by inserting
 * the records), the settlement queue (pending refunds and payouts by `dueAt`), the scheduled webhook attempts
 * (`nextAttemptAt`) and held webhooks, the expiries (idempotency records, reset sessions, unpaid stand-alone QR
 * codes) and the history kept by count and age (finished webhooks, codes sent). The contract era follows from
 * the clock; a blocked user's block from `blockedUntil`.
 *
 * What is not state is left alone: the request log and `version()` (diagnostics of this instance), listeners
 * (test wiring). Work of the state replaced is dropped as a reset drops it: keys in flight, signatures seen,
 * attempts under way find their record gone.
 */
import type { MockState } from '@merchant-gateway/contract'
import type { GatewayRuntime } from '../http/runtime.js'
import { forgetWhenExpired } from '../domain/pin-reset.js'
import { forgetWhenUnpaid } from '../domain/qr-codes.js'
import { forgetLoadedWhenFinished } from '../domain/finished-records.js'
import type { WebhookRecord } from '../store/records.js'

/**
 * The state of a mock now, as raw records in the order its tables keep them: a copy, so that what the caller
 * does with it never reaches the mock. A webhook whose attempt is under way is written as due at once: its
 * outcome is not known yet, and a mock that loads the state sends it again, as a restarted service would.
 *
 * @example
 * ```ts
 * const state = captureState(runtime)
 * state.nextIds.order // the id the next order gets
 * ```
 */
export function captureState(runtime: GatewayRuntime): MockState {
  const { ctx, faults } = runtime
  const { db } = ctx
  const now = ctx.clock.now()
  const state: MockState = {
    clock: { now, frozen: ctx.clock.frozen },
    nextIds: { ...db.nextIds(), fault: faults.nextId },
    merchants: [...db.merchants.all()],
    stores: [...db.stores.all()],
    accounts: [...db.accounts.all()],
    balances: [...db.balances.all()],
    orders: [...db.orders.all()],
    qrCodes: [...db.qrCodes.all()],
    transactions: [...db.transactions.all()],
    idempotency: [...db.idempotency.all()],
    webhooks: db.webhooks.all().map((w) => (underWay(w) ? { ...w, nextAttemptAt: now } : w)),
    users: [...db.users.all()],
    otpSessions: [...db.otpSessions.all()],
    outbox: [...db.outbox.all()],
    webhookSwitches: ctx.webhooks.switches(),
    faults: faults.list(),
  }
  return structuredClone(state)
}

/** An attempt of this webhook is running: it waits for an answer, with no attempt scheduled and not held. */
function underWay(w: WebhookRecord): boolean {
  return w.status === 'recorded' && w.url !== null && !w.held && w.nextAttemptAt === null
}

/**
 * Replaces the mock's state with `state` (checked by `checkSnapshotDocument`), inside the serial queue, and
 * rebuilds what derives from it. The records are copied in, so the same checked state can be loaded again
 * (a reset back to a start state does). `clock: 'keep'` leaves the clock where it is (a reset that keeps it).
 *
 * @example
 * ```ts
 * await serial.run(() => restoreState(runtime, checkSnapshotDocument(document, runtime.faults)))
 * ```
 */
export function restoreState(
  runtime: GatewayRuntime,
  state: MockState,
  options: { clock: 'state' | 'keep' } = { clock: 'state' },
): void {
  const { ctx } = runtime
  const { db } = ctx
  const s = structuredClone(state)
  db.clear()
  ctx.retention.clear()
  ctx.settlement.clear()
  ctx.webhooks.reset()
  runtime.idempotency.clear()
  runtime.signatures.clear()

  for (const record of s.merchants) db.merchants.insert(record)
  for (const record of s.stores) db.stores.insert(record)
  for (const record of s.accounts) db.accounts.insert(record)
  for (const record of s.balances) db.balances.insert(record)
  for (const record of s.orders) db.orders.insert(record)
  for (const record of s.qrCodes) forgetWhenUnpaid(ctx, db.qrCodes.insert(record))
  for (const record of s.transactions) {
    const tx = db.transactions.insert(record)
    if (tx.kind !== 'payment' && tx.status === 'pending') ctx.settlement.schedule(tx)
  }
  forgetLoadedWhenFinished(ctx)
  for (const record of s.idempotency) runtime.idempotency.forgetWhenExpired(db.idempotency.insert(record))
  const finished: Array<{ record: WebhookRecord; at: number }> = []
  for (const record of s.webhooks) {
    const webhook = db.webhooks.insert(record)
    // History holds what is finished: delivered or given up, or with no URL to send to (history at once).
    if (webhook.url === null) finished.push({ record: webhook, at: webhook.createdAt })
    else if (webhook.status !== 'recorded')
      finished.push({ record: webhook, at: webhook.attempts.at(-1)?.at ?? webhook.createdAt })
  }
  for (const record of s.users) db.users.insert(record)
  for (const record of s.otpSessions) forgetWhenExpired(ctx, db.otpSessions.insert(record))
  const sent = []
  for (const record of s.outbox) sent.push(db.outbox.insert(record))

  const { fault, ...sequences } = s.nextIds
  db.setNextIds(sequences)
  if (options.clock === 'state') ctx.clock.restore(s.clock.now, s.clock.frozen)
  runtime.faults.restore(s.faults, fault)
  ctx.webhooks.restore(ctx, s.webhookSwitches)
  // History in the order things finished (a count limit drops the oldest first, an age limit from the head).
  finished.sort((a, b) => a.at - b.at || a.record.id - b.record.id)
  for (const { record, at } of finished) ctx.history.webhooks.add(record, at)
  sent.sort((a, b) => a.sentAt - b.sentAt || a.id - b.id)
  for (const record of sent) ctx.history.outbox.add(record, record.sentAt)
}
