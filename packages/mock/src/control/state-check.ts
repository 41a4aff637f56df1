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

/** The rules that span records, each broken one as `path: what is wrong`, in the order they are checked. */
function crossChecks(state: MockState, faults: Pick<FaultRegistry, 'problem'>): string[] {
  const check = new StateCheck(state)
  if (state.clock.now > CLOCK_RANGE.max)
    check.problem('clock.now', `the clock holds 1970-01-01 to 9999-12-31, not ${state.clock.now}`)
  const found = uniqueRecords(check)
  checkIdSequences(check)
  checkOwners(check, found)
  checkOrdersAndCodes(check, found)
  checkTransactions(check, found)
  checkWebhooks(check, found)
  checkPinRecords(check, found)
  state.faults.forEach((f, i) => {
    const refused = faults.problem(f)
    if (refused !== undefined) check.problem(`faults[${i}]`, refused)
  })
  checkLedger(check)
  return check.problems
}

/** A state under check, and the problems found so far. */
class StateCheck {
  readonly problems: string[] = []
  constructor(readonly state: MockState) {}

  problem(path: string, text: string): void {
    this.problems.push(`state.${path}: ${text}`)
  }

  /**
   * Indexes the records of a list by a field (or a key made of several); a key seen twice is a problem at its
   * second place, saying what the key is: `what` and the key, or what `what` makes of it.
   */
  unique<L extends Lists>(
    table: L,
    field: string,
    what: string | ((key: string) => string),
    key: (record: Item<L>) => unknown = (record) => (record as Record<string, unknown>)[field],
  ): Map<unknown, { record: Item<L>; at: number }> {
    const byKey = new Map<unknown, { record: Item<L>; at: number }>()
    const list = this.state[table] as readonly Item<L>[]
    list.forEach((record, at) => {
      const k = key(record)
      const first = byKey.get(k)
      const said = typeof what === 'string' ? `${what} ${k}` : what(String(k))
      if (first) this.problem(`${table}[${at}].${field}`, `${said} appears twice (also state.${table}[${first.at}])`)
      else byKey.set(k, { record, at })
    })
    return byKey
  }

  /** A merchant a record names must be there. */
  merchantThere(found: Found, path: string, merchantId: number): void {
    if (!found.merchants.has(merchantId)) this.problem(path, `merchant ${merchantId} is not there`)
  }
}

type Found = ReturnType<typeof uniqueRecords>

/** The lists of records a state holds, and one record of a list. */
type Lists = { [K in keyof MockState]: MockState[K] extends readonly unknown[] ? K : never }[keyof MockState]
type Item<L extends Lists> = MockState[L][number]

/** No id or key used twice; the indexes the other checks look records up in. */
function uniqueRecords(check: StateCheck) {
  const pair = (k: string) => k.split(':')
  const ofMerchant = (what: (rest: string) => string) => (k: string) =>
    `${what(pair(k).slice(1).join(':'))} of merchant ${pair(k)[0]}`
  const merchants = check.unique('merchants', 'merchantId', 'merchant')
  check.unique('merchants', 'apiKey', () => 'this API key')
  const stores = check.unique('stores', 'storeId', 'store')
  check.unique(
    'accounts',
    'accountNumber',
    ofMerchant((n) => `account ${n}`),
    (a) => `${a.merchantId}:${a.accountNumber}`,
  )
  const balances = check.unique(
    'balances',
    'currency',
    (k) => `the ${pair(k)[1]} balance of merchant ${pair(k)[0]}`,
    (b) => `${b.merchantId}:${b.currency}`,
  )
  const orders = check.unique('orders', 'orderId', 'order')
  check.unique('orders', 'qrData', 'QR data')
  check.unique('qrCodes', 'qrData', 'QR data')
  const transactions = check.unique('transactions', 'transactionId', 'transaction')
  check.unique(
    'idempotency',
    'key',
    ofMerchant((k) => `key ${JSON.stringify(k)}`),
    (r) => `${r.merchantId}:${r.key}`,
  )
  check.unique('webhooks', 'id', 'webhook')
  const users = check.unique('users', 'userId', 'user')
  check.unique('users', 'accessToken', () => 'this access token')
  check.unique('otpSessions', 'sessionId', 'session')
  check.unique('outbox', 'id', 'code')
  check.unique('faults', 'id', 'fault')
  return { merchants, stores, balances, orders, transactions, users }
}

