/**
 * @module verify/scenario
 * The scripted requests of `merchant-gateway-mock verify`, run the same way against each side (the target
 * and the in-process mock): read-only calls, two orders in both request shapes (cancelled at the end), a
 * QR code, transaction detail in both methods, and error probes that change nothing; refund and payout of
 * the smallest amount only when money may move; the PIN module's refusals when a bearer token is given.
 * Each side uses the ids its own answers gave (its store, its orders): ids are never compared.
 */
import { GATEWAY_PATHS, type GatewayOperation, HEADERS, PIN_PATHS } from '@merchant-gateway/contract'
import { createHmac, randomUUID } from 'node:crypto'
import type { SeenAnswer } from './compare.js'

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
  /** The side's clock, for `X-Timestamp` (Unix seconds, within 300 s of the side's own). */
  nowMs(): number
}

/**
 * What the scenario may do beyond the read-only calls and the probes.
 *
 * @example
 * ```ts
 * const plan: ScenarioOptions = { money: false, pin: true }
 * ```
 */
export interface ScenarioOptions {
  /** Refund and payout of the smallest amount. */
  money: boolean
  /** The PIN module's checks (a bearer token was given). */
  pin: boolean
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
 * What the scenario will do, in the words printed before it starts.
 *
 * @example
 * ```ts
 * for (const line of planOf({ money: false, pin: false })) console.log(line)
 * ```
 */
export function planOf(options: ScenarioOptions): string[] {
  return [
    'reads: list stores, balance inquiry, transaction detail (GET and POST, an id no transaction has)',
    `creates: 2 orders of USD ${SMALLEST_USD} (storeId and store_id shapes) and 1 QR code; ` +
      'both orders are cancelled at the end',
    options.money
      ? `money: a refund of USD ${SMALLEST_USD} (of an order it made, unpaid: a refusal is expected) and a payout ` +
        `of USD ${SMALLEST_USD} to --payout-account`
      : 'money: none (refund and payout only with --money)',
    'probes that change nothing: a wrong API key, a missing field, an unknown order, a bad signature',
    options.pin
      ? 'PIN module (--bearer): verify-pin with a missing field and with a wrong token; no PIN is set or tried'
      : 'PIN module: skipped (no --bearer)',
  ]
}

/**
 * Runs the scenario against one side and returns what each check got, in order. The orders it made are
 * cancelled even when a step fails.
 *
 * @example
 * ```ts
 * const seen = await runScenario(side, { money: false, pin: false })
 * seen.map((o) => `${o.check}: ${o.answer.status}`)
 * ```
 */
export async function runScenario(side: Side, options: ScenarioOptions): Promise<Observation[]> {
  const seen: Observation[] = []
  const call = async (check: string, operation: GatewayOperation | undefined, request: Request) => {
    const answer = await send(side, request)
    seen.push({ check, operation, answer })
    return answer
  }
  const url = (path: string) => new URL(path, side.baseUrl).href
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(url(path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: side.apiKey, ...headers },
      body: JSON.stringify(body),
    })
  const plain = (path: string, method = 'POST', apiKey = side.apiKey) =>
    new Request(url(path), { method, headers: { [HEADERS.apiKey]: apiKey } })

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
      if (orderId !== undefined) orders.push(orderId)
    }
    await call(
      'generate QR',
      'generateQr',
      json(GATEWAY_PATHS.generateQr, { store_id: storeId ?? 1, amount: SMALLEST_USD, currency: 'USD' }),
    )
    await call(
      'transaction detail (GET)',
      'transactionDetail',
      plain(`${GATEWAY_PATHS.transactionDetail}?transaction_id=${UNKNOWN_ID}`, 'GET'),
    )
    await call(
      'transaction detail (POST)',
      'transactionDetail',
      json(GATEWAY_PATHS.transactionDetail, { transaction_id: UNKNOWN_ID }),
    )
    if (options.money) {
      await call(
        'refund, smallest amount (an unpaid order)',
        'refundOrder',
        await signed(side, GATEWAY_PATHS.refundOrder, {
          orderId: Number(orders[0] ?? UNKNOWN_ID),
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
    if (options.pin && side.bearer !== undefined) {
      const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
      await call('PIN: verify-pin, missing field', undefined, json(PIN_PATHS.verifyPin, {}, bearer(side.bearer)))
      await call(
        'PIN: verify-pin, wrong token',
        undefined,
        json(PIN_PATHS.verifyPin, { pin: '000000' }, bearer('verify-not-a-token')),
      )
    }
  } finally {
    // Cancel what was made, whatever happened above: a sandbox keeps no stray order of ours.
    for (const [i, orderId] of orders.entries()) {
      const check = i === 0 ? 'cancel order (storeId)' : 'cancel order (store_id)'
      await call(check, 'cancelOrder', json(GATEWAY_PATHS.cancelOrder, { order_id: orderId, reason: CANCEL_REASON }))
    }
  }
  return seen
}

/** Sends a request; a network error is an answer of status 0 whose text says what happened. */
async function send(side: Side, request: Request): Promise<SeenAnswer> {
  try {
    const res = await side.fetch(request)
    return { status: res.status, headers: res.headers, text: await res.text() }
  } catch (error) {
    return { status: 0, headers: new Headers(), text: error instanceof Error ? error.message : String(error) }
  }
}

/** A signed request (refund, payout): HMAC-SHA256 of the body and the timestamp, keyed with `secret`. */
async function signed(side: Side, path: string, body: unknown, secret = side.apiSecret): Promise<Request> {
  const raw = JSON.stringify(body)
  const timestamp = String(Math.floor(side.nowMs() / 1000))
  const signature = createHmac('sha256', secret)
    .update(raw + timestamp)
    .digest('hex')
  return new Request(new URL(path, side.baseUrl).href, {
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
