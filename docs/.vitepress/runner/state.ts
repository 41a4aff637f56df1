/**
 * @module docs/runner/state
 * The mock's state after an example ran, as the panel under it shows it: a few small tables (balances,
 * orders, payments, refunds, payouts, webhooks, one-time codes, PIN users, requests) read from
 * `mock.snapshot()`, in the order things happened, rather than the snapshot's JSON. Empty tables are named
 * in one line instead of drawn.
 */
import type { MockSnapshot, RequestLogEntry } from '@merchant-gateway/mock'

/**
 * One table of the panel: its cells are text.
 *
 * @example
 * ```ts
 * const table: StateTable = { title: 'Orders', columns: ['order', 'amount'], rows: [['1001', '12.50 USD']] }
 * ```
 */
interface StateTable {
  title: string
  columns: string[]
  rows: string[][]
}

/**
 * The panel of one mock: the tables with rows, and the titles of those without.
 *
 * @example
 * ```ts
 * const glance = await mock.snapshot({ limit: 50 })
 * const panel: StatePanel = describeSnapshot(glance, mock.requests.list({ limit: 50 }), 'The example\'s mock')
 * panel.empty // ['payouts', 'one-time codes', ...]
 * ```
 */
export interface StatePanel {
  title: string
  /** The mock's clock: `2026-11-02T09:00:00.000Z (frozen)`. */
  clock: string
  tables: StateTable[]
  empty: string[]
}

/** Money as the guides write it: `12.50 USD`, `4,000,000 KHR`. */
function money(amount: number, currency: string): string {
  const digits = currency === 'KHR' ? 0 : 2
  const text = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  return `${text} ${currency}`
}

/** A time without its date when it is the clock's day: the tables stay narrow. */
function time(iso: string | number | null, today: string): string {
  if (iso === null) return ''
  const text = typeof iso === 'number' ? new Date(iso).toISOString() : iso
  return text.startsWith(today) ? text.slice(11, 19) : text.slice(0, 19).replace('T', ' ')
}

/**
 * The panel of a snapshot (newest first, as the mock lists) and of the request log (oldest first), with its rows
 * in the order they happened.
 *
 * @example
 * ```ts
 * const panel = describeSnapshot(await mock.snapshot(), mock.requests.list(), 'The gateway behind *.example.com')
 * panel.tables[0]?.title // 'Balances'
 * ```
 */
export function describeSnapshot(
  snapshot: MockSnapshot,
  requests: readonly RequestLogEntry[],
  title: string,
): StatePanel {
  const today = snapshot.clock.now.slice(0, 10)
  const at = (iso: string | number | null) => time(iso, today)
  const tables: StateTable[] = []
  const empty: string[] = []
  const add = (name: string, columns: string[], rows: string[][]) => {
    // In a sentence: "No refunds, no PIN users." (an initialism keeps its capitals).
    if (rows.length === 0) empty.push(/^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name)
    else tables.push({ title: name, columns, rows })
  }
  const merchantName = new Map(snapshot.merchants.map((m) => [m.merchantId, `${m.name} (${m.merchantId})`]))
  const merchants = [...snapshot.merchants].sort((a, b) => a.merchantId - b.merchantId)
  add(
    'Balances',
    ['merchant', 'currency', 'balance', 'freeze', 'usable'],
    merchants.flatMap((m) =>
      (['usd', 'khr'] as const).map((c) => {
        const currency = c.toUpperCase()
        const b = m.balances[c]
        return [
          merchantName.get(m.merchantId)!,
          currency,
          money(b.balance, currency),
          money(b.freeze, currency),
          money(b.usable, currency),
        ]
      }),
    ),
  )
  add(
    'Stores',
    ['merchant', 'store', 'name', 'address'],
    merchants.flatMap((m) =>
      m.stores.map((s) => [merchantName.get(m.merchantId)!, String(s.storeId), s.storeName, s.address]),
    ),
  )
  const orders = [...snapshot.orders].reverse()
  add(
    'Orders',
    ['order', 'store', 'amount', 'status', 'created'],
    orders.map((o) => [String(o.orderId), String(o.storeId), money(o.amount, o.currency), o.status, at(o.createdAt)]),
  )
  const transactions = [...snapshot.transactions].reverse()
  const ofKind = (kind: 'payment' | 'refund' | 'payout') => transactions.filter((t) => t.kind === kind)
  add(
    'Payments',
    ['transaction', 'order', 'amount', 'status', 'payer'],
    ofKind('payment').map((t) => [
      String(t.transactionId),
      String(t.orderId),
      money(t.amount, t.currency),
      t.status,
      t.accountName,
    ]),
  )
  add(
    'Refunds',
    ['transaction', 'order', 'amount', 'status', 'settles'],
    ofKind('refund').map((t) => [
      String(t.transactionId),
      String(t.orderId),
      money(t.amount, t.currency),
      t.failureReason === null ? t.status : `${t.status}: ${t.failureReason}`,
      at(t.dueAt),
    ]),
  )
  add(
    'Payouts',
    ['transaction', 'account', 'amount', 'status', 'settles'],
    ofKind('payout').map((t) => [
      String(t.transactionId),
      t.accountNumber,
      money(t.amount, t.currency),
      t.failureReason === null ? t.status : `${t.status}: ${t.failureReason}`,
      at(t.dueAt),
    ]),
  )
  add(
    'Webhooks',
    ['webhook', 'order', 'payment', 'delivery', 'to'],
    [...snapshot.webhooks].reverse().map((w) => {
      const last = w.attempts.at(-1)
      const delivery = last === undefined ? w.status : `${w.status} (${last.detail})`
      return [String(w.id), String(w.payload.orderId), w.payload.status, delivery, w.url ?? 'listeners only']
    }),
  )
  add(
    'One-time codes',
    ['user', 'sent to', 'code', 'sent'],
    [...snapshot.otp].reverse().map((m) => [String(m.userId), `${m.to} (${m.channel})`, m.code, at(m.sentAt)]),
  )
  add(
    'PIN users',
    ['user', 'email', 'PIN set', 'wrong attempts', 'blocked until'],
    [...snapshot.users]
      .sort((a, b) => a.userId - b.userId)
      .map((u) => [
        String(u.userId),
        u.email ?? '',
        u.hasPin ? 'yes' : 'no',
        String(u.wrongAttempts),
        u.blockedUntil === null ? '' : at(u.blockedUntil),
      ]),
  )
  add(
    'Requests',
    ['#', 'request', 'status', 'replayed'],
    [...requests].map((r) => [
      String(r.seq),
      `${r.method} ${r.path}`,
      r.status === null ? 'no answer' : String(r.status),
      r.replayed ? 'yes' : '',
    ]),
  )
  const clock = `${snapshot.clock.now}${snapshot.clock.frozen ? ' (frozen)' : ''}`
  return { title, clock, tables, empty }
}
