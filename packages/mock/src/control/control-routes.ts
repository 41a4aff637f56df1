/**
 * @module control-routes
 * The control API over HTTP, under `/__mock/...`, so that a client in any language can act as the
 * outside world: create merchants and users, pay orders, move the clock, read the webhook log, inject
 * faults. Each route is a thin translation to the in-process {@link ControlApi}, whose rules answer
 * the same 4xx here; this module only checks the JSON's shape and writes the answer. It runs wherever the
 * mock runs: {@link createControlHandler} takes a Fetch `Request` and gives a `Response`; the HTTP server's
 * app mounts {@link controlAnswerer}, which gives the same answer without building a `Response`.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { MockGateway } from '../create-mock-gateway.js'
import { isRuleError, RuleError } from '../domain/rule-error.js'
import { toResponse, type Answer, type IncomingRequest } from '../http/answer.js'
import { controlJson, controlRefusal, parseControlJson } from '../http/responses.js'
import { createRouter, pathOf } from '../http/router.js'
import { validate } from '../http/validate.js'
import type { CreateMerchantInput, UpdateMerchantInput } from '../domain/merchants.js'
import type { ReportPaymentInput } from '../domain/payments.js'
import type { AccountInput } from '../domain/payouts.js'
import type { StoreInput } from '../domain/stores.js'
import type { CreateUserInput } from '../domain/users.js'
import type { FaultSpec } from '../faults/faults.js'
import { emptyBody, requestLogQuery, setClockBody, snapshotQuery, staleNextBody } from './control-schemas.js'

/**
 * Where the control routes live, under the server's root.
 *
 * @example
 * ```ts
 * await fetch(`${server.url}${CONTROL_PREFIX}/clock`) // { now: '...' }
 * ```
 */
export const CONTROL_PREFIX = '/__mock'

/**
 * The header on `GET /__mock/requests` that says how many answered requests the log keeps (0: none, so an
 * empty list says nothing about the calls made). The matchers on calls read it to refuse a log that keeps none.
 *
 * @example
 * ```ts
 * (await fetch(`${server.url}/__mock/requests`)).headers.get(REQUEST_LOG_LIMIT_HEADER) // '1000'
 * ```
 */
export const REQUEST_LOG_LIMIT_HEADER = 'X-Mock-Request-Log-Limit'

type Params = Record<string, number>
/** What a control route gives back: a status and, but for 204, a body to send as JSON. */
interface ControlReply {
  status: number
  body?: unknown
  headers?: Record<string, string>
}
interface ControlRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** The path after the prefix, with `{name}` for a numeric id. */
  path: string
  summary: string
  handle(
    mock: MockGateway,
    params: Params,
    body: () => unknown,
    query: URLSearchParams,
  ): Promise<ControlReply> | ControlReply
}

const ok = (body: unknown): ControlReply => ({ status: 200, body })
const created = (body: unknown): ControlReply => ({ status: 201, body })
const noContent: ControlReply = { status: 204 }

/** Reads and checks a route's body (an empty body counts as `{}`). */
function parse<T>(schema: StandardSchemaV1<unknown, T>, body: () => unknown): T {
  return validate(schema, body())
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RuleError(404, `${what} not found`)
  return value
}

