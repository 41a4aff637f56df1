/**
 * @module verify/scenario
 * The scripted requests of `merchant-gateway-mock verify`, run the same way against each side (the target
 * and the in-process mock): read-only calls, two orders in both request shapes (cancelled at the end), a
 * QR code, transaction detail in both methods of a paid order when one is given, error probes that change
 * nothing, and a refused refund sent again under its idempotency key (with the same body, then another);
 * refund and payout of the smallest amount only when money may move, the refund sent again under its key and
 * a refund over what is left of the paid order (refused; the balance read around it); the PIN module's
 * refusals when a bearer token is given, and its flows (set, verify, change, reset) as far as the user's PIN,
 * e-mail address and the sandbox's development code allow (pin-checks.ts).
 * Each side uses the ids its own answers gave (its store, its orders): ids are never compared. Each step says
 * what its answer must show beyond its shape (expectations.ts), with the figures of the contract.
 */
import {
  type Currency,
  CURRENCY_DECIMALS,
  fromMinorUnits,
  GATEWAY_PATHS,
  isCurrency,
  LIMITS,
  toMinorUnits,
} from '@merchant-gateway/contract'
import { randomUUID } from 'node:crypto'
import { isObject, parseJson, payloadOf } from './body.js'
import type { SeenAnswer } from './compare.js'
import type { Expectation, Observation, Run, Step } from './observation.js'
import { pinChecks, type PinFlows } from './pin-checks.js'
import { requestsFor } from './requests.js'
import type { PaidOrder, Side } from './side.js'

/**
 * Thrown by `runScenario` when its side's `stop` signal was aborted: the orders it had made are cancelled.
 *
 * @example
 * ```ts
 * try { await runScenario(side, plan) } catch (e) { if (e instanceof VerifyStopped) process.exitCode = 130 }
 * ```
 */
export class VerifyStopped extends Error {
  override name = 'VerifyStopped'
  constructor(readonly reason: string) {
    super(`stopped (${reason}); the orders it had made were cancelled`)
  }
}

/**
 * What the scenario may do beyond the read-only calls and the probes. The PIN values are the same on both
 * sides: the mock's user is made to match the target's.
 *
 * @example
 * ```ts
 * const plan: ScenarioOptions = { money: false, paid: false, pin: { pin: '482913', email: 'qa@example.com' } }
 * ```
 */
export interface ScenarioOptions {
  /** Refund and payout of the smallest amount. */
  money: boolean
  /** A paid order was given (`--paid-order`): transaction detail reads it and the refund is of it. */
  paid: boolean
  /** The PIN module's checks (a bearer token was given), and what the user's flows may use. */
  pin?: PinFlows
}

/** The smallest amount in USD: one cent. */
const SMALLEST_USD = 0.01
/** An id no order or transaction has (the probes of unknown records). */
const UNKNOWN_ID = '999999999'
/** The reason given when the scenario cancels the orders it made. */
const CANCEL_REASON = 'merchant-gateway-mock verify: cancelling the order it made'
/** How an answer that was never sent says why; hints.ts reads it. */
export const NOT_SENT = 'not sent: '
/** How a request verify could not build says why (a flag's value a header cannot carry). */
export const NOT_BUILT = 'not sent: verify could not build the request: '

/**
 * What the scenario will do, in the words printed before it starts.
 *
 * @example
 * ```ts
 * for (const line of planOf({ money: false, paid: false })) console.log(line)
 * ```
 */
