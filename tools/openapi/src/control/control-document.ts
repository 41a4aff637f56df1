/**
 * @module openapi-tools/control/control-document
 * The OpenAPI 3.1 document of the mock's own HTTP surface: the control API under `/__mock` (from the
 * mock's route table, `controlRoutes()`, and its control body schemas), the refusals of its guard (401
 * without the control token or with another, 403 for a Host or Origin not allowed) and of the server's limits
 * (413, 414) on every control operation, and the two documents the server hands out. (The QR code images are the
 * service's: the gateway document has them.) Answers are described by schemas derived from the mock's
 * record schemas where the control API returns records, so a changed record changes the document.
 * Everything comes through the mock's exports (`@merchant-gateway/mock`, `/server`): the published mock
 * carries no generation code and does not depend on zod-openapi.
 *
 * Every route of {@link controlRoutes} must have its entry here and every entry a route: a control
 * route added without its documentation stops the generation. The server's session routes (`sessionRoutes()`:
 * make, list and end sessions) are documented the same way, on the root only; every other path is served under
 * a session's base URL too, which the document says with a second server (`/s/{sessionId}`).
 */
import {
  balanceSchema,
  ERA_NAMES,
  LIMITS,
  MOCK_SNAPSHOT_FORMAT,
  mockSnapshotDocumentSchema,
  mockStateSchema,
  statusErrorBodySchema,
  storeSchema,
} from '@merchant-gateway/contract'
import {
  accountRecordSchema,
  addAccountBody,
  addFaultBody,
  addStoreBody,
  CONTROL_PREFIX,
  controlRoutes,
  createMerchantBody,
  createUserBody,
  emptyBody,
  orderRecordSchema,
  reportPaymentBody,
  resetBody,
  SERVICE_OPERATIONS,
  type ServiceOperation,
  setClockBody,
  staleNextBody,
  transactionRecordSchema,
  updateMerchantBody,
  updateStoreBody,
  webhookAttemptSchema,
  webhookRecordSchema,
} from '@merchant-gateway/mock'
import {
  createSessionBody,
  DEFAULT_SESSION_LIMITS,
  MAX_BODY_BYTES,
  MAX_STATE_BYTES,
  sessionRoutes,
} from '@merchant-gateway/mock/server'
import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi'
import * as z from 'zod/mini'

type Schema = z.core.$ZodType

const named = <T extends Schema>(schema: T, id: string, description?: string): T => {
  z.globalRegistry.add(schema, { id, ...(description ? { description } : {}) })
  return schema
}

// --- Answers -----------------------------------------------------------------------------------------

