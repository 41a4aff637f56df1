/**
 * @module state-check
 * The check of a saved state before a mock loads it (`mock.load`, `POST /__mock/snapshot`,
 * `createMockGateway({ state })`, the CLI's `--state`): everything is checked before anything changes, and a
 * refusal is a 400 whose message names the field: `state.balances[0].balanceMinor: the ledger adds up to
 * 105000, the file says 120000`. Checked, in this order:
 *
 * - the document: an object of format 1 (`format` missing or another number is refused, not guessed at) with a
 *   `state` (a snapshot taken with a `limit` has none: it is a glance, not a state);
 * - every field's type and range, by the contract's schema of the format;
 * - the rules that span records: no id or key used twice, every reference to a merchant, order, store, user or
 *   transaction resolved (a store may be gone, as removing one leaves its orders, but its id must have been
 *   made), every id sequence above the ids in use, each merchant's two balances present and adding up to
 *   what its transactions say (the audit's invariants), refunds within their order, a pending refund or payout
 *   with the time it settles, a webhook still being delivered with its next attempt, reset sessions' code
 *   hashes readable, faults the service's routes can take.
 */
import {
  CURRENCIES,
  describeIssues,
  MOCK_SNAPSHOT_FORMAT,
  mockSnapshotDocumentSchema,
  type MockState,
} from '@merchant-gateway/contract'
import { CLOCK_RANGE } from '../clock/clock.js'
import { expectedFigures } from '../domain/audit.js'
import { RuleError } from '../domain/rule-error.js'
import type { FaultRegistry } from '../faults/faults.js'

/** How many problems a refusal lists; the rest are counted. */
const MAX_PROBLEMS = 10

/**
 * The state of a document a mock can load, or a 400 naming what is wrong. Changes nothing.
 *
 * @example
 * ```ts
 * const state = checkSnapshotDocument(await mock.snapshot(), faults) // the document's state, checked
 * checkSnapshotDocument({ format: 2 }, faults) // RuleError 400 'format: this mock reads format 1, ...'
 * ```
 */
export function checkSnapshotDocument(document: unknown, faults: Pick<FaultRegistry, 'problem'>): MockState {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new RuleError(
      400,
      'A saved mock state is a JSON object with "format" and "state", as mock.snapshot() and GET ' +
        '/__mock/snapshot (without limit) write it; ' +
        `got ${Array.isArray(document) ? 'an array' : JSON.stringify(document)}`,
    )
  }
  const { format, state } = document as { format?: unknown; state?: unknown }
  if (format === undefined) {
    throw new RuleError(
      400,
      `format: missing; a saved mock state says "format": ${MOCK_SNAPSHOT_FORMAT} and holds "state" (this is not ` +
        'what mock.snapshot() or GET /__mock/snapshot writes)',
    )
  }
  if (format !== MOCK_SNAPSHOT_FORMAT) {
    throw new RuleError(
      400,
      `format: this mock reads format ${MOCK_SNAPSHOT_FORMAT}, the document is format ${JSON.stringify(format)}`,
    )
  }
  if (state === undefined) {
    throw new RuleError(
      400,
      'state: missing; a snapshot taken with a limit is a glance and holds no state: save it without limit ' +
        '(mock.snapshot(), GET /__mock/snapshot)',
    )
  }
  const parsed = mockSnapshotDocumentSchema.safeParse(document)
  if (!parsed.success) throw new RuleError(400, describeIssues(parsed.error, document))
  const problems = crossChecks(parsed.data.state, faults)
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS)
    const more = problems.length - shown.length
    throw new RuleError(400, `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`)
  }
  return parsed.data.state
}