export function planOf(options: ScenarioOptions): string[] {
  const flows = options.pin
  return [
    options.paid
      ? 'reads: list stores, balance inquiry, transaction detail of --paid-transaction (GET and POST)'
      : 'reads: list stores, balance inquiry (no --paid-transaction: transaction detail only of an unknown id)',
    `creates: 2 orders of USD ${SMALLEST_USD} (storeId and store_id shapes) and 1 QR code; ` +
      'both orders are cancelled at the end',
    ...moneyPlan(options),
    'probes that change nothing: a wrong API key, a missing field, an unknown order, an unknown transaction,',
    '  a refund of an unknown order signed with --api-secret, a payout signed with another secret',
    'idempotency, changing nothing: a refund of an unpaid order it made (refused), sent again with its key and',
    '  body (the same answer, marked replayed) and with its key and another body (refused)',
    ...(flows === undefined
      ? ['PIN module: skipped (no --bearer)']
      : [
          'PIN module (--bearer): refusals (a missing field, a wrong token, an unknown reset session)',
          ...(flows.pin !== undefined
            ? [
                '  --pin: set-pin (if the user has none), verify-pin right, wrong twice, right, wrong once, right',
                '    (never 5 wrong in a row); change-pin there and back',
              ]
            : ['  no PIN is set or tried (--pin for that)']),
          ...(flows.email !== undefined
            ? ['  --email: forgot-pin sends a code there; verify-otp with a wrong code, twice']
            : []),
          ...(flows.otp !== undefined
            ? ['  --otp: verify-otp with it, reset-pin back to --pin; the user ends with --pin']
            : []),
        ]),
  ]
}

function moneyPlan(options: ScenarioOptions): string[] {
  if (!options.money) return ['money: none (refund and payout only with --money)']
  return [
    `money: a refund of USD ${SMALLEST_USD} of ` +
      (options.paid ? '--paid-order' : 'an unpaid order it made (a refusal)') +
      ` and a payout of USD ${SMALLEST_USD} to --payout-account;`,
    '  the refund sent again with its key and body (the same answer, no second refund) and another body (refused)',
    ...(options.paid
      ? ['  a refund over what is left of --paid-order (refused), the balance read before and after it']
      : []),
  ]
}

/**
 * Runs the scenario against one side and returns what each check got, in order. The orders it made are
 * cancelled even when a step fails.
 *
 * @example
 * ```ts
 * const seen = await runScenario(side, { money: false, paid: false })
 * seen.map((o) => `${o.check}: ${o.answer.status}`)
 * ```
 */
export async function runScenario(side: Side, options: ScenarioOptions): Promise<Observation[]> {
  const seen: Observation[] = []
  const run = startRun(side, seen)
  const storeId = await readSteps(run)
  const orders: string[] = []
  try {
    await orderSteps(run, storeId, orders)
    const paid = options.paid ? side.paid : undefined
    const amount = await paidReadSteps(run, paid)
    if (options.money) await moneySteps(run, orders, paid, amount)
    await probeSteps(run, storeId)
    await idempotencySteps(run, orders)
    if (options.pin !== undefined && side.bearer !== undefined) await pinChecks(run, side.bearer, options.pin)
  } finally {
    await cancelOrders(run, orders)
  }
  return seen
}

/**
 * The run of one side. Each step first looks whether the run was stopped; once the side has not answered,
 * the later steps are not sent (each would wait its whole timeout): they are recorded unanswered. A request
 * that cannot be built is recorded as not sent, and the run goes on.
 */
function startRun(side: Side, seen: Observation[]): Run & { record: Run['call'] } {
  // Why no more step is sent: the first request of this side that got no answer, and what happened.
  let silent: string | undefined = side.unreachable
  const unsent = (step: Step, why: string) => {
    const answer: SeenAnswer = { status: 0, headers: new Headers(), text: why }
    seen.push({ ...step, answer })
    return answer
  }
  const record: Run['call'] = async (step, build) => {
    let request: Request
    try {
      request = await build()
    } catch (error) {
      return unsent(step, `${NOT_BUILT}${error instanceof Error ? error.message : String(error)}`)
    }
    const answer = await send(side, request)
    seen.push({ ...step, answer })
    if (answer.status === 0) silent ??= `${step.check} got no answer (${answer.text})`
    return answer
  }
  const call: Run['call'] = async (step, build) => {
    if (side.stop?.aborted) throw new VerifyStopped(String(side.stop.reason ?? 'stopped'))
    if (silent !== undefined) return unsent(step, `${NOT_SENT}${silent}`)
    return record(step, build)
  }
  return { side, requests: requestsFor(side), call, record }
}