const credentials = named(
  z.object({ merchantId: z.int(), appId: z.int(), apiKey: z.string(), apiSecret: z.string() }),
  'MerchantCredentials',
  "A merchant's ids and credentials: `apiKey` goes in `X-Api-Key`, `apiSecret` signs refunds and payouts.",
)
const merchant = named(
  z.object({
    merchantId: z.int(),
    appId: z.int(),
    apiKey: z.string(),
    apiSecret: z.string(),
    name: z.string(),
    webhookUrl: z.nullable(z.string()),
    removedAt: z.nullable(z.iso.datetime({ offset: true })),
  }),
  'Merchant',
  'A merchant with its name and webhook URL (null: webhooks are only ' +
    'recorded); `removedAt` is set once it was removed (its API key then ' +
    'answers 404).',
)
const account = named(
  z.omit(accountRecordSchema, { merchantId: true }),
  'Account',
  'A payout destination account; `failAtSettlement` makes payouts to it fail and reverse.',
)
const payment = named(
  z.object({ transactionId: z.int(), orderId: z.int(), status: transactionRecordSchema.shape.status }),
  'PaymentResult',
  'The payment transaction and the state it is in.',
)
const order = named(
  z.extend(z.omit(orderRecordSchema, { amountMinor: true }), { amount: z.number() }),
  'OrderSnapshot',
  'An order as the mock keeps it (more than the wire shows): times are epoch milliseconds, `amount` in major units.',
)
const transaction = named(
  z.extend(z.omit(transactionRecordSchema, { amountMinor: true }), { amount: z.number() }),
  'TransactionSnapshot',
  'A payment, refund or payout transaction as the mock keeps it; times are epoch milliseconds.',
)
const clock = named(
  z.object({
    now: z.iso.datetime({ offset: true }),
    frozen: z.boolean(),
    era: z.object({ name: z.enum(ERA_NAMES), from: z.nullable(z.iso.datetime({ offset: true })), summary: z.string() }),
  }),
  'ClockTime',
  "The mock's current time and the contract era in force then (its name, " +
    'the instant it began, null for the first, and what it changed).',
)
const webhook = named(
  z.object({
    id: z.int(),
    merchantId: z.int(),
    url: z.nullable(z.string()),
    payload: webhookRecordSchema.shape.payload,
    rawBody: z.string(),
    signature: z.nullable(z.string()),
    headers: z.record(z.string(), z.string()),
    status: webhookRecordSchema.shape.status,
    attempts: z.array(webhookAttemptSchema),
    nextAttemptAt: z.nullable(z.int()),
    held: z.boolean(),
  }),
  'WebhookView',
  'A webhook: its exact body and signature, and its delivery attempts (times in epoch milliseconds).',
)
const otpMessage = named(
  z.object({
    userId: z.int(),
    channel: z.enum(['email', 'phone']),
    to: z.string(),
    code: z.string(),
    sessionId: z.string(),
    sentAt: z.iso.datetime({ offset: true }),
  }),
  'OtpMessage',
  "A one-time code forgot-pin sent (the test's mailbox).",
)
const fault = named(
  z.object({
    id: z.int(),
    route: z.string(),
    kind: addFaultBody.shape.kind,
    status: z.int(),
    delayMs: z.number(),
    remaining: z.union([z.int(), z.literal('always')]),
  }),
  'Fault',
  'An armed fault and how many times it still fires.',
)
const routeLine = named(z.object({ method: z.string(), path: z.string(), summary: z.string() }), 'ControlRoute')
const openApiDocument = named(
  z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) }),
  'OpenApiDocument',
  'An OpenAPI 3.1 document.',
)
const userView = named(
  z.object({
    userId: z.int(),
    email: z.nullable(z.string()),
    emailVerified: z.boolean(),
    phone: z.nullable(z.object({ phoneCode: z.string(), countryCode: z.string(), phoneNumber: z.string() })),
    phoneVerified: z.boolean(),
    hasPin: z.boolean(),
    wrongAttempts: z.int(),
    blockedUntil: z.nullable(z.iso.datetime({ offset: true })),
    resetCodesSentAt: z.array(z.iso.datetime({ offset: true })),
    createdAt: z.iso.datetime({ offset: true }),
  }),
  'UserView',
  'A PIN module user: contacts, whether a PIN is set and its lockout state (never the PIN itself).',
)
const requestEntry = named(
  z.object({
    seq: z.int(),
    at: z.iso.datetime({ offset: true }),
    method: z.string(),
    path: z.string(),
    status: z.nullable(z.int()),
    durationMs: z.number(),
    traceId: z.string(),
    era: z.enum(ERA_NAMES),
    merchantId: z.nullable(z.int()),
    userId: z.nullable(z.int()),
    idempotencyKey: z.nullable(z.string()),
    replayed: z.boolean(),
    form: z.nullable(z.enum(['current', 'earlier'])),
    warnings: z.array(z.string()),
  }),
  'RequestLogEntry',
  'One request the service answered: when (mock clock), what, the status ' +
    '(null: the connection was cut by a fault), the contract era then, and ' +
    'the deprecated uses it logged.',
)
const receivedRequest = named(
  z.object({
    ...requestEntry.shape,
    operation: z.enum(SERVICE_OPERATIONS as [ServiceOperation, ...ServiceOperation[]]),
    refusal: z.nullable(z.string()),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  }),
  'ReceivedRequest',
  'One call of an operation (`?operation=`): the entry with the operation, the code of a refusal (null for a ' +
    'success or a refusal without one), the headers (names in lower case; keys, signatures, tokens and cookies ' +
    "`[redacted]`) and `body`: the JSON body once it passed the operation's request schema (the service " +
    "document's, in the form it came in: `form`), a transaction detail's query parameters, or null when the " +
    'request was refused before that, has no body, or the mock keeps none (`requestLogBodies: false`). PIN ' +
    'fields, one-time codes and reset session ids are `[redacted]`.',
)
const user = named(
  z.object({ userId: z.int(), accessToken: z.string() }),
  'SignedInUser',
  'A signed-in user of the PIN module: send `Authorization: Bearer <accessToken>`.',
)

