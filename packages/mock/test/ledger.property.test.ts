/**
 * Model-based property test of the ledger. Each run drives ONE mock (two merchants, USD and KHR) through a
 * random sequence of gateway requests (create order, cancel, refund, payout, idempotent replays and key
 * reuse) and control calls (customer payments, clock moves, explicit settlement), next to a small model of
 * what each request must answer and what it must do to balance and freeze. After every step:
 *
 * - balance inquiry: balance = usable + freeze (in minor units), usable >= 0, freeze >= 0, and the figures
 *   are the model's;
 * - a refused (4xx) or replayed request, and any step that by the rules moves no money, left every figure
 *   identical (checked against the previous step's figures, independently of the model);
 * - `mock.audit()` (balances recomputed from the transactions) is `[]`;
 * - each order's pending + completed refunds, read back from the mock's transactions, stay within its amount;
 * - order and refund/payout states read back from the mock are the model's;
 * - no answer is a 5xx, and the control API refuses only with a RuleError (4xx).
 *
 * With autoSettle off (second property) nothing settles by itself: only `mock.settle()` completes or reverses
 * what is due, and it must settle exactly what the model says is due.
 *
 * Continued from a loaded state (third property): the state is saved mid-run (`mock.snapshot()`) and loaded into
 * a fresh mock (`mock.load()`); the rest of the commands runs on both, with every invariant checked, and the two
 * end in the same state.
 *
 * Runs start on dates on both sides of release 1.4.0 and cross its cut-overs as the clock moves. Refunds and
 * payouts are sent in either form, the current signed one or the earlier unsigned snake_case one: the model
 * knows from the era in force which form is accepted (the current form before 2026-03-02 is 400, the earlier
 * form from 2026-03-16 is 401) and holds both to one set of rules: one cap per order, one balance, one key space.
 *
 * On failure fast-check prints the seed, the path and the shrunk command list (each command's toString);
 * see `replayOptions` below to rerun exactly that case.
 */
import { eraAt, GATEWAY_PATHS, HEADERS, LIMITS, type Currency } from '@merchant-gateway/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  canReach,
  ORDER_MACHINE,
  PAYOUT_MACHINE,
  REFUND_MACHINE,
  type StateMachine,
} from '../src/domain/state-machines.js'
import { isRuleError, type MockGateway } from '../src/index.js'
import { call, earlierCall, MONDAY, newMerchant, newMock, signedCall, type Merchant, type Reply } from './harness.js'
import { checkProperty, propertyRuns, propertyTimeout } from './property-runs.js'

const CURRENCIES: readonly Currency[] = ['USD', 'KHR']
const DAY_MS = 86_400_000
const ACCOUNT_OK = 'ACC-OK'
const ACCOUNT_FAIL = 'ACC-FAIL'
const ACCOUNT_UNKNOWN = 'ACC-NOBODY'

// ---------------------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------------------

interface OrderM {
  id: number
  merchant: number
  currency: Currency
  amount: number
  status: 'pending' | 'processing' | 'completed' | 'cancelled'
  createdAt: number
  /** The time of the last move of the order or one of its payments (with `keepRecordsSeconds`). */
  lastMove: number
  /** Forgotten by `keepRecordsSeconds`: it answers 404 like an order never made. */
  forgotten: boolean
}

interface MoneyTxM {
  id: number
  kind: 'refund' | 'payout'
  merchant: number
  currency: Currency
  amount: number
  orderId: number
  dueAt: number
  failsAtSettlement: boolean
  status: 'pending' | 'completed' | 'failed'
  /** When it settled (or was reversed). */
  settledAt: number | null
  /** Forgotten by `keepRecordsSeconds` (with its order, or a payout alone). */
  forgotten: boolean
}

/** The wire form of a refund or payout: current (signed, camelCase) or earlier (unsigned, snake_case). */
type Form = 'current' | 'earlier'

/** A refund or payout request, as the model reasons about it, with its form and the exact wire body sent. */
type MoneyRequest =
  | { operation: 'refund'; form: Form; orderId: number; amount: number; bad: boolean; wire: Record<string, unknown> }
  | {
      operation: 'payout'
      form: Form
      accountNumber: string
      currency: Currency
      amount: number
      bad: boolean
      wire: Record<string, unknown>
    }

/** The wire body of a refund in a form. */
function refundWire(form: Form, orderId: number, amount: number): Record<string, unknown> {
  return form === 'current' ? { orderId, refundAmount: amount } : { order_id: String(orderId), amount }
}

/** The wire body of a payout in a form. */
function payoutWire(form: Form, accountNumber: string, amount: number, currency: Currency): Record<string, unknown> {
  return form === 'current' ? { accountNumber, amount, currency } : { account_id: accountNumber, amount, currency }
}

/** What the mock must have stored for an idempotency key (scoped to the merchant). */
interface KeyRecordM {
  operation: 'refund' | 'payout'
  fingerprint: string
  status: number
  body: unknown
  expiresAt: number
}

/** Every keyed request sent, so later steps can replay or reuse its key. */
interface SentM {
  merchant: number
  key: string
  request: MoneyRequest
}

interface Model {
  now: number
  autoSettle: boolean
  /** `keepRecordsSeconds` in ms; `null`: off (nothing is forgotten). */
  keepMs: number | null
  days: { refund: number; payout: number }
  figures: Map<string, { balance: number; freeze: number }>
  orders: OrderM[]
  money: MoneyTxM[]
  keys: Map<string, KeyRecordM>
  sent: SentM[]
}