/** List stores and balance inquiry; the first store's id, for the orders and the QR code. */
async function readSteps({ call, requests }: Run): Promise<number | undefined> {
  const stores = await call({ check: 'list stores', operation: 'listStores' }, () =>
    requests.plain(GATEWAY_PATHS.listStores),
  )
  await call({ check: 'balance inquiry', operation: 'balanceInquiry' }, () =>
    requests.plain(GATEWAY_PATHS.balanceInquiry),
  )
  return firstStoreId(stores)
}

/** Two orders, one in each request shape (their ids go to `orders`), and a QR code valid 30 minutes. */
async function orderSteps({ call, requests, side }: Run, storeId: number | undefined, orders: string[]) {
  const store = storeId ?? 1
  const shapes = [
    ['create order (storeId)', { storeId: store, amount: SMALLEST_USD, currency: 'USD' }],
    ['create order (store_id)', { store_id: String(store), amount: SMALLEST_USD, currency: 'USD' }],
  ] as const
  for (const [check, body] of shapes) {
    const answer = await call({ check, operation: 'createOrder' }, () => requests.json(GATEWAY_PATHS.createOrder, body))
    const orderId = orderIdOf(answer)
    if (orderId === undefined) continue
    orders.push(orderId)
    side.onOrder?.(orderId, 'made')
  }
  // The order made just before gives the service's own time: the QR code's expiry is read against it.
  const validity: Expectation = {
    kind: 'valid-for',
    field: 'expires_at',
    ms: LIMITS.qrValidityMs,
    what: 'a QR code is valid',
    since: shapes[1][0],
  }
  await call({ check: 'generate QR', operation: 'generateQr', expect: validity }, () =>
    requests.json(GATEWAY_PATHS.generateQr, { store_id: store, amount: SMALLEST_USD, currency: 'USD' }),
  )
}

/** The paid order's amount as its transaction says it, to ask for more than is left of it. */
interface PaidAmount {
  amount: number
  currency: Currency
}

/** Transaction detail of the paid order (GET and POST), when one was given; its amount, when it answered. */
async function paidReadSteps({ call, requests }: Run, paid: PaidOrder | undefined) {
  if (paid === undefined) return undefined
  const { transactionId } = paid
  const read = await call({ check: 'transaction detail (GET)', operation: 'transactionDetail' }, () =>
    requests.detail(transactionId, 'GET'),
  )
  await call({ check: 'transaction detail (POST)', operation: 'transactionDetail' }, () =>
    requests.detail(transactionId, 'POST'),
  )
  const data = read.status === 200 ? payloadOf(parseJson(read.text)) : undefined
  if (!isObject(data) || typeof data.amount !== 'number' || !isCurrency(data.currency)) return undefined
  return { amount: data.amount, currency: data.currency } satisfies PaidAmount
}

const PAID_REFUND = 'refund, smallest amount (the paid order)'
const UNPAID_REFUND = 'refund, smallest amount (an unpaid order)'
const BALANCE_BEFORE = 'balance before a refund over what is left'

/**
 * Refund and payout of the smallest amount; the refund sent again under its key with the same body and with
 * another; with a paid order, a refund of one minor unit more than it was paid (refused), the balance read
 * before and after.
 */