const state = named(
  mockStateSchema,
  'MockState',
  'The raw records of a mock (minor units, epoch milliseconds, keys and hashes), its id sequences, clock, armed ' +
    'webhook switches and faults: what `POST /__mock/snapshot` loads back.',
)
const snapshot = named(
  z.object({
    format: z.literal(MOCK_SNAPSHOT_FORMAT),
    clock,
    merchants: z.array(z.extend(merchant, { stores: z.array(storeSchema), balances: balanceSchema })),
    orders: z.array(order),
    transactions: z.array(transaction),
    webhooks: z.array(webhook),
    users: z.array(
      z.extend(userView, {
        resetSessions: z.array(
          z.object({
            state: z.enum(['open', 'verified', 'ended']),
            channel: z.enum(['email', 'phone']),
            to: z.string(),
            expiresAt: z.iso.datetime({ offset: true }),
          }),
        ),
      }),
    ),
    otp: z.array(otpMessage),
    faults: z.array(fault),
    state: z.optional(state),
  }),
  'MockSnapshot',
  `The mock's state in format ${MOCK_SNAPSHOT_FORMAT}. Without \`limit\`: every record, each list newest first, and ` +
    '`state`, the records to load back. With `limit`: a glance, each list at most `limit` long, and no `state`.',
)
const snapshotDocument = named(
  mockSnapshotDocumentSchema,
  'MockSnapshotDocument',
  `A saved state: \`format\` (${MOCK_SNAPSHOT_FORMAT}) and \`state\`, as \`GET /__mock/snapshot\` without \`limit\` ` +
    'answers it; its other fields (the lists for people) are allowed and not read.',
)
/** How many records each table holds (what a load brought in, what the stats count). */
const recordCounts = z.object({
  merchants: z.int(),
  stores: z.int(),
  accounts: z.int(),
  balances: z.int(),
  orders: z.int(),
  qrCodes: z.int(),
  transactions: z.int(),
  idempotency: z.int(),
  webhooks: z.int(),
  users: z.int(),
  otpSessions: z.int(),
  outbox: z.int(),
})
const loadSummary = named(
  z.object({
    format: z.literal(MOCK_SNAPSHOT_FORMAT),
    now: z.iso.datetime({ offset: true }),
    frozen: z.boolean(),
    records: recordCounts,
    faults: z.int(),
  }),
  'MockLoadSummary',
  'What was loaded: where the clock now stands, and how many records of each table and faults.',
)

const sessionId = z.string().check(z.regex(/^[A-Za-z0-9_-]{24}$/))
const session = named(
  z.object({
    id: sessionId,
    baseUrl: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    merchant: z.nullable(
      named(
        z.object({
          merchantId: z.int(),
          appId: z.int(),
          name: z.string(),
          apiKey: z.string(),
          apiSecret: z.string(),
          storeId: z.nullable(z.int()),
          webhookUrl: z.nullable(z.string()),
        }),
        'SessionMerchant',
        "The session's demo merchant (from a saved state, its first active merchant): its ids and keys, its first " +
          'store, where its webhooks go (null: only recorded).',
      ),
    ),
  }),
  'Session',
  'A session just made: an isolated mock whose every route (the gateway, the PIN module, `/__mock`, the ' +
    'inspector, the documents) is under `baseUrl`, `http://<the host called>/s/<id>`; `id` is 24 characters of ' +
    'base64url (144 random bits).',
)
const sessionList = named(
  z.object({
    sessions: z.array(
      named(
        z.object({
          id: sessionId,
          baseUrl: z.string(),
          createdAt: z.iso.datetime({ offset: true }),
          lastUsedAt: z.iso.datetime({ offset: true }),
          expiresAt: z.nullable(z.iso.datetime({ offset: true })),
          memoryBytes: z.int(),
        }),
        'SessionEntry',
        'A live session: when it was made and last called (real time), when it ends if nothing calls it (null: ' +
          'never), and the memory it holds, estimated from its records and logged requests.',
      ),
    ),
    limits: z.object({ idleSeconds: z.int(), max: z.int(), maxMemoryMb: z.int() }),
    memoryBytes: z.int(),
  }),
  'SessionList',
  'The live sessions, oldest first; the limits (`--session-idle-seconds`, `--max-sessions`, ' +
    '`--max-session-memory-mb`); what they hold together.',
)
const sessionBody = named(
  z.extend(createSessionBody, { state: z.optional(snapshotDocument) }),
  'SessionOptions',
  "What a session starts with instead of the server's own start (its seed or `--state`, its clock and options): " +
    '`state`, a saved state; `now` and `frozen`, its clock (not with `state`); `webhookUrl`, where the demo ' +
    "merchant's webhooks go (null: nowhere); the history it keeps, as the server's `--keep-*` flags.",
)