/** The rules that span records, each broken one as `path: what is wrong`. */
function crossChecks(state: MockState, faults: Pick<FaultRegistry, 'problem'>): string[] {
  const problems: string[] = []
  const problem = (path: string, text: string): void => {
    problems.push(`state.${path}: ${text}`)
  }

  if (state.clock.now > CLOCK_RANGE.max)
    problem('clock.now', `the clock holds 1970-01-01 to 9999-12-31, not ${state.clock.now}`)

  /** Indexes the records of a list by a key; a key seen twice is a problem at its second place. */
  const index = <T, K>(list: readonly T[], table: string, field: string, key: (r: T) => K, what: (k: K) => string) => {
    const byKey = new Map<K, { record: T; at: number }>()
    list.forEach((record, at) => {
      const k = key(record)
      const first = byKey.get(k)
      if (first) problem(`${table}[${at}].${field}`, `${what(k)} appears twice (also state.${table}[${first.at}])`)
      else byKey.set(k, { record, at })
    })
    return byKey
  }
  const merchants = index(
    state.merchants,
    'merchants',
    'merchantId',
    (m) => m.merchantId,
    (k) => `merchant ${k}`,
  )
  index(
    state.merchants,
    'merchants',
    'apiKey',
    (m) => m.apiKey,
    () => 'this API key',
  )
  const stores = index(
    state.stores,
    'stores',
    'storeId',
    (s) => s.storeId,
    (k) => `store ${k}`,
  )
  index(
    state.accounts,
    'accounts',
    'accountNumber',
    (a) => `${a.merchantId}:${a.accountNumber}`,
    (k) => `account ${k.split(':').slice(1).join(':')} of merchant ${k.split(':')[0]}`,
  )
  const balances = index(
    state.balances,
    'balances',
    'currency',
    (b) => `${b.merchantId}:${b.currency}`,
    (k) => `the ${k.split(':')[1]} balance of merchant ${k.split(':')[0]}`,
  )
  const orders = index(
    state.orders,
    'orders',
    'orderId',
    (o) => o.orderId,
    (k) => `order ${k}`,
  )
  index(
    state.orders,
    'orders',
    'qrData',
    (o) => o.qrData,
    (k) => `QR data ${k}`,
  )
  index(
    state.qrCodes,
    'qrCodes',
    'qrData',
    (q) => q.qrData,
    (k) => `QR data ${k}`,
  )
  const transactions = index(
    state.transactions,
    'transactions',
    'transactionId',
    (t) => t.transactionId,
    (k) => `transaction ${k}`,
  )
  index(
    state.idempotency,
    'idempotency',
    'key',
    (r) => `${r.merchantId}:${r.key}`,
    (k) => `key ${JSON.stringify(k.split(':').slice(1).join(':'))} of merchant ${k.split(':')[0]}`,
  )
  index(
    state.webhooks,
    'webhooks',
    'id',
    (w) => w.id,
    (k) => `webhook ${k}`,
  )
  const users = index(
    state.users,
    'users',
    'userId',
    (u) => u.userId,
    (k) => `user ${k}`,
  )
  index(
    state.users,
    'users',
    'accessToken',
    (u) => u.accessToken,
    () => 'this access token',
  )
  index(
    state.otpSessions,
    'otpSessions',
    'sessionId',
    (s) => s.sessionId,
    (k) => `session ${k}`,
  )
  index(
    state.outbox,
    'outbox',
    'id',
    (m) => m.id,
    (k) => `code ${k}`,
  )
  index(
    state.faults,
    'faults',
    'id',
    (f) => f.id,
    (k) => `fault ${k}`,
  )

  // Id sequences: the next id of each is above every id of its kind in use (or once made, for stores).
  const above = (kind: keyof MockState['nextIds'], ids: Iterable<number>, what: string) => {
    let largest = 0
    for (const id of ids) largest = Math.max(largest, id)
    const next = state.nextIds[kind]
    if (next <= largest)
      problem(`nextIds.${kind}`, `${next} is not above the ${what} ids in use (the largest is ${largest})`)
  }
  above('merchant', merchants.keys(), 'merchant')
  above('store', stores.keys(), 'store')
  above('order', orders.keys(), 'order')
  above('transaction', transactions.keys(), 'transaction')
  above(
    'webhook',
    state.webhooks.map((w) => w.id),
    'webhook',
  )
  above('user', users.keys(), 'user')
  above(
    'outbox',
    state.outbox.map((m) => m.id),
    'code',
  )
  above(
    'fault',
    state.faults.map((f) => f.id),
    'fault',
  )

  // References.
  const merchantThere = (path: string, merchantId: number) => {
    if (!merchants.has(merchantId)) problem(path, `merchant ${merchantId} is not there`)
  }
  state.stores.forEach((s, i) => {
    merchantThere(`stores[${i}].merchantId`, s.merchantId)
  })
  state.accounts.forEach((a, i) => {
    merchantThere(`accounts[${i}].merchantId`, a.merchantId)
  })
  state.balances.forEach((b, i) => {
    merchantThere(`balances[${i}].merchantId`, b.merchantId)
  })
  state.idempotency.forEach((r, i) => {
    merchantThere(`idempotency[${i}].merchantId`, r.merchantId)
  })
  state.webhooks.forEach((w, i) => {
    merchantThere(`webhooks[${i}].merchantId`, w.merchantId)
  })
  for (const [merchantId, { at }] of merchants) {
    for (const currency of CURRENCIES) {
      if (!balances.has(`${merchantId}:${currency}`))
        problem(`merchants[${at}]`, `merchant ${merchantId} has no ${currency} balance in state.balances`)
    }
  }
  /** A store an order or QR code names: the merchant's own, or one removed (its id was made). */
  const storeOf = (path: string, storeId: number, merchantId: number) => {
    const store = stores.get(storeId)?.record
    if (store && store.merchantId !== merchantId)
      problem(path, `store ${storeId} is merchant ${store.merchantId}'s, not merchant ${merchantId}'s`)
    else if (!store && storeId >= state.nextIds.store)
      problem(path, `store ${storeId} is not there and was never made (nextIds.store is ${state.nextIds.store})`)
  }
  state.orders.forEach((o, i) => {
    merchantThere(`orders[${i}].merchantId`, o.merchantId)
    storeOf(`orders[${i}].storeId`, o.storeId, o.merchantId)
  })
  state.qrCodes.forEach((q, i) => {
    merchantThere(`qrCodes[${i}].merchantId`, q.merchantId)
    storeOf(`qrCodes[${i}].storeId`, q.storeId, q.merchantId)
    if (q.orderId === null) return
    const order = orders.get(q.orderId)?.record
    if (!order) problem(`qrCodes[${i}].orderId`, `order ${q.orderId} is not there`)
    else if (order.merchantId !== q.merchantId)
      problem(
        `qrCodes[${i}].orderId`,
        `order ${q.orderId} is merchant ${order.merchantId}'s, not merchant ${q.merchantId}'s`,
      )
  })
  const refunded = new Map<number, number>()
  state.transactions.forEach((t, i) => {
    const at = `transactions[${i}]`
    merchantThere(`${at}.merchantId`, t.merchantId)
    if (t.kind === 'payout') {
      if (t.orderId !== 0) problem(`${at}.orderId`, `a payout has no order: 0, not ${t.orderId}`)
    } else {
      const order = orders.get(t.orderId)?.record
      if (!order) problem(`${at}.orderId`, `order ${t.orderId} is not there`)
      else if (order.merchantId !== t.merchantId)
        problem(`${at}.orderId`, `order ${t.orderId} is merchant ${order.merchantId}'s, not merchant ${t.merchantId}'s`)
      else if (order.currency !== t.currency)
        problem(`${at}.currency`, `${t.currency}, but order ${t.orderId} is in ${order.currency}`)
      else if (t.kind === 'refund' && (t.status === 'pending' || t.status === 'completed')) {
        const sum = (refunded.get(t.orderId) ?? 0) + t.amountMinor
        refunded.set(t.orderId, sum)
        if (sum > order.amountMinor)
          problem(
            `${at}.amountMinor`,
            `the refunds of order ${t.orderId} add up to ${sum}, more than its amount ${order.amountMinor}`,
          )
      }
    }
    if (t.kind !== 'payment' && t.status === 'pending' && t.dueAt === null)
      problem(`${at}.dueAt`, `a pending ${t.kind} settles at its dueAt, and it is null`)
  })
  state.webhooks.forEach((w, i) => {
    const at = `webhooks[${i}]`
    const tx = transactions.get(w.payload.transactionId)?.record
    // A webhook outlives the transaction it tells of when finished records are forgotten (keepRecordsSeconds).
    if (!tx && w.payload.transactionId >= state.nextIds.transaction)
      problem(
        `${at}.payload.transactionId`,
        `transaction ${w.payload.transactionId} is not there and was never made ` +
          `(nextIds.transaction is ${state.nextIds.transaction})`,
      )
    else if (tx && tx.merchantId !== w.merchantId)
      problem(`${at}.payload.transactionId`, `transaction ${tx.transactionId} is merchant ${tx.merchantId}'s`)
    const waiting = w.status === 'recorded' && w.url !== null
    if (w.held && (!waiting || w.nextAttemptAt !== null))
      problem(`${at}.held`, 'a held webhook waits to be sent: it has a url, status recorded and no nextAttemptAt')
    if (w.nextAttemptAt !== null && !waiting)
      problem(
        `${at}.nextAttemptAt`,
        'only a webhook still being delivered (status recorded, with a url) has a next attempt',
      )
    if (waiting && !w.held && w.nextAttemptAt === null)
      problem(
        `${at}.nextAttemptAt`,
        'a webhook still being delivered (status recorded, with a url, not held) needs the time of its next attempt',
      )
  })
  state.users.forEach((u, i) => {
    if (u.pin !== null && !(isHex(u.pin.salt) && isHex(u.pin.hash)))
      problem(`users[${i}].pin`, 'salt and hash are hexadecimal, as the mock writes them')
  })
  state.otpSessions.forEach((s, i) => {
    if (!users.has(s.userId)) problem(`otpSessions[${i}].userId`, `user ${s.userId} is not there`)
    if (!isCodeHash(s.codeHash))
      problem(`otpSessions[${i}].codeHash`, 'not a code hash (JSON of {salt, hash, iterations}, as the mock writes it)')
  })
  state.outbox.forEach((m, i) => {
    if (!users.has(m.userId)) problem(`outbox[${i}].userId`, `user ${m.userId} is not there`)
  })
  state.faults.forEach((f, i) => {
    const refused = faults.problem(f)
    if (refused !== undefined) problem(`faults[${i}]`, refused)
  })

  // The ledger: each balance is what its merchant's transactions make of its opening balance.
  const byMerchant = new Map<number, MockState['transactions']>()
  for (const t of state.transactions) {
    const list = byMerchant.get(t.merchantId)
    if (list) list.push(t)
    else byMerchant.set(t.merchantId, [t])
  }
  state.balances.forEach((b, i) => {
    const expected = expectedFigures(b.openingMinor, b.currency, byMerchant.get(b.merchantId) ?? [])
    if (b.balanceMinor !== expected.balanceMinor)
      problem(
        `balances[${i}].balanceMinor`,
        `the ledger adds up to ${expected.balanceMinor}, the file says ${b.balanceMinor}`,
      )
    if (b.freezeMinor !== expected.freezeMinor)
      problem(
        `balances[${i}].freezeMinor`,
        `the pending transactions add up to ${expected.freezeMinor}, the file says ${b.freezeMinor}`,
      )
    if (b.balanceMinor - b.freezeMinor < 0)
      problem(
        `balances[${i}]`,
        `usable would be ${b.balanceMinor - b.freezeMinor} (balance ${b.balanceMinor}, freeze ${b.freezeMinor})`,
      )
  })
  return problems
}

/** A reset session's code hash as the mock writes it: JSON of a salted hash. */
function isCodeHash(text: string): boolean {
  try {
    const value = JSON.parse(text) as { salt?: unknown; hash?: unknown; iterations?: unknown } | null
    return (
      typeof value?.salt === 'string' &&
      typeof value.hash === 'string' &&
      isHex(value.salt) &&
      isHex(value.hash) &&
      Number.isSafeInteger(value.iterations) &&
      (value.iterations as number) > 0
    )
  } catch {
    return false
  }
}

/** Bytes written as hexadecimal (two digits a byte), as PIN and code hashes are kept. */
function isHex(text: string): boolean {
  return text.length % 2 === 0 && /^[0-9a-f]*$/i.test(text)
}