async function moneySteps(run: Run, orders: readonly string[], paid: PaidOrder | undefined, amount?: PaidAmount) {
  const { call, requests, side } = run
  const check = paid !== undefined ? PAID_REFUND : UNPAID_REFUND
  const key = randomUUID()
  const refund = { orderId: Number(paid?.orderId ?? orders[0] ?? UNKNOWN_ID), refundAmount: SMALLEST_USD }
  await call({ check, operation: 'refundOrder' }, () => requests.signed(GATEWAY_PATHS.refundOrder, refund, { key }))
  const replay: Expectation = { kind: 'replay', of: check }
  await call({ check: 'refund, the same key and body again', operation: 'refundOrder', expect: replay }, () =>
    requests.signed(GATEWAY_PATHS.refundOrder, refund, { key }),
  )
  await sameKeyOtherBody(run, 'refund, the same key, another body', check, refund, key)
  const payout = { accountNumber: side.payoutAccount ?? '', amount: SMALLEST_USD, currency: 'USD' }
  await call({ check: 'payout, smallest amount', operation: 'payout' }, () =>
    requests.signed(GATEWAY_PATHS.payout, payout),
  )
  if (paid !== undefined && amount !== undefined) await overRefundSteps(run, Number(paid.orderId), amount)
}

/** The same idempotency key as check `first`, with another amount: refused, not answered with the first answer. */
async function sameKeyOtherBody(
  { call, requests }: Run,
  check: string,
  first: string,
  body: { orderId: number; refundAmount: number },
  key: string,
) {
  const expect: Expectation = { kind: 'refused', what: 'the same X-Idempotent-Key with another body', unlike: first }
  await call({ check, operation: 'refundOrder', expect }, () =>
    requests.signed(GATEWAY_PATHS.refundOrder, { ...body, refundAmount: body.refundAmount * 2 }, { key }),
  )
}

/** A refund of one minor unit more than the order was paid: refused, and the balance did not move. */
async function overRefundSteps({ call, requests }: Run, orderId: number, paid: PaidAmount) {
  const over = fromMinorUnits((toMinorUnits(paid.amount, paid.currency) ?? 0) + 1, paid.currency)
  await call({ check: BALANCE_BEFORE, operation: 'balanceInquiry' }, () => requests.plain(GATEWAY_PATHS.balanceInquiry))
  const what = `a refund of ${over.toFixed(CURRENCY_DECIMALS[paid.currency])} ${paid.currency} (more than was paid)`
  await call(
    {
      check: 'refund over what is left of the paid order',
      operation: 'refundOrder',
      expect: { kind: 'refused', what },
    },
    () => requests.signed(GATEWAY_PATHS.refundOrder, { orderId, refundAmount: over }),
  )
  const unchanged: Expectation = { kind: 'unchanged', since: BALANCE_BEFORE, what: 'the balance moved' }
  await call({ check: 'balance after the refused refund', operation: 'balanceInquiry', expect: unchanged }, () =>
    requests.plain(GATEWAY_PATHS.balanceInquiry),
  )
}

/** Requests every service refuses before anything happens: nothing changes on the target. */
async function probeSteps({ call, requests, side }: Run, storeId: number | undefined) {
  await call({ check: 'probe: wrong API key', operation: 'listStores' }, () =>
    requests.plain(GATEWAY_PATHS.listStores, 'POST', 'mk_verify_wrong_key'),
  )
  await call({ check: 'probe: missing field (amount)', operation: 'createOrder' }, () =>
    requests.json(GATEWAY_PATHS.createOrder, { storeId: storeId ?? 1, currency: 'USD' }),
  )
  await call({ check: 'probe: unknown order', operation: 'cancelOrder' }, () =>
    requests.json(GATEWAY_PATHS.cancelOrder, { order_id: UNKNOWN_ID, reason: CANCEL_REASON }),
  )
  await call({ check: 'probe: unknown transaction (GET)', operation: 'transactionDetail' }, () =>
    requests.detail(UNKNOWN_ID, 'GET'),
  )
  await call({ check: 'probe: unknown transaction (POST)', operation: 'transactionDetail' }, () =>
    requests.detail(UNKNOWN_ID, 'POST'),
  )
  // Signed with the right secret, of an order no one has: a 404 says the secret and the clock are right.
  await call({ check: 'probe: refund of an unknown order (signed)', operation: 'refundOrder' }, () =>
    requests.signed(GATEWAY_PATHS.refundOrder, { orderId: Number(UNKNOWN_ID), refundAmount: SMALLEST_USD }),
  )
  const payout = { accountNumber: side.payoutAccount ?? '000000000', amount: SMALLEST_USD, currency: 'USD' }
  await call({ check: 'probe: bad signature', operation: 'payout' }, () =>
    requests.signed(GATEWAY_PATHS.payout, payout, { secret: `${side.apiSecret}-not-the-secret` }),
  )
}