/** Every control route, in the order `GET /__mock` lists them. */
const ROUTES: readonly ControlRoute[] = [
  {
    method: 'POST',
    path: '/reset',
    summary: "back to the seeded state; the clock stays where it is unless clock: 'start'",
    handle: async (mock, _, body) => {
      await mock.reset(body() as { clock?: 'keep' | 'start' })
      return noContent
    },
  },
  {
    method: 'POST',
    path: '/merchants',
    summary: 'create a merchant: name?, balances?: {usd?, khr?}, webhookUrl?, apiKey?, apiSecret?, appId?',
    handle: async (mock, _, body) => created(await mock.merchants.create(body() as CreateMerchantInput)),
  },
  {
    method: 'GET',
    path: '/merchants/{merchantId}',
    summary: "a merchant's credentials, name and webhookUrl",
    handle: async (mock, p) => ok(await mock.merchants.get(p.merchantId!)),
  },
  {
    method: 'PATCH',
    path: '/merchants/{merchantId}',
    summary: "change a merchant's name or webhookUrl (null: no HTTP delivery); later webhooks use it",
    handle: async (mock, p, body) => ok(await mock.merchants.update(p.merchantId!, body() as UpdateMerchantInput)),
  },
  {
    method: 'DELETE',
    path: '/merchants/{merchantId}',
    summary: "remove a merchant: its API key then answers 404 'Merchant not found'; its data stays readable",
    handle: async (mock, p) => {
      await mock.merchants.remove(p.merchantId!)
      return noContent
    },
  },
  {
    method: 'GET',
    path: '/merchants/{merchantId}/balances',
    summary: "a merchant's USD and KHR balance, usable and freeze",
    handle: async (mock, p) => ok(await mock.balances(p.merchantId!)),
  },
  {
    method: 'POST',
    path: '/merchants/{merchantId}/stores',
    summary: 'add a store: storeName, address',
    handle: async (mock, p, body) => created(await mock.stores.add(p.merchantId!, body() as StoreInput)),
  },
  {
    method: 'PATCH',
    path: '/merchants/{merchantId}/stores/{storeId}',
    summary: 'rename a store or change its address: storeName?, address?',
    handle: async (mock, p, body) =>
      ok(await mock.stores.update(p.merchantId!, p.storeId!, body() as Partial<StoreInput>)),
  },
  {
    method: 'DELETE',
    path: '/merchants/{merchantId}/stores/{storeId}',
    summary: 'remove a store',
    handle: async (mock, p) => {
      await mock.stores.remove(p.merchantId!, p.storeId!)
      return noContent
    },
  },
  {
    method: 'POST',
    path: '/merchants/{merchantId}/accounts',
    summary: 'add a payout account: accountNumber, accountName, failAtSettlement?',
    handle: async (mock, p, body) => created(await mock.accounts.add(p.merchantId!, body() as AccountInput)),
  },
  {
    method: 'POST',
    path: '/payments',
    summary: 'the customer pays: orderId or qrData, status SUCCESS | FAILED | PENDING, payer?',
    handle: async (mock, _, body) => created(await mock.payments.create(body() as ReportPaymentInput)),
  },
  {
    method: 'GET',
    path: '/orders/{orderId}',
    summary: 'a snapshot of an order',
    handle: (mock, p) => ok(found(mock.orders.get(p.orderId!), `Order ${p.orderId}`)),
  },
  {
    method: 'GET',
    path: '/transactions/{transactionId}',
    summary: 'a snapshot of a payment, refund or payout transaction',
    handle: (mock, p) => ok(found(mock.transactions.get(p.transactionId!), `Transaction ${p.transactionId}`)),
  },
  {
    method: 'GET',
    path: '/clock',
    summary: "the mock's current time and the contract era in force",
    handle: (mock) => ok(clockAnswer(mock, mock.clock.now())),
  },
  {
    method: 'POST',
    path: '/clock',
    summary: 'set the clock: now (ISO 8601), advanceMs or businessDays; what became due settles',
    handle: async (mock, _, body) => {
      const { now, advanceMs, businessDays } = parse(setClockBody, body)
      const moved =
        now !== undefined
          ? await mock.clock.set(now)
          : advanceMs !== undefined
            ? await mock.clock.advance(advanceMs)
            : await mock.clock.advanceBusinessDays(businessDays!)
      return ok(clockAnswer(mock, moved.now))
    },
  },
  {
    method: 'POST',
    path: '/settle',
    summary: 'complete (or fail and reverse) the refunds and payouts that are due',
    handle: async (mock, _, body) => {
      parse(emptyBody, body)
      return ok(await mock.settle())
    },
  },
  {
    method: 'POST',
    path: '/users',
    summary:
      'create a signed-in user: email?, emailVerified?, phone?: {phoneCode, countryCode, phoneNumber}, phoneVerified?',
    handle: async (mock, _, body) => created(await mock.users.create(body() as CreateUserInput)),
  },
  {
    method: 'GET',
    path: '/users',
    summary: 'every PIN module user: contacts, hasPin, wrongAttempts, blockedUntil (never the PIN)',
    handle: async (mock) => ok(await mock.users.list()),
  },
  {
    method: 'GET',
    path: '/users/{userId}',
    summary: "a PIN module user's contacts and PIN state",
    handle: async (mock, p) => ok(await mock.users.get(p.userId!)),
  },
  {
    method: 'GET',
    path: '/otp',
    summary: 'the one-time codes forgot-pin sent, newest last',
    handle: (mock) => ok(mock.otp.list()),
  },
  {
    method: 'GET',
    path: '/webhooks',
    summary: 'every webhook with its delivery attempts and status, newest last',
    handle: (mock) => ok(mock.webhooks.list()),
  },
  {
    method: 'POST',
    path: '/webhooks/deliver-due',
    summary: 'run the webhook attempts that are due now',
    handle: async (mock, _, body) => {
      parse(emptyBody, body)
      return ok(await mock.webhooks.deliverDue())
    },
  },
  {
    method: 'POST',
    path: '/webhooks/duplicate-next',
    summary: 'the next webhook is POSTed twice',
    handle: (mock, _, body) => {
      parse(emptyBody, body)
      mock.webhooks.duplicateNext()
      return noContent
    },
  },
  {
    method: 'POST',
    path: '/webhooks/hold-next',
    summary: "the next webhook is held back and sent after the merchant's following one",
    handle: (mock, _, body) => {
      parse(emptyBody, body)
      mock.webhooks.holdNext()
      return noContent
    },
  },
  {
    method: 'POST',
    path: '/webhooks/{webhookId}/redeliver',
    summary: 'send a webhook again now (one more attempt, stamped and signed at this time)',
    handle: async (mock, p, body) => {
      parse(emptyBody, body)
      return ok(await mock.webhooks.redeliver(p.webhookId!))
    },
  },
  {
    method: 'GET',
    path: '/snapshot',
    summary:
      'the state to save (format 1, every record); ?limit (1 to 500): a glance at the newest of each list, ' +
      'without the state',
    handle: async (mock, _p, _body, query) => ok(await mock.snapshot(snapshotQuery(query))),
  },
  {
    method: 'POST',
    path: '/snapshot',
    summary: 'load a saved state: the body is a complete snapshot (format 1), checked whole before anything changes',
    handle: async (mock, _p, body) => ok(await mock.load(body())),
  },
  {
    method: 'GET',
    path: '/version',
    summary: 'a number that moves whenever the state may have changed (poll it, reload on change)',
    handle: (mock) => ok({ version: mock.version() }),
  },
  {
    method: 'POST',
    path: '/webhooks/stale-next',
    summary: 'the next webhook is timestamped `seconds` in the past: seconds',
    handle: (mock, _, body) => {
      mock.webhooks.staleNext(parse(staleNextBody, body).seconds)
      return noContent
    },
  },
  {
    method: 'GET',
    path: '/requests',
    summary:
      'the requests the service answered, oldest first: ?method, path, status ' +
      '(404 or 4xx), merchantId, withWarnings, afterSeq, limit, operation (its calls with body, refusal, headers)',
    handle: (mock, _p, _body, query) => ({
      ...ok(mock.requests.list(requestLogQuery(query))),
      headers: { [REQUEST_LOG_LIMIT_HEADER]: String(mock.requests.limit) },
    }),
  },
  {
    method: 'DELETE',
    path: '/requests',
    summary: 'forget the logged requests',
    handle: (mock) => {
      mock.requests.clear()
      return noContent
    },
  },
  {
    method: 'GET',
    path: '/faults',
    summary: 'the faults still armed',
    handle: (mock) => ok(mock.faults.list()),
  },
  {
    method: 'POST',
    path: '/faults',
    summary: 'arm a fault: route, kind latency | error | network | drop-response, status?, delayMs?, times?',
    handle: (mock, _, body) => created(mock.faults.add(body() as FaultSpec)),
  },
  {
    method: 'DELETE',
    path: '/faults',
    summary: 'disarm every fault',
    handle: (mock) => {
      mock.faults.clear()
      return noContent
    },
  },
  {
    method: 'GET',
    path: '/audit',
    summary: 'broken ledger invariants, recomputed from the transactions ([] when the books balance)',
    handle: (mock) => ok({ problems: mock.audit() }),
  },
  {
    method: 'GET',
    path: '/stats',
    summary: 'records held per table, request log size and queued work, after dropping what expired (retention)',
    handle: async (mock) => ok(await mock.stats()),
  },
]