// --- Routes ------------------------------------------------------------------------------------------

interface RouteDoc {
  body?: Schema
  status: 200 | 201 | 204
  answer?: Schema
  /** The refusals this route can answer besides 400 (bad body or id), all status-style. */
  errors?: Record<number, string>
  /** What its 400 means, when more than a bad body or id. */
  badRequest?: string
  description?: string
}

const NOT_FOUND_MERCHANT = { 404: 'No such merchant.' }

/** The documentation of each control route, keyed `METHOD /path` as {@link controlRoutes} lists them. */
const ROUTE_DOCS: Readonly<Record<string, RouteDoc>> = {
  'POST /reset': {
    body: resetBody,
    status: 204,
    description:
      'Tables emptied, the seed applied again (or the state the server started from, `--state`), faults and ' +
      'the request log cleared; the clock stays where it is unless `clock` is `start` (or the mock was created ' +
      'with `resetClock: "start"`).',
  },
  'POST /merchants': {
    body: createMerchantBody,
    status: 201,
    answer: credentials,
    errors: { 409: 'The apiKey is already used.' },
  },
  'GET /merchants/{merchantId}': { status: 200, answer: merchant, errors: NOT_FOUND_MERCHANT },
  'DELETE /merchants/{merchantId}': { status: 204, errors: NOT_FOUND_MERCHANT },
  'PATCH /merchants/{merchantId}': {
    body: updateMerchantBody,
    status: 200,
    answer: merchant,
    errors: NOT_FOUND_MERCHANT,
  },
  'GET /merchants/{merchantId}/balances': { status: 200, answer: balanceSchema, errors: NOT_FOUND_MERCHANT },
  'POST /merchants/{merchantId}/stores': {
    body: addStoreBody,
    status: 201,
    answer: storeSchema,
    errors: NOT_FOUND_MERCHANT,
  },
  'PATCH /merchants/{merchantId}/stores/{storeId}': {
    body: updateStoreBody,
    status: 200,
    answer: storeSchema,
    errors: { 404: 'No such merchant or store.' },
  },
  'DELETE /merchants/{merchantId}/stores/{storeId}': { status: 204, errors: { 404: 'No such merchant or store.' } },
  'POST /merchants/{merchantId}/accounts': {
    body: addAccountBody,
    status: 201,
    answer: account,
    errors: { ...NOT_FOUND_MERCHANT, 409: 'The account number is already registered.' },
  },
  'POST /payments': {
    body: reportPaymentBody,
    status: 201,
    answer: payment,
    errors: {
      404: 'No such order or QR code.',
      409: 'The order is completed or cancelled, or a payment is already in progress.',
      422: "`qr_expired`: the QR code's 30 minutes are over.",
    },
    description:
      "Acts as the customer. A `SUCCESS` or `FAILED` payment sends the merchant's webhook before this answers.",
  },
  'GET /orders/{orderId}': { status: 200, answer: order, errors: { 404: 'No such order.' } },
  'GET /transactions/{transactionId}': { status: 200, answer: transaction, errors: { 404: 'No such transaction.' } },
  'GET /clock': { status: 200, answer: clock },
  'POST /clock': {
    body: setClockBody,
    status: 200,
    answer: clock,
    description:
      'Exactly one of `now`, `advanceMs` (a finite number >= 0) and `businessDays` (1 to 3650: the same ' +
      'time of day that many business days later). What became due settles (refunds, payouts, webhook retries).',
  },
  'POST /settle': { body: emptyBody, status: 200, answer: named(z.object({ settled: z.int() }), 'SettleResult') },
  'POST /users': { body: createUserBody, status: 201, answer: user },
  'GET /users': { status: 200, answer: z.array(userView) },
  'GET /users/{userId}': { status: 200, answer: userView, errors: { 404: 'No such user.' } },
  'GET /otp': { status: 200, answer: z.array(otpMessage) },
  'GET /webhooks': { status: 200, answer: z.array(webhook) },
  'POST /webhooks/deliver-due': {
    body: emptyBody,
    status: 200,
    answer: named(z.object({ attempted: z.int() }), 'DeliverDueResult'),
  },
  'POST /webhooks/duplicate-next': { body: emptyBody, status: 204 },
  'POST /webhooks/hold-next': { body: emptyBody, status: 204 },
  'POST /webhooks/stale-next': { body: staleNextBody, status: 204 },
  'GET /faults': { status: 200, answer: z.array(fault) },
  'POST /faults': {
    body: addFaultBody,
    status: 201,
    answer: fault,
    description:
      '`route` is `METHOD /path` of a service route, or `*`; `latency` waits ' +
      '`delayMs`, `error` answers `status`, `network` cuts the connection, ' +
      '`drop-response` cuts it after the request committed.',
  },
  'DELETE /faults': { status: 204 },
  'GET /requests': {
    status: 200,
    answer: z.union([z.array(requestEntry), z.array(receivedRequest)]),
    description:
      'Query parameters filter: `method`, `path` (without the query), ' +
      '`status` (a number, or a class such as `4xx`), `merchantId`, ' +
      '`withWarnings=true`, `afterSeq`, `limit` (the newest that many), `operation` (an operation of the ' +
      'service, `refundOrder`: its calls, each a `ReceivedRequest`; an unknown one is 400 naming the nearest).',
  },
  'DELETE /requests': { status: 204 },
  'GET /snapshot': {
    status: 200,
    answer: snapshot,
    description:
      "Without a query: the complete state, what `POST /__mock/snapshot` and `--state` load (the inspector's " +
      'Save state). Query parameter `limit` (1 to 500): a glance at the newest of each list, without `state` ' +
      '(what the inspector page at `/__mock/ui/` shows; it cannot be loaded).',
  },
  'POST /snapshot': {
    body: snapshotDocument,
    status: 200,
    answer: loadSummary,
    badRequest:
      'The document is not a state this mock can load, and nothing changed: another or no `format`, no `state` ' +
      '(a snapshot taken with `limit`), a field of the wrong type, an id used twice, a reference to a record that ' +
      'is not there, an id sequence not above the ids in use, a balance its transactions do not add up to, ' +
      'refunds over their order, a pending refund, payout or webhook without its due time. The message names ' +
      'the field (`state.balances[0].balanceMinor: ...`).',
    errors: { 413: `The state is larger than ${MAX_STATE_BYTES} bytes.` },
    description:
      "Puts the saved state in place of the mock's: its records, id sequences, clock, armed webhook switches and " +
      'faults; the request log and listeners stay. Checked whole before anything changes. `POST /__mock/reset` ' +
      'still goes back to the start (the seed, or the `--state` the server started from), not to this state.',
  },
  'GET /version': {
    status: 200,
    answer: named(
      z.object({ version: z.int() }),
      'StateVersion',
      'Moves whenever the state may have changed: with every control operation and every service request answered.',
    ),
  },
  'POST /webhooks/{webhookId}/redeliver': {
    body: emptyBody,
    status: 200,
    answer: webhook,
    errors: {
      404: 'No such webhook.',
      409: 'The webhook has no URL (its merchant had no webhookUrl): there is nothing to send.',
    },
    description: "One more attempt now, whatever the webhook's state, stamped and signed at this time.",
  },
  'GET /audit': {
    status: 200,
    answer: named(
      z.object({ problems: z.array(z.string()) }),
      'AuditResult',
      'Broken ledger invariants, recomputed from the transactions; `[]` when the books balance.',
    ),
  },
  'GET /stats': {
    status: 200,
    answer: named(
      z.object({
        records: recordCounts,
        requestLog: z.int(),
        queued: z.object({ settlements: z.int(), webhookAttempts: z.int(), expiries: z.int() }),
      }),
      'MockStats',
      'Records held per table (orders and transactions only grow unless keepRecordsSeconds forgets the finished ' +
        'ones; balances, merchants, stores, accounts and users only grow; idempotency records, reset ' +
        'sessions, expired QR codes, finished webhooks and sent codes are ' +
        'dropped by the retention rules), the request log size, and entries ' +
        'waiting in the time-ordered queues.',
    ),
    description:
      'What expired by the mock clock is dropped first, so the figures are those a request made now would see.',
  },
}