/** Id sequences: the next id of each is above every id of its kind in use (or once made, for stores). */
function checkIdSequences(check: StateCheck): void {
  const { state } = check
  const ids: Partial<Record<keyof MockState['nextIds'], { ids: readonly number[]; what: string }>> = {
    merchant: { ids: state.merchants.map((m) => m.merchantId), what: 'merchant' },
    store: { ids: state.stores.map((s) => s.storeId), what: 'store' },
    order: { ids: state.orders.map((o) => o.orderId), what: 'order' },
    transaction: { ids: state.transactions.map((t) => t.transactionId), what: 'transaction' },
    webhook: { ids: state.webhooks.map((w) => w.id), what: 'webhook' },
    user: { ids: state.users.map((u) => u.userId), what: 'user' },
    outbox: { ids: state.outbox.map((m) => m.id), what: 'code' },
    fault: { ids: state.faults.map((f) => f.id), what: 'fault' },
  }
  for (const [kind, { ids: inUse, what }] of Object.entries(ids)) {
    const largest = inUse.reduce((most, id) => Math.max(most, id), 0)
    const next = state.nextIds[kind as keyof MockState['nextIds']]
    if (next <= largest)
      check.problem(`nextIds.${kind}`, `${next} is not above the ${what} ids in use (the largest is ${largest})`)
  }
}

/** The merchant of each record is there, and each merchant has both balances. */
function checkOwners(check: StateCheck, found: Found): void {
  const { state } = check
  const { stores, accounts, balances, idempotency, webhooks } = state
  for (const [name, list] of Object.entries({ stores, accounts, balances, idempotency, webhooks })) {
    list.forEach((r, i) => {
      check.merchantThere(found, `${name}[${i}].merchantId`, r.merchantId)
    })
  }
  for (const [merchantId, { at }] of found.merchants) {
    for (const currency of CURRENCIES) {
      if (!found.balances.has(`${merchantId}:${currency}`))
        check.problem(`merchants[${at}]`, `merchant ${merchantId} has no ${currency} balance in state.balances`)
    }
  }
}

/** Orders and QR codes: their merchant, their store (the merchant's own, or one removed: its id was made). */
function checkOrdersAndCodes(check: StateCheck, found: Found): void {
  const { state } = check
  const storeOf = (path: string, storeId: number, merchantId: number) => {
    const store = found.stores.get(storeId)?.record
    if (store && store.merchantId !== merchantId)
      check.problem(path, `store ${storeId} is merchant ${store.merchantId}'s, not merchant ${merchantId}'s`)
    else if (!store && storeId >= state.nextIds.store)
      check.problem(path, `store ${storeId} is not there and was never made (nextIds.store is ${state.nextIds.store})`)
  }
  state.orders.forEach((o, i) => {
    check.merchantThere(found, `orders[${i}].merchantId`, o.merchantId)
    storeOf(`orders[${i}].storeId`, o.storeId, o.merchantId)
  })
  state.qrCodes.forEach((q, i) => {
    check.merchantThere(found, `qrCodes[${i}].merchantId`, q.merchantId)
    storeOf(`qrCodes[${i}].storeId`, q.storeId, q.merchantId)
    if (q.orderId === null) return
    const order = found.orders.get(q.orderId)?.record
    if (!order) check.problem(`qrCodes[${i}].orderId`, `order ${q.orderId} is not there`)
    else if (order.merchantId !== q.merchantId)
      check.problem(
        `qrCodes[${i}].orderId`,
        `order ${q.orderId} is merchant ${order.merchantId}'s, not merchant ${q.merchantId}'s`,
      )
  })
}

/** Transactions: their merchant and order, refunds within their order, a pending refund or payout due. */
function checkTransactions(check: StateCheck, found: Found): void {
  const refunded = new Map<number, number>()
  check.state.transactions.forEach((t, i) => {
    const at = `transactions[${i}]`
    check.merchantThere(found, `${at}.merchantId`, t.merchantId)
    if (t.kind === 'payout') {
      if (t.orderId !== 0) check.problem(`${at}.orderId`, `a payout has no order: 0, not ${t.orderId}`)
    } else {
      const order = found.orders.get(t.orderId)?.record
      if (!order) check.problem(`${at}.orderId`, `order ${t.orderId} is not there`)
      else if (order.merchantId !== t.merchantId)
        check.problem(
          `${at}.orderId`,
          `order ${t.orderId} is merchant ${order.merchantId}'s, not merchant ${t.merchantId}'s`,
        )
      else if (order.currency !== t.currency)
        check.problem(`${at}.currency`, `${t.currency}, but order ${t.orderId} is in ${order.currency}`)
      else if (t.kind === 'refund' && (t.status === 'pending' || t.status === 'completed')) {
        const sum = (refunded.get(t.orderId) ?? 0) + t.amountMinor
        refunded.set(t.orderId, sum)
        if (sum > order.amountMinor)
          check.problem(
            `${at}.amountMinor`,
            `the refunds of order ${t.orderId} add up to ${sum}, more than its amount ${order.amountMinor}`,
          )
      }
    }
    if (t.kind !== 'payment' && t.status === 'pending' && t.dueAt === null)
      check.problem(`${at}.dueAt`, `a pending ${t.kind} settles at its dueAt, and it is null`)
  })
}