/** A record's state changed since the last step only by moves of its machine (from its creation, when new). */
function expectMove(real: Real, machine: StateMachine, key: string, status: string, step: string): void {
  const before = real.seen.get(key) ?? null
  if (before !== status)
    expect(
      canReach(machine, before, status),
      `${step}: ${key} moved ${before ?? '(created)'} -> ${status}, not by moves of the ${machine.name} machine`,
    ).toBe(true)
  real.seen.set(key, status)
}

/** A record removed since the last step was removed by a move of its machine. */
function expectForgotten(real: Real, machine: StateMachine, key: string, step: string): void {
  const before = real.seen.get(key)
  if (before === 'forgotten') return
  expect(canReach(machine, before ?? null, null), `${step}: ${key} removed while ${before ?? '(created)'}`).toBe(true)
  real.seen.set(key, 'forgotten')
}

interface Real {
  mock: MockGateway
  merchants: Merchant[]
  /** Figures (minor units) after the previous step, from balance inquiry. */
  last: Record<string, { balance: number; freeze: number; usable: number }>
  /** The state each order and money transaction was last seen in: every change must be a move of its table. */
  seen: Map<string, string>
}

const figureKey = (merchant: number, currency: Currency) => `${merchant}:${currency}`

function fig(model: Model, merchant: number, currency: Currency): { balance: number; freeze: number } {
  return model.figures.get(figureKey(merchant, currency))!
}

const usable = (model: Model, merchant: number, currency: Currency) => {
  const f = fig(model, merchant, currency)
  return f.balance - f.freeze
}

/**
 * Monday to Friday, UTC, keeping the time of day (refunds settle in 3-5 business days and payouts in 1-2).
 */
function addBusinessDays(fromMs: number, days: number): number {
  let t = fromMs
  for (let i = 0; i < days; i++) {
    t += DAY_MS
    while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY_MS
  }
  return t
}

/** Completes or fails every refund/payout due now; returns how many. */
function settleDue(model: Model): number {
  let count = 0
  for (const tx of model.money) {
    if (tx.status !== 'pending' || tx.dueAt > model.now) continue
    const f = fig(model, tx.merchant, tx.currency)
    tx.settledAt = model.now
    if (tx.kind === 'payout' && tx.failsAtSettlement) {
      f.freeze -= tx.amount
      tx.status = 'failed'
    } else {
      f.balance -= tx.amount
      f.freeze -= tx.amount
      tx.status = 'completed'
    }
    count++
  }
  return count
}

/**
 * Forgets what `keepRecordsSeconds` forgets by now: an order completed or cancelled whose refunds all settled,
 * with them, and a settled payout, once their last move is `keepMs` old. Balances do not move.
 */
function forgetDue(model: Model): void {
  const keepMs = model.keepMs
  if (keepMs === null) return
  for (const order of model.orders) {
    if (order.forgotten || (order.status !== 'completed' && order.status !== 'cancelled')) continue
    const refunds = model.money.filter((tx) => tx.kind === 'refund' && tx.orderId === order.id)
    if (refunds.some((tx) => tx.settledAt === null)) continue
    const last = Math.max(order.lastMove, ...refunds.map((tx) => tx.settledAt!))
    if (last + keepMs > model.now) continue
    order.forgotten = true
    for (const tx of refunds) tx.forgotten = true
  }
  for (const tx of model.money) {
    if (tx.kind === 'payout' && tx.settledAt !== null && tx.settledAt + keepMs <= model.now) tx.forgotten = true
  }
}

const refundedOf = (model: Model, orderId: number) =>
  model.money
    .filter((tx) => tx.kind === 'refund' && tx.orderId === orderId && tx.status !== 'failed')
    .reduce((sum, tx) => sum + tx.amount, 0)

// ---------------------------------------------------------------------------------------------------------
// Wire helpers
// ---------------------------------------------------------------------------------------------------------

/**
 * Minor units to a wire amount; `bad` adds a decimal the currency does not allow (USD 3rd decimal, KHR a half riel).
 */
function toWire(minor: number, currency: Currency, bad = false): number {
  if (currency === 'USD') return bad ? (minor * 10 + 5) / 1000 : minor / 100
  return bad ? minor + 0.5 : minor
}

/** A wire figure to minor units, to the currency's decimals. */
function toMinor(value: number, currency: Currency): number {
  if (currency === 'USD') return Math.round(value * 100)
  expect(Number.isInteger(value), `KHR figure ${value} is not whole riel`).toBe(true)
  return value
}

function fingerprint(body: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(body).sort(([a], [b]) => (a < b ? -1 : 1))))
}

function expectNo5xx(reply: Reply, what: string): void {
  expect(reply.status, `${what} answered ${reply.status}: ${JSON.stringify(reply.body)}`).toBeLessThan(500)
}

/** What a step tells the invariant check: `unchanged` when by the rules it must not have moved any money. */
interface Outcome {
  unchanged: boolean
}

// ---------------------------------------------------------------------------------------------------------
// Invariants, checked after every step
// ---------------------------------------------------------------------------------------------------------

async function readFigures(real: Real): Promise<Real['last']> {
  const out: Real['last'] = {}
  for (const [i, m] of real.merchants.entries()) {
    const reply = await call(real.mock, GATEWAY_PATHS.balanceInquiry, { apiKey: m.apiKey })
    expectNo5xx(reply, 'balance inquiry')
    expect(reply.status).toBe(200)
    for (const currency of CURRENCIES) {
      const wire = reply.body.data[currency.toLowerCase()] as { balance: number; freeze: number; usable: number }
      out[figureKey(i, currency)] = {
        balance: toMinor(wire.balance, currency),
        freeze: toMinor(wire.freeze, currency),
        usable: toMinor(wire.usable, currency),
      }
    }
  }
  return out
}