/** The documentation of each session route, keyed `METHOD /path` as `sessionRoutes()` lists them. */
const SESSION_DOCS: Readonly<Record<string, RouteDoc>> = {
  'POST /sessions': {
    body: sessionBody,
    status: 201,
    answer: session,
    badRequest:
      'A body that is not JSON, a field that is unknown or of the wrong type, a value out of range (as ' +
      '`createMockGateway` refuses it), `now`, `frozen` or `webhookUrl` beside a `state`, or a state the mock ' +
      'cannot load; the message names the field. Nothing is made.',
    errors: {
      413: `The body is larger than ${MAX_STATE_BYTES} bytes.`,
      429:
        `At a cap: the server holds \`--max-sessions\` sessions (default ${DEFAULT_SESSION_LIMITS.max}), or the ` +
        `sessions would hold more than \`--max-session-memory-mb\` (default ${DEFAULT_SESSION_LIMITS.maxMemoryMb}) ` +
        'with this one. The message names the flag to raise; `Retry-After`, when sessions expire, the seconds ' +
        'until an idle one ends.',
    },
    description:
      "Every route of the mock is then under the answer's `baseUrl`, with its own state, clock, faults, " +
      'webhooks (and their URL), request log, idempotency records and one-time codes, and its own once-a-second ' +
      'run of what fell due. It ends by `DELETE /__mock/sessions/{sessionId}` or after `--session-idle-seconds` ' +
      `(default ${DEFAULT_SESSION_LIMITS.idleSeconds}) without a request; then every route under it answers 404.`,
  },
  'GET /sessions': { status: 200, answer: sessionList },
  'DELETE /sessions/{sessionId}': {
    status: 204,
    errors: {
      404: 'No live session has this id: it ended, expired or never existed (one answer for the three).',
    },
    description: 'Every route under its base URL answers 404 from now on.',
  },
}