/**
 * One line per route of the control table (what {@link createControlHandler} dispatches), prefix included.
 *
 * @example
 * ```ts
 * controlRoutes()[0] // { method: 'POST', path: '/__mock/reset', summary: 'back to the seeded state' }
 * ```
 */
export function controlRoutes(): Array<{ method: string; path: string; summary: string }> {
  return ROUTES.map(({ method, path, summary }) => ({ method, path: CONTROL_PREFIX + path, summary }))
}

/** `GET /__mock` itself, first in its own answer. */
const INDEX_ROUTE = { method: 'GET', path: CONTROL_PREFIX, summary: 'every control route, one line each' }

/** What the mock's HTTP server serves under the prefix besides the table: its document and the inspector page. */
const HTTP_SERVER_ROUTES = [
  { method: 'GET', path: `${CONTROL_PREFIX}/openapi.json`, summary: "the control API's OpenAPI document" },
  { method: 'GET', path: `${CONTROL_PREFIX}/ui/`, summary: 'the inspector page: the state, live, in a browser' },
]

/**
 * Where a control handler stands.
 *
 * @example
 * ```ts
 * const options: ControlHandlerOptions = { httpServer: true }
 * ```
 */
export interface ControlHandlerOptions {
  /**
   * The handler serves the control API of the mock's HTTP server, which also answers `GET /__mock/openapi.json`
   * and the inspector page: `GET /__mock` lists them too. Default false (the table's routes alone).
   */
  httpServer?: boolean
}