async function checkInvariants(model: Model, real: Real, step: string, outcome: Outcome): Promise<void> {
  forgetDue(model)
  const figures = await readFigures(real)
  for (const [key, f] of Object.entries(figures)) {
    expect(f.balance, `${step}: ${key} balance = usable + freeze`).toBe(f.usable + f.freeze)
    expect(f.usable, `${step}: ${key} usable >= 0`).toBeGreaterThanOrEqual(0)
    expect(f.freeze, `${step}: ${key} freeze >= 0`).toBeGreaterThanOrEqual(0)
    const m = model.figures.get(key)!
    expect({ balance: f.balance, freeze: f.freeze }, `${step}: ${key} figures follow the rules`).toEqual(m)
  }
  if (outcome.unchanged)
    expect(figures, `${step}: a refused, replayed or money-neutral step moved money`).toEqual(real.last)
  real.last = figures

  expect(real.mock.audit(), `${step}: audit`).toEqual([])

  for (const order of model.orders) {
    const status = real.mock.orders.get(order.id)?.status
    if (order.forgotten) {
      expect(status, `${step}: order ${order.id} forgotten`).toBeUndefined()
      expectForgotten(real, ORDER_MACHINE, `order ${order.id}`, step)
      continue
    }
    expect(status, `${step}: order ${order.id} status`).toBe(order.status)
    expectMove(real, ORDER_MACHINE, `order ${order.id}`, status!, step)
  }
  const refunded = new Map<number, number>()
  for (const tx of model.money) {
    const stored = real.mock.transactions.get(tx.id)
    if (tx.forgotten) {
      expect(stored, `${step}: ${tx.kind} ${tx.id} forgotten`).toBeUndefined()
      expectForgotten(real, tx.kind === 'refund' ? REFUND_MACHINE : PAYOUT_MACHINE, `${tx.kind} ${tx.id}`, step)
      continue
    }
    expect(stored, `${step}: ${tx.kind} ${tx.id}`).toMatchObject({
      kind: tx.kind,
      status: tx.status,
      currency: tx.currency,
      amount: toWire(tx.amount, tx.currency),
    })
    expectMove(
      real,
      tx.kind === 'refund' ? REFUND_MACHINE : PAYOUT_MACHINE,
      `${tx.kind} ${tx.id}`,
      stored!.status,
      step,
    )
    if (tx.kind === 'refund' && (stored!.status === 'pending' || stored!.status === 'completed')) {
      refunded.set(stored!.orderId, (refunded.get(stored!.orderId) ?? 0) + toMinor(stored!.amount, stored!.currency))
    }
  }
  for (const [orderId, sum] of refunded) {
    const order = real.mock.orders.get(orderId)!
    expect(sum, `${step}: refunds of order ${orderId} exceed its amount`).toBeLessThanOrEqual(
      toMinor(order.amount, order.currency),
    )
  }
}

// ---------------------------------------------------------------------------------------------------------
// Money requests (refund, payout): fresh, replayed, or refused for a reused key
// ---------------------------------------------------------------------------------------------------------

interface Expected {
  status: number
  code?: string
}

function expectRefund(model: Model, caller: number, req: Extract<MoneyRequest, { operation: 'refund' }>): Expected {
  const order = model.orders.find((o) => o.id === req.orderId)
  if (!order || order.forgotten || order.merchant !== caller) return { status: 404 }
  if (req.bad) return { status: 400 }
  if (order.status !== 'completed') return { status: 422, code: 'order_not_refundable' }
  if (req.amount > order.amount - refundedOf(model, order.id)) return { status: 422, code: 'refund_exceeds_remaining' }
  if (req.amount > usable(model, caller, order.currency)) return { status: 422, code: 'insufficient_funds' }
  return { status: 200 }
}

function expectPayout(model: Model, caller: number, req: Extract<MoneyRequest, { operation: 'payout' }>): Expected {
  if (req.bad) return { status: 400 }
  if (req.amount > usable(model, caller, req.currency)) return { status: 422, code: 'insufficient_funds' }
  return { status: 200 }
}