/**
 * An example per control route, by `METHOD /path` after the prefix: the request body sent (if any), the
 * status and the body answered.
 *
 * @example
 * ```ts
 * const examples: ControlExamples = { 'GET /clock': { status: 200, response: { now: '2026-11-02T09:00:00.000Z' } } }
 * ```
 */
export interface ControlExamples {
  [route: string]: { request?: unknown; response?: unknown; status: number }
}

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: statusErrorBodySchema } },
})

/**
 * What the HTTP server answers on any control route before the route itself: its guard (the token, the Host
 * and Origin checks) and its limits. Each is a named response, referenced by every control operation.
 */
const GUARD_AND_LIMITS = {
  401: {
    ...error(
      'The server needs the control token (given with `--control-token`, or made up and printed when it ' +
        'listens off loopback) and the request does not carry it (`Authorization: Bearer <token>` or ' +
        '`X-Mock-Token: <token>`), or carries another: the message says which (`The control API needs the ' +
        'control token` or `The control token sent was refused`), and never repeats the token sent.',
    ),
    id: 'ControlTokenMissing',
  },
  403: {
    ...error(
      "The `Host` is not the server's address, one of the machine's (when it listens on every interface), a " +
        'loopback name or an `--allow-host` name (a DNS rebinding page reaches 127.0.0.1 under its own host ' +
        "name); or the `Origin` is neither the server's own page nor an `--allow-origin`.",
    ),
    id: 'ControlHostOrOriginRefused',
  },
  413: { ...error(`The body is larger than ${MAX_BODY_BYTES} bytes.`), id: 'ControlBodyTooLarge' },
  414: {
    ...error(`The request target (path and query) is longer than ${LIMITS.maxUrlLength} characters.`),
    id: 'ControlTargetTooLong',
  },
} as const

function operation(
  key: string,
  summary: string,
  doc: RouteDoc,
  example: ControlExamples[string] | undefined,
  tag: 'Control API' | 'Sessions' = 'Control API',
): ZodOpenApiOperationObject {
  if (!example) throw new Error(`[openapi] no example for the control route ${key}`)
  if (example.status !== doc.status)
    throw new Error(`[openapi] the example of ${key} answered ${example.status}, the document says ${doc.status}`)
  const responses: ZodOpenApiOperationObject['responses'] = {
    [doc.status]: {
      description: summary,
      ...(doc.answer
        ? {
            content: {
              'application/json': {
                schema: doc.answer,
                ...(example.response === undefined ? {} : { example: example.response }),
              },
            },
          }
        : {}),
    },
    400: error(
      doc.badRequest ??
        'A body that is not JSON, a field that is missing, unknown or of the ' +
          'wrong type, or a path id that is not a positive integer; the message ' +
          'names it.',
    ),
    ...Object.fromEntries(
      Object.entries(doc.errors ?? {}).map(([status, description]) => [
        status,
        status === '429'
          ? { ...error(description), headers: z.object({ 'Retry-After': retryAfter }) }
          : error(description),
      ]),
    ),
    ...GUARD_AND_LIMITS,
    // A route with a limit of its own (loading a state) says so instead of the shared 413.
    ...(doc.errors?.[413] === undefined ? {} : { 413: error(doc.errors[413]) }),
    // Every route but the session routes is also under a session's base URL, where the session may be gone.
    ...(tag === 'Sessions'
      ? {}
      : { 404: error(doc.errors?.[404] === undefined ? SESSION_GONE : `${doc.errors[404]} ${SESSION_GONE}`) }),
  }
  const params = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  return {
    operationId: operationIdOf(key),
    tags: [tag],
    summary: summary.split(':')[0]!,
    description: `${summary[0]!.toUpperCase()}${summary.slice(1)}.${doc.description ? ` ${doc.description}` : ''}`,
    ...(tag === 'Sessions' ? { servers: [ROOT_SERVER] } : {}),
    ...(params.length
      ? { requestParams: { path: z.object(Object.fromEntries(params.map((name) => [name, pathId(name)]))) } }
      : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: false,
            content: {
              'application/json': {
                schema: doc.body,
                ...(example.request === undefined ? {} : { example: example.request }),
              },
            },
          },
        }
      : {}),
    responses,
  }
}