/** Webhooks: the transaction they tell of, and a delivery state that can go on. */
function checkWebhooks(check: StateCheck, found: Found): void {
  const { state } = check
  state.webhooks.forEach((w, i) => {
    const at = `webhooks[${i}]`
    const tx = found.transactions.get(w.payload.transactionId)?.record
    // A webhook outlives the transaction it tells of when finished records are forgotten (keepRecordsSeconds).
    if (!tx && w.payload.transactionId >= state.nextIds.transaction)
      check.problem(
        `${at}.payload.transactionId`,
        `transaction ${w.payload.transactionId} is not there and was never made ` +
          `(nextIds.transaction is ${state.nextIds.transaction})`,
      )
    else if (tx && tx.merchantId !== w.merchantId)
      check.problem(`${at}.payload.transactionId`, `transaction ${tx.transactionId} is merchant ${tx.merchantId}'s`)
    const waiting = w.status === 'recorded' && w.url !== null
    if (w.held && (!waiting || w.nextAttemptAt !== null))
      check.problem(`${at}.held`, 'a held webhook waits to be sent: it has a url, status recorded and no nextAttemptAt')
    if (w.nextAttemptAt !== null && !waiting)
      check.problem(
        `${at}.nextAttemptAt`,
        'only a webhook still being delivered (status recorded, with a url) has a next attempt',
      )
    if (waiting && !w.held && w.nextAttemptAt === null)
      check.problem(
        `${at}.nextAttemptAt`,
        'a webhook still being delivered (status recorded, with a url, not held) needs the time of its next attempt',
      )
  })
}

/** The PIN module's records: PIN hashes readable, sessions and codes sent of users that are there. */
function checkPinRecords(check: StateCheck, found: Found): void {
  const { state } = check
  state.users.forEach((u, i) => {
    if (u.pin !== null && !(isHex(u.pin.salt) && isHex(u.pin.hash)))
      check.problem(`users[${i}].pin`, 'salt and hash are hexadecimal, as the mock writes them')
  })
  state.otpSessions.forEach((s, i) => {
    if (!found.users.has(s.userId)) check.problem(`otpSessions[${i}].userId`, `user ${s.userId} is not there`)
    if (!isCodeHash(s.codeHash))
      check.problem(
        `otpSessions[${i}].codeHash`,
        'not a code hash (JSON of {salt, hash, iterations}, as the mock writes it)',
      )
  })
  state.outbox.forEach((m, i) => {
    if (!found.users.has(m.userId)) check.problem(`outbox[${i}].userId`, `user ${m.userId} is not there`)
  })
}

/** The ledger: each balance is what its merchant's transactions make of its opening balance. */
function checkLedger(check: StateCheck): void {
  const byMerchant = new Map<number, MockState['transactions']>()
  for (const t of check.state.transactions) {
    const list = byMerchant.get(t.merchantId)
    if (list) list.push(t)
    else byMerchant.set(t.merchantId, [t])
  }
  check.state.balances.forEach((b, i) => {
    const expected = expectedFigures(b.openingMinor, b.currency, byMerchant.get(b.merchantId) ?? [])
    if (b.balanceMinor !== expected.balanceMinor)
      check.problem(
        `balances[${i}].balanceMinor`,
        `the ledger adds up to ${expected.balanceMinor}, the file says ${b.balanceMinor}`,
      )
    if (b.freezeMinor !== expected.freezeMinor)
      check.problem(
        `balances[${i}].freezeMinor`,
        `the pending transactions add up to ${expected.freezeMinor}, the file says ${b.freezeMinor}`,
      )
    if (b.balanceMinor - b.freezeMinor < 0)
      check.problem(
        `balances[${i}]`,
        `usable would be ${b.balanceMinor - b.freezeMinor} (balance ${b.balanceMinor}, freeze ${b.freezeMinor})`,
      )
  })
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