async function sendMoney(model: Model, real: Real, caller: number, req: MoneyRequest, key: string): Promise<Outcome> {
  if (model.autoSettle) settleDue(model)
  const path = req.operation === 'refund' ? GATEWAY_PATHS.refundOrder : GATEWAY_PATHS.payout
  const merchant = real.merchants[caller]!
  const reply =
    req.form === 'current'
      ? await signedCall(real.mock, merchant, path, req.wire, { key })
      : await earlierCall(real.mock, merchant, path, req.wire, { key })
  expectNo5xx(reply, req.operation)
  model.sent.push({ merchant: caller, key, request: req })

  // The era decides which form is accepted; a form it does not accept is refused by authentication, before
  // the key is looked at, and nothing is stored.
  const era = eraAt(model.now)
  if (req.form === 'current' && !era.signedMoneyForm) {
    expect(reply.status, `current form in era ${era.name}: ${JSON.stringify(reply.body)}`).toBe(400)
    expect(reply.body.message).toMatch(/X-App-Id/)
    return { unchanged: true }
  }
  if (req.form === 'earlier' && era.legacyAuth === 'refused') {
    expect(reply.status, `earlier form in era ${era.name}: ${JSON.stringify(reply.body)}`).toBe(401)
    expect(reply.body.error.code).toBe('invalid_authentication')
    return { unchanged: true }
  }

  // A body the contract schema refuses (a payout amount with more decimals than its currency allows) is a
  // 400 before idempotency is looked at: the pipeline validates first. A refund's decimals depend on the
  // order's currency, so they are checked by the operation, after the key.
  if (req.operation === 'payout' && req.bad) {
    expect(reply.status, `payout with bad decimals: ${JSON.stringify(reply.body)}`).toBe(400)
    return { unchanged: true }
  }
  const scopedKey = `${caller}:${key}`
  const record = model.keys.get(scopedKey)
  if (record && record.expiresAt > model.now) {
    if (record.operation !== req.operation || record.fingerprint !== fingerprint(req.wire)) {
      expect(reply.status, 'same key, different request').toBe(422)
      expect(reply.body.error.code).toBe('idempotency_key_mismatch')
    } else {
      expect(reply.status, 'replay status').toBe(record.status)
      expect(reply.body, 'replay body').toEqual(record.body)
      expect(reply.headers.get(HEADERS.idempotentReplayed)).toBe('true')
    }
    return { unchanged: true }
  }

  const expected = req.operation === 'refund' ? expectRefund(model, caller, req) : expectPayout(model, caller, req)
  expect(reply.status, `${req.operation} ${JSON.stringify(req.wire)}: ${JSON.stringify(reply.body)}`).toBe(
    expected.status,
  )
  if (expected.code) expect(reply.body.error.code).toBe(expected.code)
  expect(reply.headers.get(HEADERS.idempotentReplayed)).toBeNull()
  // 400 and 404 release the key (the client fixes the request and may keep it); every other outcome is stored.
  if (reply.status !== 400 && reply.status !== 404) {
    model.keys.set(scopedKey, {
      operation: req.operation,
      fingerprint: fingerprint(req.wire),
      status: reply.status,
      body: reply.body,
      expiresAt: model.now + LIMITS.idempotencyWindowMs,
    })
  }
  if (reply.status !== 200) return { unchanged: true }

  const currency = req.operation === 'refund' ? model.orders.find((o) => o.id === req.orderId)!.currency : req.currency
  let transactionId: number
  if (req.form === 'current') {
    const data = reply.body.data
    expect(data).toMatchObject({
      amount: toWire(req.amount, currency),
      currency,
      orderId: req.operation === 'refund' ? req.orderId : 0,
    })
    transactionId = data.transactionId
  } else if (req.operation === 'refund') {
    expect(reply.body).toMatchObject({
      order_id: String(req.orderId),
      amount: toWire(req.amount, currency),
      status: 'processing',
    })
    transactionId = Number(reply.body.refund_id)
  } else {
    expect(reply.body).toMatchObject({
      account_id: req.accountNumber,
      amount: toWire(req.amount, currency),
      currency,
      status: 'processing',
    })
    transactionId = Number(reply.body.payout_id)
  }
  fig(model, caller, currency).freeze += req.amount
  model.money.push({
    id: transactionId,
    kind: req.operation,
    merchant: caller,
    currency,
    amount: req.amount,
    orderId: req.operation === 'refund' ? req.orderId : 0,
    dueAt: addBusinessDays(model.now, model.days[req.operation]),
    failsAtSettlement: req.operation === 'payout' && req.accountNumber !== ACCOUNT_OK,
    status: 'pending',
    settledAt: null,
    forgotten: false,
  })
  return { unchanged: false }
}

// ---------------------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------------------

type Cmd = fc.AsyncCommand<Model, Real>

/** Which order a command acts on; resolved against the model when the command runs. */
interface OrderPick {
  from: 'recent' | 'any' | 'open' | 'completed'
  n: number
}

function orderPickArb(weights: Partial<Record<OrderPick['from'], number>>): fc.Arbitrary<OrderPick> {
  const from = fc.oneof(
    ...(Object.entries(weights) as Array<[OrderPick['from'], number]>).map(([value, weight]) => ({
      arbitrary: fc.constant(value),
      weight,
    })),
  )
  return fc.record({ from, n: fc.nat(1000) })
}

function pickOrder(model: Model, pick: OrderPick): OrderM {
  const subset =
    pick.from === 'completed'
      ? model.orders.filter((o) => o.status === 'completed')
      : pick.from === 'open'
        ? model.orders.filter((o) => o.status === 'pending' || o.status === 'processing')
        : model.orders
  const list = subset.length > 0 ? subset : model.orders
  if (pick.from === 'recent') return list[list.length - 1 - (pick.n % Math.min(list.length, 4))]!
  return list[pick.n % list.length]!
}

/** An amount relative to a limit: permille <= 1000 stays within it, above 1000 exceeds it by at least 1. */
function relative(limit: number, permille: number): number {
  if (permille <= 1000) return Math.max(1, Math.floor((limit * permille) / 1000))
  return limit + Math.max(1, Math.floor((limit * (permille - 1000)) / 1000))
}

const permilleArb = fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1001, max: 1500 }))

type PayStatus = 'SUCCESS' | 'FAILED' | 'PENDING'

/**
 * The customer pays `order` through the control API; checks the answer against the rules and applies
 * them to the model. Returns whether money moved.
 */