/** `PATCH /merchants/{merchantId}/stores/{storeId}` -> `patchMerchantsMerchantIdStoresStoreId`. */
function operationIdOf(key: string): string {
  const [method, path] = key.split(' ') as [string, string]
  const words = path.split(/[^a-zA-Z0-9]+/).filter(Boolean)
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')
}

/** The 404 every route has under a session's base URL. */
const SESSION_GONE =
  "Under a session's base URL (`/s/{sessionId}`): the session ended, expired or never existed (one answer for the " +
  'three, whatever the route).'

/** The local mock's root, where the default session and the session routes are. */
const ROOT_SERVER = { url: 'http://127.0.0.1:4010', description: 'The local mock (npm start; --port to change).' }

/** A session of the local mock: every path but the session routes is served under its base URL too. */
const SESSION_SERVER = {
  url: 'http://127.0.0.1:4010/s/{sessionId}',
  description:
    'A session of the local mock (`POST /__mock/sessions` answers its `baseUrl`): every path of this document but ' +
    "the session routes, and every path of the service's, is served under it, for that session's mock alone.",
  variables: {
    sessionId: { default: 'q3Vb0yJ8mXcA1s_7Tz2LkPwe', description: "The session's id (24 characters of base64url)." },
  },
}

const retryAfter = z.optional(z.string().check(z.regex(/^\d+$/)))
z.globalRegistry.add(retryAfter, {
  header: {
    id: 'SessionRetryAfter',
    description: 'Whole seconds until an idle session ends and frees a place (absent when sessions never expire).',
  },
})

function pathId(name: string): Schema {
  if (name === 'sessionId') {
    const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{24}$/))
    z.globalRegistry.add(id, { param: { description: "The session's id, as `POST /__mock/sessions` answered it." } })
    return id
  }
  const schema = z.string().check(z.regex(/^[1-9]\d{0,14}$/))
  z.globalRegistry.add(schema, { param: { description: `The ${name.replace(/Id$/, '')} id, a positive integer.` } })
  return schema
}

/**
 * Options of {@link buildControlDocument}: the document's version (the mock package's).
 *
 * @example
 * ```ts
 * const options: ControlDocumentOptions = { version: '0.1.0' }
 * ```
 */
export interface ControlDocumentOptions {
  version: string
}

/**
 * Adds the operations of a route table to `paths`, each from its entry of `docs` and its example; throws when a
 * route has no entry or an entry no route.
 */
function addOperations(
  paths: Record<string, Record<string, ZodOpenApiOperationObject>>,
  routes: ReadonlyArray<{ method: string; path: string; summary: string }>,
  docs: Readonly<Record<string, RouteDoc>>,
  examples: ControlExamples,
  tag: 'Control API' | 'Sessions',
): void {
  const keys = routes.map((r) => `${r.method} ${r.path.slice(CONTROL_PREFIX.length)}`)
  const undocumented = keys.filter((k) => !(k in docs))
  const stale = Object.keys(docs).filter((k) => !keys.includes(k))
  if (undocumented.length || stale.length) {
    throw new Error(
      `[openapi] ${tag === 'Sessions' ? 'session' : 'control'} routes without documentation: ` +
        `${undocumented.join(', ') || 'none'}; documented routes that do not ` +
        `exist: ${stale.join(', ') || 'none'} ` +
        `(tools/openapi/src/control/control-document.ts)`,
    )
  }
  // Operations in the conventional order of methods (get, post, patch, delete), whatever the table's order.
  const order = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options']
  const byMethod = routes
    .map((route, i) => ({ route, key: keys[i]! }))
    .sort((a, b) => order.indexOf(a.route.method.toLowerCase()) - order.indexOf(b.route.method.toLowerCase()))
  for (const { route, key } of byMethod) {
    ;(paths[route.path] ??= {})[route.method.toLowerCase()] = operation(
      key,
      route.summary,
      docs[key]!,
      examples[key],
      tag,
    )
  }
}

