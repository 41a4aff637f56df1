/**
 * @module verify/scenario
 * The scripted requests of `merchant-gateway-mock verify`, run the same way against each side (the target
 * and the in-process mock): read-only calls, two orders in both request shapes (cancelled at the end), a
 * QR code, transaction detail in both methods of a paid order when one is given, and error probes that
 * change nothing; refund and payout of the smallest amount only when money may move; the PIN module's
 * refusals when a bearer token is given, and its flows (set, verify, change, reset) as far as the user's
 * PIN, e-mail address and the sandbox's development code allow.
 * Each side uses the ids its own answers gave (its store, its orders): ids are never compared.
 */
import { GATEWAY_PATHS, type GatewayOperation, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { createHmac, randomUUID } from 'node:crypto'
import type { SeenAnswer } from './compare.js'

/**
 * A paid order of one side and its transaction: the target's from the team (`--paid-order`,
 * `--paid-transaction`), the mock's paid by the verify run itself.
 *
 * @example
 * ```ts
 * const paid: PaidOrder = { orderId: '1042', transactionId: '88121' }
 * ```
 */
export interface PaidOrder {
  orderId: string
  transactionId: string
}

/**
 * One side of the comparison: where to send the requests and with which credentials.
 *
 * @example
 * ```ts
 * const side: Side = { fetch, baseUrl: 'https://sandbox.example', apiKey: 'mk_...', apiSecret: 'sk_...',
 *   nowMs: () => Date.now() }
 * ```
 */
export interface Side {
  fetch: typeof fetch
  baseUrl: string
  apiKey: string
  apiSecret: string
  /** A signed-in user's access token, for the PIN module's checks. */
  bearer?: string
  /** The account a payout of the smallest amount goes to (`--money`). */
  payoutAccount?: string
  /** A paid order of this side: its transaction is read and, with `money`, refunded the smallest amount. */
  paid?: PaidOrder
  /** How long one request may take before it counts as no answer; none when absent. */
  timeoutMs?: number
  /**
   * Aborted to stop the run (Ctrl-C, SIGTERM): no new step is sent, the request in flight finishes, and the
   * orders made so far are cancelled before `runScenario` rejects with {@link VerifyStopped}.
   */
  stop?: AbortSignal
  /** Why the side is known not to answer (the clock probe got none): then no step is sent. */
  unreachable?: string
  /** Told of each order the run made on this side and of each it cancelled, so a hard stop can name them. */
  onOrder?: (orderId: string, event: 'made' | 'cancelled') => void
  /** The side's clock, for `X-Timestamp` (Unix seconds, within 300 s of the side's own). */
  nowMs(): number
}

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
 * A path of the service under a base URL, keeping the base's own path: a sandbox served under
 * `https://host/gateway/` gets `https://host/gateway/api/v1/...`.
 *
 * @example
 * ```ts
 * serviceUrl('https://sandbox.example/gateway/', '/api/v1/payment-gateway/stores/list')
 * // 'https://sandbox.example/gateway/api/v1/payment-gateway/stores/list'
 * ```
 */
export function serviceUrl(baseUrl: string, path: string): string {
  const base = new URL(baseUrl)
  return new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base.origin).href
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

/**
 * What the PIN module's flows may use on the sandbox user: its PIN (set when it has none), its verified
 * e-mail address (a reset code is sent there) and the sandbox's fixed development code (the reset runs to
 * the end). Without them, only refusals are tried.
 *
 * @example
 * ```ts
 * const flows: PinFlows = { pin: '482913', email: 'qa@example.com', otp: '000000' }
 * ```
 */
interface PinFlows {
  pin?: string
  email?: string
  otp?: string
}

/**
 * One check of the scenario and the answer it got on one side.
 *
 * @example
 * ```ts
 * const seen: Observation = { check: 'list stores', operation: 'listStores', answer }
 * ```
 */
export interface Observation {
  check: string
  /** The gateway operation, whose result schema the answer is read against; none for PIN checks. */
  operation: GatewayOperation | undefined
  answer: SeenAnswer
}

/** The smallest amount in USD: one cent. */
const SMALLEST_USD = 0.01
/** An id no order or transaction has (the probes of unknown records). */
const UNKNOWN_ID = '999999999'
/** The reason given when the scenario cancels the orders it made. */
const CANCEL_REASON = 'merchant-gateway-mock verify: cancelling the order it made'

/**
 * The name of the set-pin check: its answer at the target says whether the sandbox user had a PIN, and the
 * mock's user is given one first when it had.
 *
 * @example
 * ```ts
 * const hadPin = targetSeen.find((o) => o.check === SET_PIN_CHECK)?.answer.status !== 200
 * ```
 */
export const SET_PIN_CHECK = 'PIN: set-pin'

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
    !options.money
      ? 'money: none (refund and payout only with --money)'
      : `money: a refund of USD ${SMALLEST_USD} of ` +
        (options.paid ? '--paid-order' : 'an unpaid order it made (a refusal)') +
        ` and a payout of USD ${SMALLEST_USD} to --payout-account`,
    'probes that change nothing: a wrong API key, a missing field, an unknown order, an unknown transaction,',
    '  a refund of an unknown order signed with --api-secret, a payout signed with another secret',
    ...(flows === undefined
      ? ['PIN module: skipped (no --bearer)']
      : [
          'PIN module (--bearer): refusals (a missing field, a wrong token, an unknown reset session)',
          flows.pin !== undefined
            ? '  --pin: set-pin (if the user has none), verify-pin right, wrong once, right; change-pin there and back'
            : '  no PIN is set or tried (--pin for that)',
          ...(flows.email !== undefined
            ? ['  --email: forgot-pin sends a code there; verify-otp with a wrong code']
            : []),
          ...(flows.otp !== undefined
            ? ['  --otp: verify-otp with it, reset-pin back to --pin; the user ends with --pin']
            : []),
        ]),
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
  // Why no more step is sent: the first request of this side that got no answer, and what happened.
  let silent: string | undefined = side.unreachable
  const record = async (check: string, operation: GatewayOperation | undefined, request: Request) => {
    const answer = await send(side, request)
    seen.push({ check, operation, answer })
    if (answer.status === 0) silent ??= `${check} got no answer (${answer.text})`
    return answer
  }
  // Each step first looks whether the run was stopped; the cancels at the end do not. Once the side has not
  // answered, the later steps are not sent (each would wait its whole timeout): they are reported unanswered.
  const call = async (check: string, operation: GatewayOperation | undefined, request: Request) => {
    if (side.stop?.aborted) throw new VerifyStopped(String(side.stop.reason ?? 'stopped'))
    if (silent !== undefined) {
      const answer: SeenAnswer = { status: 0, headers: new Headers(), text: `not sent: ${silent}` }
      seen.push({ check, operation, answer })
      return answer
    }
    return record(check, operation, request)
  }
  const url = (path: string) => serviceUrl(side.baseUrl, path)
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(url(path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: side.apiKey, ...headers },
      body: JSON.stringify(body),
    })
  const plain = (path: string, method = 'POST', apiKey = side.apiKey) =>
    new Request(url(path), { method, headers: { [HEADERS.apiKey]: apiKey } })
  const detail = (transactionId: string, method: 'GET' | 'POST') =>
    method === 'GET'
      ? plain(`${GATEWAY_PATHS.transactionDetail}?transaction_id=${encodeURIComponent(transactionId)}`, 'GET')
      : json(GATEWAY_PATHS.transactionDetail, { transaction_id: transactionId })

  const stores = await call('list stores', 'listStores', plain(GATEWAY_PATHS.listStores))
  const storeId = firstStoreId(stores)
  await call('balance inquiry', 'balanceInquiry', plain(GATEWAY_PATHS.balanceInquiry))

  const orders: string[] = []
  try {
    const created = [
      await call(
        'create order (storeId)',
        'createOrder',
        json(GATEWAY_PATHS.createOrder, { storeId: storeId ?? 1, amount: SMALLEST_USD, currency: 'USD' }),
      ),
      await call(
        'create order (store_id)',
        'createOrder',
        json(GATEWAY_PATHS.createOrder, { store_id: String(storeId ?? 1), amount: SMALLEST_USD, currency: 'USD' }),
      ),
    ]
    for (const answer of created) {
      const orderId = orderIdOf(answer)
      if (orderId === undefined) continue
      orders.push(orderId)
      side.onOrder?.(orderId, 'made')
    }
    await call(
      'generate QR',
      'generateQr',
      json(GATEWAY_PATHS.generateQr, { store_id: storeId ?? 1, amount: SMALLEST_USD, currency: 'USD' }),
    )
    if (options.paid && side.paid !== undefined) {
      await call('transaction detail (GET)', 'transactionDetail', detail(side.paid.transactionId, 'GET'))
      await call('transaction detail (POST)', 'transactionDetail', detail(side.paid.transactionId, 'POST'))
    }
    if (options.money) {
      const paid = options.paid && side.paid !== undefined
      await call(
        paid ? 'refund, smallest amount (the paid order)' : 'refund, smallest amount (an unpaid order)',
        'refundOrder',
        await signed(side, GATEWAY_PATHS.refundOrder, {
          orderId: Number(paid ? side.paid!.orderId : (orders[0] ?? UNKNOWN_ID)),
          refundAmount: SMALLEST_USD,
        }),
      )
      await call(
        'payout, smallest amount',
        'payout',
        await signed(side, GATEWAY_PATHS.payout, {
          accountNumber: side.payoutAccount ?? '',
          amount: SMALLEST_USD,
          currency: 'USD',
        }),
      )
    }
    await call('probe: wrong API key', 'listStores', plain(GATEWAY_PATHS.listStores, 'POST', 'mk_verify_wrong_key'))
    await call(
      'probe: missing field (amount)',
      'createOrder',
      json(GATEWAY_PATHS.createOrder, { storeId: storeId ?? 1, currency: 'USD' }),
    )
    await call(
      'probe: unknown order',
      'cancelOrder',
      json(GATEWAY_PATHS.cancelOrder, { order_id: UNKNOWN_ID, reason: CANCEL_REASON }),
    )
    await call('probe: unknown transaction (GET)', 'transactionDetail', detail(UNKNOWN_ID, 'GET'))
    await call('probe: unknown transaction (POST)', 'transactionDetail', detail(UNKNOWN_ID, 'POST'))
    // Signed with the right secret, of an order no one has: a 404 says the secret and the clock are right.
    await call(
      'probe: refund of an unknown order (signed)',
      'refundOrder',
      await signed(side, GATEWAY_PATHS.refundOrder, { orderId: Number(UNKNOWN_ID), refundAmount: SMALLEST_USD }),
    )
    await call(
      'probe: bad signature',
      'payout',
      await signed(
        side,
        GATEWAY_PATHS.payout,
        { accountNumber: side.payoutAccount ?? '000000000', amount: SMALLEST_USD, currency: 'USD' },
        `${side.apiSecret}-not-the-secret`,
      ),
    )
    if (options.pin !== undefined && side.bearer !== undefined) {
      await pinChecks(side.bearer, options.pin, (check, path, body, token) =>
        call(check, undefined, json(path, body, { Authorization: `Bearer ${token}` })),
      )
    }
  } finally {
    // Cancel what was made, whatever happened above: a sandbox keeps no stray order of ours.
    for (const [i, orderId] of orders.entries()) {
      const check = i === 0 ? 'cancel order (storeId)' : 'cancel order (store_id)'
      const body = { order_id: orderId, reason: CANCEL_REASON }
      const cancelled = await record(check, 'cancelOrder', json(GATEWAY_PATHS.cancelOrder, body))
      if (cancelled.status >= 200 && cancelled.status <= 299) side.onOrder?.(orderId, 'cancelled')
    }
  }
  return seen
}