async function payOrder(model: Model, real: Real, order: OrderM, status: PayStatus): Promise<boolean> {
  if (model.autoSettle) settleDue(model)
  const f = fig(model, order.merchant, order.currency)
  const a = order.amount
  // The rules: what the payment must answer, and what it does to the order and the ledger.
  let expected: { status: number; code?: string; tx?: string; apply?: () => void }
  if (order.forgotten) expected = { status: 404 }
  else if (order.status === 'completed' || order.status === 'cancelled') expected = { status: 409 }
  else if (order.status === 'processing') {
    if (status === 'PENDING') expected = { status: 409 }
    else if (status === 'SUCCESS')
      expected = {
        status: 200,
        tx: 'completed',
        apply: () => {
          f.freeze -= a
          order.status = 'completed'
        },
      }
    else
      expected = {
        status: 200,
        tx: 'failed',
        apply: () => {
          f.balance -= a
          f.freeze -= a
          order.status = 'pending'
        },
      }
  } else if (model.now >= order.createdAt + LIMITS.qrValidityMs) expected = { status: 422, code: 'qr_expired' }
  else if (status === 'SUCCESS')
    expected = {
      status: 200,
      tx: 'completed',
      apply: () => {
        f.balance += a
        order.status = 'completed'
      },
    }
  else if (status === 'FAILED') expected = { status: 200, tx: 'failed' }
  else
    expected = {
      status: 200,
      tx: 'pending',
      apply: () => {
        f.balance += a
        f.freeze += a
        order.status = 'processing'
      },
    }

  let got: { status: number; code?: string | undefined; tx?: string }
  try {
    const result = await real.mock.payments.create({ orderId: order.id, status })
    got = { status: 200, tx: result.status }
  } catch (error) {
    // Anything but a RuleError (4xx) is a bug of the mock, e.g. a broken ledger invariant.
    if (!isRuleError(error)) throw error
    got = { status: error.status, code: error.code }
  }
  expect(got.status, `payment ${status} of order ${order.id}`).toBeLessThan(500)
  expect(got, `payment ${status} of ${order.status} order ${order.id}`).toMatchObject({
    status: expected.status,
    ...(expected.code ? { code: expected.code } : {}),
    ...(expected.tx ? { tx: expected.tx } : {}),
  })
  expected.apply?.()
  if (got.status === 200) order.lastMove = model.now
  return expected.apply !== undefined
}

/** Creates an order through the API; optionally the customer pays it at once. */
class CreateOrder implements Cmd {
  constructor(
    readonly merchant: number,
    readonly currency: Currency,
    readonly amount: number,
    readonly foreignStore: boolean,
    readonly payNow: PayStatus | null,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    if (model.autoSettle) settleDue(model)
    const m = real.merchants[this.merchant]!
    const storeId = this.foreignStore ? real.merchants[1 - this.merchant]!.storeId : m.storeId
    const body = { storeId, amount: toWire(this.amount, this.currency), currency: this.currency }
    const reply = await call(real.mock, GATEWAY_PATHS.createOrder, { apiKey: m.apiKey, body })
    expectNo5xx(reply, 'create order')
    let moved = false
    if (this.foreignStore) {
      expect(reply.status).toBe(404)
    } else {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      expect(reply.body.status).toBe('pending')
      const order: OrderM = {
        id: Number(reply.body.order_id),
        merchant: this.merchant,
        currency: this.currency,
        amount: this.amount,
        status: 'pending',
        createdAt: model.now,
        lastMove: model.now,
        forgotten: false,
      }
      model.orders.push(order)
      if (this.payNow) moved = await payOrder(model, real, order, this.payNow)
    }
    await checkInvariants(model, real, this.toString(), { unchanged: !moved })
  }
  toString = () => {
    const store = this.foreignStore ? ", other merchant's store" : ''
    const paid = this.payNow ? `, paid ${this.payNow}` : ''
    return `createOrder(m${this.merchant}, ${toWire(this.amount, this.currency)} ${this.currency}${store}${paid})`
  }
}

