/**
 * @module control-snapshot
 * The whole-instance reads and the one whole-instance write of the control API: `snapshot()`, the state to
 * save (complete, with its records) or a glance (newest first, cut at a `limit`: what the inspector page
 * shows); `stats()`, how much the mock holds; and `load()`, a saved state put in place of the current one.
 * The reads drop what expired first, so they show what a request would see; they change nothing else, so
 * neither moves `version()`. A load checks the whole document before it changes anything.
 */
import { MOCK_SNAPSHOT_FORMAT, type Balance, type MockState, type Store } from '@merchant-gateway/contract'
import { RuleError } from '../domain/rule-error.js'
import { eraNow } from '../domain/timeline.js'
import type { Fault } from '../faults/faults.js'
import { balanceBody, storeBody } from '../http/wire.js'
import type { ControlContext } from './control-context.js'
import { checkSnapshotDocument } from './state-check.js'
import { captureState, restoreState } from './state-restore.js'
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
 * What `mock.snapshot()` and `GET /__mock/snapshot` answer: the mock's state in a versioned document.
 *
 * Without a `limit` it is complete: `state` holds the raw records (minor units, epoch milliseconds, keys and
 * hashes), the id sequences, the clock, the armed webhook switches and the faults, which `mock.load()`,
 * `POST /__mock/snapshot`, `createMockGateway({ state })` and the CLI's `--state` read back; and every list
 * is whole. With a `limit` it is a glance: each list is cut to its newest `limit`, and there is no `state`.
 * The lists are for people (amounts in major units, times in ISO 8601, newest first); a load ignores them.
 *
 * @example
 * ```ts
 * const saved = await mock.snapshot() // complete: save it, load it later
 * writeFileSync('scenario.json', JSON.stringify(saved))
 * const { clock, merchants, orders } = await mock.snapshot({ limit: 10 }) // a glance
 * merchants[0]?.balances.usd // { balance, freeze, usable }
 * ```
 */
export interface MockSnapshot {
  /** The format of the document; a mock reads only the format it writes. */
  format: typeof MOCK_SNAPSHOT_FORMAT
  clock: { now: string; frozen: boolean; era: { name: string; from: string | null; summary: string } }
  merchants: Array<MerchantView & { stores: Store[]; balances: Balance }>
  orders: OrderView[]
  transactions: TransactionView[]
  webhooks: WebhookView[]
  users: Array<UserView & { resetSessions: ResetSessionView[] }>
  otp: OtpMessage[]
  faults: Fault[]
  /** The state to load back; only in a complete snapshot (taken without a `limit`). */
  state?: MockState
}

/**
 * What loading a state answers: where the clock now stands, and how many records of each table and faults
 * were loaded.
 *
 * @example
 * ```ts
 * const { records, now } = await mock.load(JSON.parse(readFileSync('scenario.json', 'utf8')))
 * records.orders // 12
 * ```
 */
export interface MockLoadSummary {
  format: typeof MOCK_SNAPSHOT_FORMAT
  now: string
  frozen: boolean
  records: MockStats['records']
  faults: number
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
  /**
   * Records held per table. Balances, merchants, stores, accounts and users only grow; orders and transactions
   * too, unless `keepRecordsSeconds` forgets the finished ones.
   */
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
 * The complete state (no `limit`) or a glance: at most `limit` of each list, newest first (400 outside 1 to
 * 500). Taken alone in the serial queue, so it never shows half an operation.
 *
 * @example
 * ```ts
 * const { orders } = await snapshot(control, { limit: 10 })
 * const { state } = await snapshot(control) // everything, with the records to load back
 * ```
 */
export async function snapshot(control: ControlContext, options: { limit?: number } = {}): Promise<MockSnapshot> {
  const { limit } = options
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 500)) {
    throw new RuleError(400, `limit must be an integer from 1 to 500, got ${JSON.stringify(limit)}`)
  }
  const { runtime, ctx } = control
  await runtime.ready()
  return runtime.serial.run(() => {
    control.prune()
    const era = eraNow(ctx)
    const clock = {
      now: ctx.clock.iso(),
      frozen: ctx.clock.frozen,
      era: { name: era.name, from: era.from, summary: era.summary },
    }
    if (limit === undefined) {
      // Complete: the lists are views of the very records saved, so the document says one thing.
      const state = captureState(runtime)
      return { format: MOCK_SNAPSHOT_FORMAT, clock, ...views(control, state), state }
    }
    const { db } = ctx
    const live = {
      merchants: db.merchants.all(),
      orders: db.orders.all(),
      transactions: db.transactions.all(),
      webhooks: db.webhooks.all(),
      users: db.users.all(),
      outbox: db.outbox.all(),
      faults: runtime.faults.list(),
    }
    return { format: MOCK_SNAPSHOT_FORMAT, clock, ...views(control, live, limit) }
  })
}

/** The lists for people: the newest `limit` of each (all by default), newest first, as the control API shows them. */
function views(
  { ctx }: ControlContext,
  records: {
    readonly [K in
      | 'merchants'
      | 'orders'
      | 'transactions'
      | 'webhooks'
      | 'users'
      | 'outbox'
      | 'faults']: readonly MockState[K][number][]
  },
  limit = Number.POSITIVE_INFINITY,
): Omit<MockSnapshot, 'format' | 'clock' | 'state'> {
  const { db } = ctx
  return {
    merchants: newest(records.merchants, limit).map((m) => ({
      ...merchantView(m),
      // Every store, none included: what list stores would refuse with a 404 is an empty list here.
      stores: db.stores.group('byMerchant', m.merchantId).map(storeBody),
      balances: balanceBody(ctx, m.merchantId),
    })),
    orders: newest(records.orders, limit).map(orderView),
    transactions: newest(records.transactions, limit).map(transactionView),
    webhooks: newest(records.webhooks, limit).map(webhookView),
    users: newest(records.users, limit).map((u) => ({
      ...userView(u),
      // The user's reset sessions (forgot-pin): never the code, only where it went and until when.
      resetSessions: db.otpSessions.group('byUser', u.userId).map(resetSessionView),
    })),
    otp: newest(records.outbox, limit).map(otpMessage),
    faults: records.faults.map((f) => ({ ...f })),
  }
}

/**
 * Puts a saved state in place of the mock's, after checking all of it: a refused document (another format,
 * a glance without state, a wrong field, records that do not fit together) is a 400 naming the field, and
 * nothing changes, `version()` included.
 *
 * @example
 * ```ts
 * const { records } = await load(control, await other.snapshot())
 * ```
 */
export async function load(control: ControlContext, document: unknown): Promise<MockLoadSummary> {
  const { runtime, ctx } = control
  const state = checkSnapshotDocument(document, runtime.faults)
  await control.exclusive(() => restoreState(runtime, state))
  const { records, faults } = countOf(state)
  return { format: MOCK_SNAPSHOT_FORMAT, now: ctx.clock.iso(), frozen: ctx.clock.frozen, records, faults }
}

/** How many records of each table, and faults, a state holds. */
function countOf(state: MockState): Pick<MockLoadSummary, 'records' | 'faults'> {
  return {
    records: {
      merchants: state.merchants.length,
      stores: state.stores.length,
      accounts: state.accounts.length,
      balances: state.balances.length,
      orders: state.orders.length,
      qrCodes: state.qrCodes.length,
      transactions: state.transactions.length,
      idempotency: state.idempotency.length,
      webhooks: state.webhooks.length,
      users: state.users.length,
      otpSessions: state.otpSessions.length,
      outbox: state.outbox.length,
    },
    faults: state.faults.length,
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