/** Sends one PIN module request as the named check, with the given token; resolves to its answer. */
type PinCall = (check: string, path: string, body: unknown, token: string) => Promise<SeenAnswer>

/**
 * A code no development environment uses as its fixed code (those are runs like 000000 or 123456), so a
 * "wrong code" check is not accepted by the sandbox's development code.
 */
const WRONG_CODE = '409173'

/**
 * The PIN module's checks: refusals that change nothing, then the flows the options allow. The user ends
 * as it began: with `flows.pin` when given (set when it had none), its wrong-attempt counter cleared.
 */
async function pinChecks(bearer: string, flows: PinFlows, call: PinCall): Promise<void> {
  await call('PIN: verify-pin, missing field', PIN_PATHS.verifyPin, {}, bearer)
  await call('PIN: verify-pin, wrong token', PIN_PATHS.verifyPin, { pin: '000000' }, 'verify-not-a-token')
  await call(
    'PIN: reset-pin, unknown session',
    PIN_PATHS.resetPin,
    { session_id: randomUUID(), new_pin: flows.pin ?? '000000' },
    bearer,
  )
  const pin = flows.pin
  if (pin !== undefined) {
    const other = shiftPin(pin, 5)
    await call(SET_PIN_CHECK, PIN_PATHS.setPin, { pin }, bearer)
    const right = await call('PIN: verify-pin, the PIN', PIN_PATHS.verifyPin, { pin }, bearer)
    // Not the user's PIN (or no PIN at all): every later try would be one more wrong PIN, and five in a row
    // block the sandbox user. The checks not run are reported as such.
    if (right.status < 200 || right.status > 299) return
    // One wrong PIN between two right ones: the counter moves once and is cleared, no block is near.
    await call('PIN: verify-pin, a wrong PIN', PIN_PATHS.verifyPin, { pin: shiftPin(pin, 3) }, bearer)
    await call('PIN: verify-pin, the PIN again', PIN_PATHS.verifyPin, { pin }, bearer)
    await call('PIN: change-pin to the same PIN', PIN_PATHS.changePin, { current_pin: pin, new_pin: pin }, bearer)
    await call('PIN: change-pin to another', PIN_PATHS.changePin, { current_pin: pin, new_pin: other }, bearer)
    await call('PIN: change-pin back', PIN_PATHS.changePin, { current_pin: other, new_pin: pin }, bearer)
  }
  if (flows.email === undefined) return
  const contact = { email: flows.email }
  const forgot = await call('PIN: forgot-pin (e-mail)', PIN_PATHS.forgotPin, contact, bearer)
  const sessionId = sessionIdOf(forgot)
  if (sessionId === undefined) return
  await call(
    'PIN: verify-otp, a wrong code',
    PIN_PATHS.verifyOtp,
    { ...contact, otp_code: WRONG_CODE === flows.otp ? '409174' : WRONG_CODE, session_id: sessionId },
    bearer,
  )
  if (flows.otp === undefined || pin === undefined) return
  const verified = sessionIdOf(
    await call(
      'PIN: verify-otp, the code',
      PIN_PATHS.verifyOtp,
      { ...contact, otp_code: flows.otp, session_id: sessionId },
      bearer,
    ),
  )
  if (verified === undefined) return
  await call('PIN: reset-pin', PIN_PATHS.resetPin, { session_id: verified, new_pin: pin }, bearer)
  await call('PIN: reset-pin, the session again', PIN_PATHS.resetPin, { session_id: verified, new_pin: pin }, bearer)
  await call('PIN: verify-pin after the reset', PIN_PATHS.verifyPin, { pin }, bearer)
}