class Pay implements Cmd {
  constructor(
    readonly pick: OrderPick,
    readonly status: PayStatus,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0
  async run(model: Model, real: Real) {
    const moved = await payOrder(model, real, pickOrder(model, this.pick), this.status)
    await checkInvariants(model, real, this.toString(), { unchanged: !moved })
  }
  toString = () => `pay(${this.pick.from}#${this.pick.n}, ${this.status})`
}

class Cancel implements Cmd {
  constructor(
    readonly pick: OrderPick,
    readonly asOther: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0
  async run(model: Model, real: Real) {
    if (model.autoSettle) settleDue(model)
    const order = pickOrder(model, this.pick)
    const caller = this.asOther ? 1 - order.merchant : order.merchant
    const reply = await call(real.mock, GATEWAY_PATHS.cancelOrder, {
      apiKey: real.merchants[caller]!.apiKey,
      body: { order_id: String(order.id) },
    })
    expectNo5xx(reply, 'cancel')
    let moved = false
    if (this.asOther || order.forgotten) expect(reply.status).toBe(404)
    else if (order.status === 'completed' || order.status === 'cancelled') {
      expect(reply.status).toBe(409)
      expect(reply.body.error.code).toBe('order_not_cancellable')
    } else {
      expect(reply.status).toBe(200)
      expect(reply.body.status).toBe('cancelled')
      if (order.status === 'processing') {
        const f = fig(model, order.merchant, order.currency)
        f.balance -= order.amount
        f.freeze -= order.amount
        moved = true
      }
      order.status = 'cancelled'
      order.lastMove = model.now
    }
    await checkInvariants(model, real, this.toString(), { unchanged: !moved })
  }
  toString = () => `cancel(${this.pick.from}#${this.pick.n}${this.asOther ? ', by the other merchant' : ''})`
}

class Refund implements Cmd {
  constructor(
    readonly pick: OrderPick,
    readonly permille: number,
    readonly bad: boolean,
    readonly asOther: boolean,
    readonly form: Form,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0
  async run(model: Model, real: Real) {
    const order = pickOrder(model, this.pick)
    const caller = this.asOther ? 1 - order.merchant : order.merchant
    const amount = relative(order.amount - refundedOf(model, order.id), this.permille)
    const wire = refundWire(this.form, order.id, toWire(amount, order.currency, this.bad))
    const outcome = await sendMoney(
      model,
      real,
      caller,
      { operation: 'refund', form: this.form, orderId: order.id, amount, bad: this.bad, wire },
      crypto.randomUUID(),
    )
    await checkInvariants(model, real, this.toString(), outcome)
  }
  toString = () =>
    `refund(${this.pick.from}#${this.pick.n}, ${this.permille}‰ of ` +
    `remaining${this.bad ? ', bad decimals' : ''}${this.asOther ? ', by the other merchant' : ''}, ` +
    `${this.form} form)`
}

class Payout implements Cmd {
  constructor(
    readonly merchant: number,
    readonly currency: Currency,
    readonly account: string,
    readonly permille: number,
    readonly bad: boolean,
    readonly form: Form,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    if (model.autoSettle) settleDue(model)
    const amount = relative(usable(model, this.merchant, this.currency), this.permille)
    const wire = payoutWire(this.form, this.account, toWire(amount, this.currency, this.bad), this.currency)
    const req = {
      operation: 'payout' as const,
      form: this.form,
      accountNumber: this.account,
      currency: this.currency,
      amount,
      bad: this.bad,
      wire,
    }
    const outcome = await sendMoney(model, real, this.merchant, req, crypto.randomUUID())
    await checkInvariants(model, real, this.toString(), outcome)
  }
  toString = () =>
    `payout(m${this.merchant}, ${this.currency}, ${this.account}, ` +
    `${this.permille}‰ of usable${this.bad ? ', bad decimals' : ''}, ${this.form} ` +
    `form)`
}

/** Sends an earlier keyed request again with the same key and the same bytes, by the same or the other merchant. */
class Replay implements Cmd {
  constructor(
    readonly n: number,
    readonly byOther: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.sent.length > 0
  async run(model: Model, real: Real) {
    const sent = model.sent[model.sent.length - 1 - (this.n % model.sent.length)]!
    const caller = this.byOther ? 1 - sent.merchant : sent.merchant
    const outcome = await sendMoney(model, real, caller, sent.request, sent.key)
    await checkInvariants(model, real, this.toString(), outcome)
  }
  toString = () => `replay(#${this.n}${this.byOther ? ', same key by the other merchant' : ''})`
}

/** Reuses an earlier key for a different body: another amount, or the other operation. */
class ReuseKey implements Cmd {
  constructor(
    readonly n: number,
    readonly change: 'amount' | 'operation',
  ) {}
  check = (model: Readonly<Model>) => model.sent.length > 0
  async run(model: Model, real: Real) {
    const sent = model.sent[model.sent.length - 1 - (this.n % model.sent.length)]!
    const old = sent.request
    let req: MoneyRequest
    if (this.change === 'amount') {
      const amount = old.amount + 1
      if (old.operation === 'refund') {
        const currency = model.orders.find((o) => o.id === old.orderId)?.currency ?? 'USD'
        req = { ...old, amount, wire: refundWire(old.form, old.orderId, toWire(amount, currency, old.bad)) }
      } else {
        req = {
          ...old,
          amount,
          wire: payoutWire(old.form, old.accountNumber, toWire(amount, old.currency, old.bad), old.currency),
        }
      }
    } else if (old.operation === 'refund') {
      req = {
        operation: 'payout',
        form: old.form,
        accountNumber: ACCOUNT_OK,
        currency: 'USD',
        amount: 1,
        bad: false,
        wire: payoutWire(old.form, ACCOUNT_OK, 0.01, 'USD'),
      }
    } else {
      const order = model.orders.find((o) => o.merchant === sent.merchant)
      const orderId = order?.id ?? 999_999
      const currency = order?.currency ?? 'USD'
      req = {
        operation: 'refund',
        form: old.form,
        orderId,
        amount: 1,
        bad: false,
        wire: refundWire(old.form, orderId, toWire(1, currency)),
      }
    }
    const outcome = await sendMoney(model, real, sent.merchant, req, sent.key)
    await checkInvariants(model, real, this.toString(), outcome)
  }
  toString = () => `reuseKey(#${this.n}, different ${this.change})`
}

class AdvanceClock implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const { now } = await real.mock.clock.advance(this.ms)
    model.now += this.ms
    expect(Date.parse(now)).toBe(model.now)
    if (model.autoSettle) settleDue(model)
    await checkInvariants(model, real, this.toString(), { unchanged: !model.autoSettle })
  }
  toString = () => {
    const hours = this.ms % 3_600_000 === 0 ? `${this.ms / 3_600_000} h` : `${this.ms / 60_000} min`
    return `advance(${this.ms % DAY_MS === 0 ? `${this.ms / DAY_MS} d` : hours})`
  }
}

class Settle implements Cmd {
  check = () => true
  async run(model: Model, real: Real) {
    const { settled } = await real.mock.settle()
    expect(settled, 'settled count').toBe(settleDue(model))
    await checkInvariants(model, real, this.toString(), { unchanged: settled === 0 })
  }
  toString = () => 'settle()'
}

const merchantArb = fc.constantFrom(0, 1)
const currencyArb = fc.constantFrom<Currency>('USD', 'KHR')
const rarely = fc.oneof({ arbitrary: fc.constant(false), weight: 6 }, { arbitrary: fc.constant(true), weight: 1 })
const formArb = fc.constantFrom<Form>('current', 'earlier')

const commandArbs: Array<fc.Arbitrary<Cmd>> = [
  fc
    .tuple(
      merchantArb,
      currencyArb,
      fc.integer({ min: 1, max: 20_000 }),
      rarely,
      fc.constantFrom(null, null, 'SUCCESS', 'SUCCESS', 'PENDING', 'FAILED'),
    )
    .map(
      ([m, currency, n, foreign, payNow]) =>
        new CreateOrder(m, currency, currency === 'USD' ? n : n * 20, foreign, payNow),
    ),
  fc
    .tuple(
      orderPickArb({ open: 4, recent: 1, any: 1 }),
      fc.constantFrom<PayStatus>('SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'PENDING'),
    )
    .map(([p, s]) => new Pay(p, s)),
  fc.tuple(orderPickArb({ open: 2, recent: 1, any: 1 }), rarely).map(([p, other]) => new Cancel(p, other)),
  fc
    .tuple(orderPickArb({ recent: 1, any: 1, completed: 4 }), permilleArb, rarely, rarely, formArb)
    .map(([p, pm, bad, other, form]) => new Refund(p, pm, bad, other, form)),
  fc
    .tuple(
      merchantArb,
      currencyArb,
      fc.constantFrom(ACCOUNT_OK, ACCOUNT_FAIL, ACCOUNT_UNKNOWN),
      permilleArb,
      rarely,
      formArb,
    )
    .map(([m, c, acc, pm, bad, form]) => new Payout(m, c, acc, pm, bad, form)),
  fc.tuple(fc.nat(1000), rarely).map(([n, other]) => new Replay(n, other)),
  fc
    .tuple(fc.nat(1000), fc.constantFrom('amount', 'operation') as fc.Arbitrary<'amount' | 'operation'>)
    .map(([n, c]) => new ReuseKey(n, c)),
  fc
    .oneof(
      { arbitrary: fc.integer({ min: 1, max: 59 }).map((n) => n * 60_000), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 30 }).map((n) => n * 3_600_000), weight: 1 },
      { arbitrary: fc.integer({ min: 1, max: 8 }).map((n) => n * DAY_MS), weight: 2 },
    )
    .map((ms) => new AdvanceClock(ms)),
  fc.constant(new Settle()),
]

/** Weighted: orders, payments and refunds more often than the rest. */
const weights = [3, 4, 1, 4, 3, 2, 1, 3, 1]
const weightedCommands = commandArbs.flatMap((arb, i) => Array.from({ length: weights[i]! }, () => arb))

const openingArb = fc.record({ usd: fc.integer({ min: 0, max: 20_000 }), khr: fc.integer({ min: 0, max: 400_000 }) })

interface Scenario {
  /** Opening balances in minor units per merchant. */
  openings: Array<{ usd: number; khr: number }>
  days: { refund: number; payout: number }
  /** The clock's start: Mondays before, around and after the cut-overs of release 1.4.0, and today. */
  start: string
}

/** Mondays at 09:00 UTC: only the earlier form (it reaches 03-02 in a few clock moves), both forms, and today. */
const STARTS = ['2026-02-23T09:00:00.000Z', '2026-03-09T09:00:00.000Z', MONDAY] as const

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  openings: fc.tuple(openingArb, openingArb),
  days: fc.record({ refund: fc.integer({ min: 3, max: 5 }), payout: fc.integer({ min: 1, max: 2 }) }),
  start: fc.constantFrom(...STARTS),
})