/**
 * True when a path belongs to the control API.
 *
 * @example
 * ```ts
 * isControlPath('/__mock/clock') // true
 * isControlPath('/api/v1/payment-gateway/stores/list') // false
 * ```
 */
export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(UNDER_CONTROL)
}
// Made once: every request the server answers asks, twice (its CORS and the control guard).
const UNDER_CONTROL = `${CONTROL_PREFIX}/`

/**
 * Builds the Fetch-API handler of the control routes of one mock instance. Answers JSON; a refusal
 * is the status-style body `{statusCode, message, error}` the service's own routes use.
 *
 * @example
 * ```ts
 * const control = createControlHandler(mock)
 * const res = await control(new Request('http://127.0.0.1:4010/__mock/merchants', { method: 'POST', body: '{"balances":{"usd":100}}' }))
 * await res.json() // { merchantId: 2, appId: 2, apiKey: 'mk_test_...', apiSecret: 'sk_test_...' }
 * ```
 */
export function createControlHandler(
  mock: MockGateway,
  options: ControlHandlerOptions = {},
): (request: Request) => Promise<Response> {
  const answer = controlAnswerer(mock, options)
  return async function handleControl(request: Request): Promise<Response> {
    return toResponse(await answer(request))
  }
}

/**
 * The control routes of one mock instance as the mock's parts answer: a request read through its method, URL,
 * headers and body (a Fetch `Request` is one), an answer of status, headers and body. Routed by the one
 * router over the table, `GET /__mock` first; a path of the prefix that no route has is 404, a path whose
 * routes take other methods 405 with `Allow`. `root` is where an app that mounts it stands (`''`: the
 * server's root), the routes being under `<root>/__mock`; `GET /__mock` also lists `listed` (routes the app
 * serves beside the table: the server's sessions).
 *
 * @example
 * ```ts
 * const answer = controlAnswerer(mock, { httpServer: true })
 * (await answer(new Request('http://127.0.0.1:4010/__mock/clock'))).status // 200
 * ```
 */