/** A 6-digit PIN that differs from `pin` in every digit: each digit moved by `by` (1 to 9). */
function shiftPin(pin: string, by: number): string {
  return [...pin].map((digit) => String((Number(digit) + by) % 10)).join('')
}

/** The session id in a PIN module answer's data (forgot-pin's, verify-otp's), if the call succeeded. */
function sessionIdOf(answer: SeenAnswer): string | undefined {
  if (answer.status < 200 || answer.status > 299) return undefined
  const body = parse(answer.text) as { data?: { session_id?: unknown } } | undefined
  const id = body?.data?.session_id
  return typeof id === 'string' && id !== '' ? id : undefined
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

/** A signed request (refund, payout): HMAC-SHA256 of the body and the timestamp, keyed with `secret`. */
async function signed(side: Side, path: string, body: unknown, secret = side.apiSecret): Promise<Request> {
  const raw = JSON.stringify(body)
  const timestamp = String(Math.floor(side.nowMs() / 1000))
  const signature = createHmac('sha256', secret)
    .update(raw + timestamp)
    .digest('hex')
  return new Request(serviceUrl(side.baseUrl, path), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADERS.apiKey]: side.apiKey,
      [HEADERS.timestamp]: timestamp,
      [HEADERS.signature]: signature,
      [HEADERS.idempotentKey]: randomUUID(),
    },
    body: raw,
  })
}

/** The first store's id of a list-stores answer (in the envelope or bare), if there is one. */
function firstStoreId(answer: SeenAnswer): number | undefined {
  const body = parse(answer.text) as { data?: unknown } | unknown[] | undefined
  const list = Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : []
  const id = (list[0] as { storeId?: unknown } | undefined)?.storeId
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined
}

/** The order id of a create-order answer (bare or in the envelope), if it made one. */
function orderIdOf(answer: SeenAnswer): string | undefined {
  if (answer.status < 200 || answer.status > 299) return undefined
  const body = parse(answer.text) as { order_id?: unknown; data?: { order_id?: unknown } } | undefined
  const id = body?.order_id ?? body?.data?.order_id
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