async function setup(autoSettle: boolean, scenario: Scenario, keepSeconds: number | null = null) {
  const mock = newMock({
    ...(keepSeconds === null ? {} : { keepRecordsSeconds: keepSeconds }),
    autoSettle,
    settlementBusinessDays: scenario.days,
    clock: { now: scenario.start, frozen: true },
  })
  const merchants: Merchant[] = []
  const figures = new Map<string, { balance: number; freeze: number }>()
  for (const [i, opening] of scenario.openings.entries()) {
    const m = await newMerchant(mock, { usd: opening.usd / 100, khr: opening.khr })
    await mock.accounts.add(m.merchantId, { accountNumber: ACCOUNT_OK, accountName: 'Main account' })
    await mock.accounts.add(m.merchantId, {
      accountNumber: ACCOUNT_FAIL,
      accountName: 'Closed account',
      failAtSettlement: true,
    })
    merchants.push(m)
    figures.set(figureKey(i, 'USD'), { balance: opening.usd, freeze: 0 })
    figures.set(figureKey(i, 'KHR'), { balance: opening.khr, freeze: 0 })
  }
  const model: Model = {
    now: Date.parse(scenario.start),
    autoSettle,
    keepMs: keepSeconds === null ? null : keepSeconds * 1000,
    days: scenario.days,
    figures,
    orders: [],
    money: [],
    keys: new Map(),
    sent: [],
  }
  const real: Real = { mock, merchants, last: {}, seen: new Map() }
  real.last = await readFigures(real)
  await checkInvariants(model, real, 'setup', { unchanged: true })
  return { model, real }
}

/**
 * To replay a failure, with the seed and path fast-check printed:
 * `LEDGER_SEED=<seed> LEDGER_PATH=<path> vitest run --project node packages/mock/test/ledger.property.test.ts`
 */