const UNPAID_IDEMPOTENT = 'idempotency: a refund of an unpaid order it made'

/**
 * A refund of an order the run made and nobody paid (refused, and the refusal is the request's outcome), sent
 * again under its key with the same body (the same answer, replayed) and with another body (refused). No money
 * can move: the order was never paid.
 */
async function idempotencySteps(run: Run, orders: readonly string[]) {
  const { call, requests } = run
  if (orders[0] === undefined) return
  const key = randomUUID()
  const refund = { orderId: Number(orders[0]), refundAmount: SMALLEST_USD }
  await call({ check: UNPAID_IDEMPOTENT, operation: 'refundOrder' }, () =>
    requests.signed(GATEWAY_PATHS.refundOrder, refund, { key }),
  )
  const replay: Expectation = { kind: 'replay', of: UNPAID_IDEMPOTENT }
  await call({ check: 'idempotency: the same key and body again', operation: 'refundOrder', expect: replay }, () =>
    requests.signed(GATEWAY_PATHS.refundOrder, refund, { key }),
  )
  await sameKeyOtherBody(run, 'idempotency: the same key, another body', UNPAID_IDEMPOTENT, refund, key)
}

/** Cancels what was made, whatever happened before: a sandbox keeps no stray order of ours. */
async function cancelOrders(run: Run & { record: Run['call'] }, orders: readonly string[]) {
  for (const [i, orderId] of orders.entries()) {
    const check = i === 0 ? 'cancel order (storeId)' : 'cancel order (store_id)'
    const body = { order_id: orderId, reason: CANCEL_REASON }
    const cancelled = await run.record({ check, operation: 'cancelOrder' }, () =>
      run.requests.json(GATEWAY_PATHS.cancelOrder, body),
    )
    if (cancelled.status >= 200 && cancelled.status <= 299) run.side.onOrder?.(orderId, 'cancelled')
  }
}

/**
 * Sends a request; no answer (a network error, or none within the side's timeout) is an answer of status 0
 * whose text says what happened.
 */
async function send(side: Side, request: Request): Promise<SeenAnswer> {
  try {
    const signal = side.timeoutMs === undefined ? undefined : AbortSignal.timeout(side.timeoutMs)
    const res = await side.fetch(request, signal ? { signal } : undefined)
    return { status: res.status, headers: res.headers, text: await res.text() }
  } catch (error) {
    return { status: 0, headers: new Headers(), text: failureText(error, side.timeoutMs) }
  }
}

/**
 * What went wrong with a request that got no answer, in one line: the error and its cause (`ECONNREFUSED`), or
 * the timeout it ran out of.
 *
 * @example
 * ```ts
 * failureText(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }), 30_000)
 * // 'fetch failed: connect ECONNREFUSED 127.0.0.1:9'
 * ```
 */
export function failureText(error: unknown, timeoutMs: number | undefined): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${Math.round((timeoutMs ?? 0) / 1000)} s`
  const message = error instanceof Error ? error.message : String(error)
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
  return cause && cause !== message ? `${message}: ${cause}` : message
}

/** The first store's id of a list-stores answer (in the envelope or bare), if there is one. */
function firstStoreId(answer: SeenAnswer): number | undefined {
  const body = payloadOf(parseJson(answer.text))
  const id = Array.isArray(body) && isObject(body[0]) ? body[0].storeId : undefined
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined
}

/** The order id of a create-order answer (bare or in the envelope), if it made one. */
function orderIdOf(answer: SeenAnswer): string | undefined {
  if (answer.status < 200 || answer.status > 299) return undefined
  const body = parseJson(answer.text)
  const data = payloadOf(body)
  const id = isObject(data) ? data.order_id : undefined
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
}
