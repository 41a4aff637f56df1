/**
 * @module control-snapshot
 * The two whole-instance reads of the control API: `snapshot()`, everything at a glance (what the inspector
 * page shows), and `stats()`, how much the mock holds. Both drop what expired first, so they show what a
 * request would see; neither changes anything else, so neither moves `version()`.
 */
import type { Balance, Store } from '@merchant-gateway/contract'
import { RuleError } from '../domain/rule-error.js'
import { eraNow } from '../domain/timeline.js'
import type { Fault } from '../faults/faults.js'
import type { RequestLogEntry } from '../http/request-log.js'
import { balanceBody, storeBody } from '../http/wire.js'
import type { ControlContext } from './control-context.js'
import { SNAPSHOT_DEFAULT_LIMIT } from './control-schemas.js'
import {
  merchantView,
  orderView,
  otpMessage,
  resetSessionView,
  transactionView,
  userView,
  webhookView,
  type MerchantView,
  type OrderView,
  type OtpMessage,
  type ResetSessionView,
  type TransactionView,
  type UserView,
  type WebhookView,
} from './control-views.js'

/**
 * Everything the mock holds, at a glance: `mock.snapshot()` and `GET /__mock/snapshot`. Lists are newest
 * first, at most the limit asked for.
 *
 * @example
 * ```ts
 * const { clock, merchants, orders } = await mock.snapshot({ limit: 10 })
 * merchants[0]?.balances.usd // { balance, freeze, usable }
 * ```
 */
export interface MockSnapshot {
  /** See `mock.version()`: moves whenever the state may have changed. */
  version: number
  clock: { now: string; frozen: boolean; era: { name: string; from: string | null; summary: string } }
  merchants: Array<MerchantView & { stores: Store[]; balances: Balance }>
  orders: OrderView[]
  transactions: TransactionView[]
  webhooks: WebhookView[]
  users: Array<UserView & { resetSessions: ResetSessionView[] }>
  otp: OtpMessage[]
  faults: Fault[]
  requests: RequestLogEntry[]
}

/**
 * What a mock holds: the records per table, the request log and its time-ordered queues. A long-running
 * server's history and expired records stay bounded (see the `retention` option); this shows it.
 *
 * @example
 * ```ts
 * const { records, queued } = await mock.stats()
 * records.idempotency // records that can still replay (24 h)
 * queued.expiries // records waiting for their expiry time
 * ```
 */
export interface MockStats {
  /** Records held per table. Orders, transactions, balances, merchants, stores, accounts and users only grow. */
  records: {
    merchants: number
    stores: number
    accounts: number
    balances: number
    orders: number
    qrCodes: number
    transactions: number
    idempotency: number
    webhooks: number
    users: number
    otpSessions: number
    outbox: number
  }
  /** Entries in the request log. */
  requestLog: number
  /** Entries waiting in the time-ordered queues (an entry made void meanwhile is dropped when its time comes). */
  queued: { settlements: number; webhookAttempts: number; expiries: number }
}

/**
 * Everything at a glance, newest first, at most `limit` of each list (400 outside 1 to 500).
 *
 * @example
 * ```ts
 * const { orders } = await snapshot(control, { limit: 10 })
 * ```
 */
export async function snapshot(control: ControlContext, options: { limit?: number } = {}): Promise<MockSnapshot> {
  const limit = options.limit ?? SNAPSHOT_DEFAULT_LIMIT
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw new RuleError(400, `limit must be an integer from 1 to 500, got ${JSON.stringify(limit)}`)
  }
  const { runtime, ctx } = control
  await runtime.ready()
  control.prune()
  const { db } = ctx
  const era = eraNow(ctx)
  return {
    version: control.version(),
    clock: {
      now: ctx.clock.iso(),
      frozen: ctx.clock.frozen,
      era: { name: era.name, from: era.from, summary: era.summary },
    },
    merchants: newest(db.merchants.all(), limit).map((m) => ({
      ...merchantView(m),
      // Every store, none included: what list stores would refuse with a 404 is an empty list here.
      stores: db.stores.group('byMerchant', m.merchantId).map(storeBody),
      balances: balanceBody(ctx, m.merchantId),
    })),
    orders: newest(db.orders.all(), limit).map(orderView),
    transactions: newest(db.transactions.all(), limit).map(transactionView),
    webhooks: newest(db.webhooks.all(), limit).map(webhookView),
    users: newest(db.users.all(), limit).map((u) => ({
      ...userView(u),
      // The user's reset sessions (forgot-pin): never the code, only where it went and until when.
      resetSessions: db.otpSessions.group('byUser', u.userId).map(resetSessionView),
    })),
    otp: newest(db.outbox.all(), limit).map(otpMessage),
    faults: runtime.faults.list(),
    requests: runtime.requests.list({ limit }).reverse(),
  }
}

/**
 * What the mock holds now, after dropping what expired by the mock clock: records per table and queued work.
 *
 * @example
 * ```ts
 * const { queued } = await stats(control)
 * ```
 */
export async function stats(control: ControlContext): Promise<MockStats> {
  const { runtime, ctx } = control
  await runtime.ready()
  control.prune()
  const { db } = ctx
  return {
    records: {
      merchants: db.merchants.count(),
      stores: db.stores.count(),
      accounts: db.accounts.count(),
      balances: db.balances.count(),
      orders: db.orders.count(),
      qrCodes: db.qrCodes.count(),
      transactions: db.transactions.count(),
      idempotency: db.idempotency.count(),
      webhooks: db.webhooks.count(),
      users: db.users.count(),
      otpSessions: db.otpSessions.count(),
      outbox: db.outbox.count(),
    },
    requestLog: runtime.requests.size,
    queued: {
      settlements: ctx.settlement.size,
      webhookAttempts: ctx.webhooks.scheduledCount,
      expiries: ctx.retention.pending,
    },
  }
}

/** The newest `limit` items of a table kept in insertion order, newest first. */
function newest<T>(all: readonly T[], limit: number): T[] {
  return all.slice(Math.max(0, all.length - limit)).reverse()
}