const replayOptions = process.env.LEDGER_SEED
  ? { seed: Number(process.env.LEDGER_SEED), path: process.env.LEDGER_PATH, endOnFailure: true }
  : {}

function ledgerProperty(autoSettle: boolean, keepSeconds: fc.Arbitrary<number | null> = fc.constant(null)) {
  return fc.asyncProperty(
    scenarioArb,
    fc.commands(weightedCommands, { maxCommands: 40, size: 'max' }),
    keepSeconds,
    async (scenario, commands, keep) => {
      const initial = await setup(autoSettle, scenario, keep)
      await fc.asyncModelRun(() => initial, commands)
    },
  )
}

/**
 * Runs `commands` in order, as `fc.asyncModelRun` does (a command whose `check` fails is skipped). With `split`,
 * after that many commands the state is saved, loaded into a fresh mock (made with the same options), and the
 * rest runs twice: on the first mock with its model, then on the loaded one with a copy of that model. The
 * idempotency keys the commands make are drawn from the same sequence in both runs, so both must end equal.
 */
async function runWithLoad(
  autoSettle: boolean,
  scenario: Scenario,
  commands: Iterable<Cmd>,
  split: number,
): Promise<void> {
  const list = [...commands]
  const { model, real } = await setup(autoSettle, scenario)
  const run = async (cmds: readonly Cmd[], m: Model, r: Real) => {
    for (const cmd of cmds) if (cmd.check(m)) await cmd.run(m, r)
  }
  const at = split % (list.length + 1)
  await run(list.slice(0, at), model, real)
  const saved = await real.mock.snapshot()
  const loaded = newMock({ autoSettle, settlementBusinessDays: scenario.days })
  await loaded.load(JSON.parse(JSON.stringify(saved)))
  expect(await loaded.snapshot(), 'the loaded state is the saved one').toEqual(saved)
  const other: Real = {
    mock: loaded,
    merchants: real.merchants,
    last: structuredClone(real.last),
    seen: new Map(real.seen),
  }
  const otherModel = structuredClone(model)
  const rest = list.slice(at)
  let uuids = 0
  const randomUUID = crypto.randomUUID
  crypto.randomUUID = () => `00000000-0000-4000-8000-${String(++uuids).padStart(12, '0')}`
  try {
    await run(rest, model, real)
    uuids = 0
    await run(rest, otherModel, other)
  } finally {
    crypto.randomUUID = randomUUID
  }
  // QR data and trace ids (in the answers idempotency records keep) are random: made after the split, they
  // differ; nothing else may.
  const comparable = async (mock: MockGateway) =>
    JSON.parse(
      JSON.stringify(await mock.snapshot(), (key, value) =>
        key === 'qrData' ? 'MGW1...' : typeof value === 'string' ? value.replace(/trc_[0-9a-f]+/g, 'trc_...') : value,
      ),
    )
  expect(await comparable(loaded), 'the loaded mock ends where the saved one does').toEqual(await comparable(real.mock))
  const { figures, orders, money } = model
  expect({ figures: otherModel.figures, orders: otherModel.orders, money: otherModel.money }).toEqual({
    figures,
    orders,
    money,
  })
}

const RUNS_LOADED = propertyRuns(20)

const RUNS_ON = propertyRuns(60)
const RUNS_OFF = propertyRuns(30)
const RUNS_KEEP = propertyRuns(30)

describe(
  'ledger under random sequences of orders, payments, cancels, refunds, ' +
    'payouts, replays, clock moves and settlement',
  () => {
    it(
      'with autoSettle on, after every step: balance = usable + freeze, ' +
        'usable and freeze >= 0, audit() is clean, refunds stay within their ' +
        "order, every answer is the rule's (never 5xx), and refused or replayed " +
        'requests move no money',
      async () => {
        await checkProperty('ledger, autoSettle on', ledgerProperty(true), { numRuns: RUNS_ON, ...replayOptions })
      },
      propertyTimeout(RUNS_ON, 40),
    )

    it(
      'continued from a loaded state: saved mid-run and loaded into a fresh mock, the same commands keep every ' +
        'invariant there, and both mocks end in the same state',
      async () => {
        const property = fc.asyncProperty(
          scenarioArb,
          fc.boolean(),
          fc.commands(weightedCommands, { maxCommands: 30, size: 'max' }),
          fc.nat(40),
          async (scenario, autoSettle, commands, split) => {
            await runWithLoad(autoSettle, scenario, commands, split)
          },
        )
        await checkProperty('ledger, continued from a loaded state', property, {
          numRuns: RUNS_LOADED,
          ...replayOptions,
        })
      },
      propertyTimeout(RUNS_LOADED, 80),
    )

    it(
      'with keepRecordsSeconds on, the same holds: finished orders, their refunds and settled payouts are ' +
        'forgotten on time (404 after), balances never move for it, and audit() stays clean',
      async () => {
        // A minute, an hour or two days: the clock moves by minutes to days, so records go within a run.
        const keep = fc.constantFrom(60, 3600, 2 * 86_400)
        await checkProperty('ledger, keepRecordsSeconds on', ledgerProperty(true, keep), {
          numRuns: RUNS_KEEP,
          ...replayOptions,
        })
      },
      propertyTimeout(RUNS_KEEP, 40),
    )

    it(
      'with autoSettle off, the same holds, and only an explicit settle() completes or reverses what is due',
      async () => {
        await checkProperty('ledger, autoSettle off', ledgerProperty(false), { numRuns: RUNS_OFF, ...replayOptions })
      },
      propertyTimeout(RUNS_OFF, 40),
    )
  },
)