export function controlAnswerer(
  mock: MockGateway,
  options: ControlHandlerOptions & {
    root?: string
    listed?: ReadonlyArray<{ method: string; path: string; summary: string }>
  } = {},
): (request: IncomingRequest) => Promise<Answer> {
  const prefix = `${options.root ?? ''}${CONTROL_PREFIX}`
  const listed = [
    INDEX_ROUTE,
    ...controlRoutes(),
    ...(options.httpServer ? HTTP_SERVER_ROUTES : []),
    ...(options.listed ?? []),
  ]
  const index: ControlRoute = { ...INDEX_ROUTE, path: '', method: 'GET', handle: () => ok(listed) }
  const router = createRouter([index, ...ROUTES], { base: prefix, trailingSlash: true })
  return async function answerControl(request: IncomingRequest): Promise<Answer> {
    const pathname = pathOf(request.url)
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`))
      return controlRefusal(404, `${pathname} is not a control route (they start with ${prefix}/)`)
    const hit = router.match(request.method, pathname)
    if (!hit) {
      const allow = router.allowed(pathname)
      if (allow === undefined)
        return controlRefusal(404, `No control route ${request.method} ${pathname}; GET ${prefix} lists them`)
      return controlRefusal(405, `${pathname} takes ${allow}, not ${request.method}`, { Allow: allow })
    }
    try {
      const params = idParams(hit.params)
      const text = DECODER.decode(await request.arrayBuffer())
      const body = () => readJson(text)
      const query = request.url.includes('?') ? new URL(request.url).searchParams : new URLSearchParams()
      return reply(await hit.route.handle(mock, params, body, query))
    } catch (error) {
      if (isRuleError(error)) return controlRefusal(error.status, error.message)
      throw error
    }
  }
}

const DECODER = new TextDecoder()

/** The clock's answer: the time, and the era in force (name, start, one-line summary). */
function clockAnswer(
  mock: MockGateway,
  now: string,
): { now: string; frozen: boolean; era: { name: string; from: string | null; summary: string } } {
  const { name, from, summary } = mock.clock.era()
  return { now, frozen: mock.clock.frozen(), era: { name, from, summary } }
}

function idParams(values: Readonly<Record<string, string>>): Params {
  const params: Params = {}
  for (const [name, value] of Object.entries(values)) {
    const raw = decodePathPart(name, value)
    if (!/^[1-9]\d{0,14}$/.test(raw))
      throw new RuleError(400, `${name} in the path must be a positive integer, got ${JSON.stringify(raw)}`)
    params[name] = Number(raw)
  }
  return params
}

/** A percent-decoded path segment; a malformed escape (`%ZZ`) is a 400 naming the segment. */
function decodePathPart(name: string, value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    throw new RuleError(
      400,
      `${name} in the path has a malformed percent-escape: ${JSON.stringify(value.slice(0, 40))}`,
    )
  }
}

function readJson(text: string): unknown {
  const value = parseControlJson(text)
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RuleError(400, 'The body must be a JSON object')
  return value
}

function reply({ status, body, headers = {} }: ControlReply): Answer {
  if (body === undefined) return { status, headers, body: '' }
  return controlJson(status, body, headers)
}