/**
 * Builds the control document; throws when a control route has no documentation or no example, or an
 * entry here has no route.
 *
 * @example
 * ```ts
 * const document = buildControlDocument(await collectControlExamples(), { version: '0.1.0' })
 * ```
 */
export function buildControlDocument(
  examples: ControlExamples,
  options: ControlDocumentOptions,
): ReturnType<typeof createDocument> {
  const routes = controlRoutes()
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {}
  addOperations(paths, routes, ROUTE_DOCS, examples, 'Control API')
  addOperations(paths, sessionRoutes(), SESSION_DOCS, examples, 'Sessions')
  paths[CONTROL_PREFIX] = {
    get: {
      operationId: 'controlListRoutes',
      tags: ['Control API'],
      summary: 'Every control route, one line each',
      description:
        'Every route under `/__mock` with its method, path and a one-line summary: this one, the control routes ' +
        'in the order of this document, then this document and the inspector page (`/__mock/ui/`), and at the ' +
        "server's root the session routes.",
      responses: {
        200: {
          description: 'The routes.',
          content: { 'application/json': { schema: z.array(routeLine), example: routes.slice(0, 2) } },
        },
        404: error(SESSION_GONE),
        ...GUARD_AND_LIMITS,
      },
    },
  }
  const document = (description: string) => ({
    description,
    content: { 'application/json': { schema: openApiDocument } },
  })
  paths[`${CONTROL_PREFIX}/openapi.json`] = {
    get: {
      operationId: 'controlOpenApi',
      tags: ['Documents'],
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of the control API, as generated from its route table.',
      responses: {
        200: document("The OpenAPI document of the mock's control API."),
        404: error(SESSION_GONE),
        ...GUARD_AND_LIMITS,
      },
    },
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'serviceOpenApi',
      tags: ['Documents'],
      summary: "The service's OpenAPI document",
      description:
        'The OpenAPI 3.1 document of the gateway, the PIN module and the webhook, generated from the contract. ' +
        'Not guarded: it holds no state.',
      security: [],
      responses: {
        200: document(
          'The OpenAPI document of the gateway and the PIN module (`@merchant-gateway/contract/openapi.json`).',
        ),
        404: error(SESSION_GONE),
        413: GUARD_AND_LIMITS[413],
        414: GUARD_AND_LIMITS[414],
      },
    },
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Merchant gateway mock: control API',
      version: options.version,
      description:
        'How a test, or a client in any language, acts as the outside world ' +
        "against the mock's HTTP server (`npm start`): merchants, stores, " +
        'accounts, customer payments, the clock, users, one-time codes, ' +
        'webhooks and faults. JSON bodies; an empty body counts as `{}`; ' +
        'unknown fields are refused. Refusals are the status-style body ' +
        '`{statusCode, message, error}`. The service itself is described by ' +
        '`/openapi.json`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [ROOT_SERVER, SESSION_SERVER],
    // The token is optional: a server on 127.0.0.1 has none unless given one; off loopback it always has one.
    security: [{}, { controlToken: [] }, { controlTokenHeader: [] }],
    components: {
      securitySchemes: {
        controlToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The control token, when the server has one: given with `--control-token` (8 to 200 printable ' +
            'characters, no spaces), or made up and printed in the start banner when it listens off loopback.',
        },
        controlTokenHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Mock-Token',
          description: 'The same control token, in a header of its own (for clients that set `Authorization`).',
        },
      },
    },
    tags: [
      { name: 'Control API', description: 'Acting as the outside world.' },
      {
        name: 'Sessions',
        description:
          'Many isolated mocks on one server, one per test: each under its own base URL, made, listed and ended ' +
          'at the root.',
      },
      { name: 'Documents', description: 'The OpenAPI documents the server hands out.' },
    ],
    paths,
  })
}
