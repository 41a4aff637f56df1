/**
 * @module database
 * The tables of one mock instance and their indexes. Every lookup by id or key the domain makes is
 * an index lookup; lists per merchant come from group indexes.
 */
import { Table } from './table.js'
import {
  accountRecordSchema,
  balanceRecordSchema,
  idempotencyRecordSchema,
  merchantRecordSchema,
  orderRecordSchema,
  qrRecordSchema,
  storeRecordSchema,
  otpSessionRecordSchema,
  outboxRecordSchema,
  transactionRecordSchema,
  userRecordSchema,
  webhookRecordSchema,
  type AccountRecord,
  type BalanceRecord,
  type IdempotencyRecord,
  type MerchantRecord,
  type OrderRecord,
  type QrRecord,
  type StoreRecord,
  type OtpSessionRecord,
  type OutboxRecord,
  type TransactionRecord,
  type UserRecord,
  type WebhookRecord,
} from './records.js'

/** First value of each id sequence. Distinct ranges make an id of the wrong kind fail loudly in tests. */
const FIRST_IDS = {
  merchant: 1,
  app: 100_001,
  store: 101,
  order: 1001,
  transaction: 700_001,
  webhook: 1,
  user: 5001,
  outbox: 1,
} as const

/** Key of a per-merchant, per-currency or per-account record. */
export const scoped = (merchantId: number, part: string): string => `${merchantId}:${part}`

/**
 * Creates the tables of one mock instance.
 *
 * @example
 * ```ts
 * const db = createDatabase()
 * db.orders.get('byId', 1001)
 * ```
 */
export function createDatabase() {
  const ids: Record<keyof typeof FIRST_IDS, number> = { ...FIRST_IDS }
  return {
    merchants: new Table<MerchantRecord>(merchantRecordSchema, {
      byId: { kind: 'primary', key: (m) => m.merchantId },
      byApiKey: { kind: 'unique', key: (m) => m.apiKey },
    }),
    stores: new Table<StoreRecord>(storeRecordSchema, {
      byId: { kind: 'primary', key: (s) => s.storeId },
      byMerchant: { kind: 'group', key: (s) => s.merchantId },
    }),
    accounts: new Table<AccountRecord>(accountRecordSchema, {
      byMerchantAccount: { kind: 'primary', key: (a) => scoped(a.merchantId, a.accountNumber) },
    }),
    balances: new Table<BalanceRecord>(balanceRecordSchema, {
      byMerchantCurrency: { kind: 'primary', key: (b) => scoped(b.merchantId, b.currency) },
    }),
    orders: new Table<OrderRecord>(orderRecordSchema, {
      byId: { kind: 'primary', key: (o) => o.orderId },
      byQrData: { kind: 'unique', key: (o) => o.qrData },
    }),
    qrCodes: new Table<QrRecord>(qrRecordSchema, {
      byQrData: { kind: 'primary', key: (q) => q.qrData },
    }),
    transactions: new Table<TransactionRecord>(transactionRecordSchema, {
      byId: { kind: 'primary', key: (t) => t.transactionId },
      byOrder: { kind: 'group', key: (t) => (t.orderId === 0 ? undefined : t.orderId) },
      byMerchant: { kind: 'group', key: (t) => t.merchantId },
    }),
    idempotency: new Table<IdempotencyRecord>(idempotencyRecordSchema, {
      byScopedKey: { kind: 'primary', key: (r) => scoped(r.merchantId, r.key) },
    }),
    webhooks: new Table<WebhookRecord>(webhookRecordSchema, {
      byId: { kind: 'primary', key: (w) => w.id },
    }),
    users: new Table<UserRecord>(userRecordSchema, {
      byId: { kind: 'primary', key: (u) => u.userId },
      byToken: { kind: 'unique', key: (u) => u.accessToken },
    }),
    otpSessions: new Table<OtpSessionRecord>(otpSessionRecordSchema, {
      bySessionId: { kind: 'unique', key: (o) => o.sessionId }, // not primary: a verified code gives a new id
      byUser: { kind: 'group', key: (o) => o.userId },
    }),
    outbox: new Table<OutboxRecord>(outboxRecordSchema, {
      byId: { kind: 'primary', key: (o) => o.id },
    }),
    /** Takes the next id of a sequence. */
    nextId(kind: keyof typeof FIRST_IDS): number {
      return ids[kind]++
    },
    /** The next id of every sequence, without taking any (what a saved state keeps). */
    nextIds(): Record<keyof typeof FIRST_IDS, number> {
      return { ...ids }
    },
    /** Sets where every sequence goes on (a loaded state; its ids were checked to be above those in use). */
    setNextIds(next: Readonly<Record<keyof typeof FIRST_IDS, number>>): void {
      for (const kind of Object.keys(FIRST_IDS) as Array<keyof typeof FIRST_IDS>) ids[kind] = next[kind]
    },
    /** Empties every table and restarts the id sequences. */
    clear(): void {
      for (const table of [
        this.merchants,
        this.stores,
        this.accounts,
        this.balances,
        this.orders,
        this.qrCodes,
        this.transactions,
        this.idempotency,
        this.webhooks,
        this.users,
        this.otpSessions,
        this.outbox,
      ]) {
        table.clear()
      }
      Object.assign(ids, FIRST_IDS)
    },
  }
}

/** The tables of one mock instance. */
export type Database = ReturnType<typeof createDatabase>
