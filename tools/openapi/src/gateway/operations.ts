/**
 * @module openapi-tools/gateway/operations
 * The operations of the service document, taken from the contract's tables: what each operation is (its path
 * and methods, authentication, whether its request carries a body, its refusals with their codes) from the
 * operation table (`GATEWAY_OPERATIONS`, `PIN_OPERATIONS`), its request body or query and its answer from the
 * schema tables keyed by the same ids (`OPERATION_REQUESTS`, `QUERY_BODIES`, `OPERATION_RESPONSES`,
 * `EARLIER_FORMS`, `PIN_REQUESTS`, `PIN_RESPONSES`). This file adds only what a reader needs besides, the
 * prose: tag, summary, description, the words of the success and of each refusal (and which body style a
 * refusal answers), and the SDK's call of the operation (the registry test calls each operation by it, and an
 * operation the example story does not cover gets its success example from it), in a record keyed by
 * operation id so that the compiler demands one per operation. A refusal whose statuses or codes differ from
 * the table's stops the generation.
 * gateway-document.ts renders them (headers by authentication, the limits' refusals, examples).
 */
import {
  type Authentication,
  EARLIER_FORMS,
  ERROR_CODES,
  GATEWAY_OPERATIONS as CONTRACT_GATEWAY_OPERATIONS,
  type GatewayOperation,
  HEADERS,
  OPERATION_REQUESTS,
  OPERATION_RESPONSES,
  type OperationDescription,
  PIN_ERROR_CODES,
  PIN_OPERATIONS as CONTRACT_PIN_OPERATIONS,
  PIN_REQUESTS,
  PIN_RESPONSES,
  type PinOperation,
  QUERY_BODIES,
  codeErrorBodySchema,
  duration,
  ordinal,
  PIN_RULES,
  statusErrorBodySchema,
} from '@merchant-gateway/contract'
import type { GatewayClient } from '@merchant-gateway/sdk'
import type { PinClient } from '@merchant-gateway/sdk/pin'
import * as z from 'zod/mini'
import { oneOf } from './render.js'
import {
  BAD_REQUEST,
  BAD_SIGNED_REQUEST,
  codes,
  IN_FLIGHT,
  PIN_UNAUTHENTICATED,
  pinError,
  TOO_LARGE,
  type ErrorSpec,
  UNAUTHORIZED,
  UNAUTHORIZED_SIGNED,
} from './refusals.js'
import { LEGACY_FORM_PERIOD } from './schema-metadata.js'

type Schema = z.core.$ZodType

/**
 * One operation, before rendering.
 *
 * @example
 * ```ts
 * const spec = GATEWAY_OPERATIONS.find((op) => op.id === 'refundOrder')
 * spec?.errors['422']?.description // '`order_not_refundable` (the order is not completed), ...'
 * ```
 */
export interface OperationSpec {
  id: string
  method: 'get' | 'post'
  path: string
  tag: string
  summary: string
  description: string
  auth: Authentication
  body?: { schema: Schema; required: boolean; description?: string }
  query?: Record<string, { schema: Schema; required: boolean; description: string }>
  success: { schema: Schema; description: string; headers?: 'signed' }
  errors: Record<string, ErrorSpec>
}

/**
 * What this file says of an operation (or of one of its methods): the words, and which body each refusal
 * answers. `query` describes each query parameter of an operation whose request is its query.
 */
interface Prose {
  tag: string
  summary: string
  description: string
  /** The words of the success. */
  success: string
  query?: Record<string, { description: string; required: boolean }>
  errors: Record<string, ErrorSpec>
}

/** The prose of an operation served on several methods: one per method, each with its own id in the document. */
type ByMethod = { byMethod: Partial<Record<'get' | 'post', Prose & { id: string }>> }

/**
 * What the day an example call runs on holds: a store of the merchant, an order of it that was paid, the
 * payment's transaction (a payout account `100200300` is on file).
 *
 * @example
 * ```ts
 * const day: ExampleDay = { storeId: 101, orderId: 1001, transactionId: 5001 }
 * ```
 */
export interface ExampleDay {
  storeId: number
  orderId: number
  transactionId: number
}

/**
 * What a PIN user's day holds along the table's order: the session of the last code asked for (or verified),
 * and the code sent.
 *
 * @example
 * ```ts
 * const state: PinDay = { sessionId: '', code: '' }
 * ```
 */
export interface PinDay {
  sessionId: string
  code: string
}

/** The SDK's call of a gateway operation on an example day. */
type GatewayCall = (gateway: GatewayClient, day: ExampleDay) => Promise<unknown>
/** The PIN client's call of a PIN operation, in the table's order (a user with e-mail `user@example.com`). */
type PinCall = (client: PinClient, day: PinDay) => Promise<unknown>

// --- Bodies and answers with more than one form: how the document presents the contract's forms ----------

/** An operation's body: its current request, with the earlier form as a deprecated alternative where it has one. */
function bodyOf(id: GatewayOperation): Schema | undefined {
  const current = OPERATION_REQUESTS[id]
  if (current === null) return NO_BODY
  const earlier = (EARLIER_FORMS as Partial<Record<GatewayOperation, { request: Schema; result: Schema }>>)[id]
  if (!earlier) return current
  const body = oneOf(z.union([current, earlier.request]))
  z.globalRegistry.add(body, {
    description: `The current form, or the earlier one (deprecated). ${LEGACY_FORM_PERIOD}`,
  })
  return body
}

/** An operation's answer: the current form's, with the earlier form's result as the answer to an earlier request. */
function answerOf(id: GatewayOperation): Schema {
  const current = OPERATION_RESPONSES[id]
  const earlier = (EARLIER_FORMS as Partial<Record<GatewayOperation, { request: Schema; result: Schema }>>)[id]
  if (!earlier) return current
  const answer = oneOf(z.union([current, earlier.result]))
  z.globalRegistry.add(answer, {
    description: 'The envelope (current form); the bare earlier result answers a request in the earlier form.',
  })
  return answer
}

const NO_BODY = z.looseObject({})
z.globalRegistry.add(NO_BODY, {
  description: 'No body is needed; an empty object (or any JSON object, ignored) may be sent.',
})

// --- Operations --------------------------------------------------------------------------------------

const STANDARD_AUTH = `Standard authentication: \`${HEADERS.apiKey}\` only.`
const SIGNED_AUTH =
  `Signed authentication: \`${HEADERS.apiKey}\`, ` +
  `\`${HEADERS.timestamp}\`, \`${HEADERS.signature}\` (HMAC-SHA256 of the ` +
  `exact body bytes followed by the \`${HEADERS.timestamp}\` value, keyed ` +
  `with the API secret, lowercase hex) and \`${HEADERS.idempotentKey}\`. ` +
  `The earlier form (\`${HEADERS.appId}\`, \`${HEADERS.apiKey}\`, ` +
  `\`${HEADERS.timestamp}\`, no signature, snake_case body, bare earlier ` +
  `result) is the deprecated alternative: ${LEGACY_FORM_PERIOD}`
const DOCUMENTED_SHAPE =
  'The answer is the documented bare body (not the envelope; the mock ' +
  'wraps it in the envelope with its option `responseStyle: "envelope"`).'

/** What the document says of the gateway's operations, in its order. */
const GATEWAY_PROSE: Record<GatewayOperation, (Prose | ByMethod) & { call: GatewayCall }> = {
  listStores: {
    call: (g) => g.stores.list(),
    tag: 'Stores and balance',
    summary: 'List stores',
    description:
      `The merchant's stores, with the \`storeId\` that create order and ` +
      `generate QR take. Store changes show at once. ${STANDARD_AUTH}`,
    success: 'The stores, in the envelope.',
    errors: {
      400: {
        ...BAD_REQUEST,
        description: `${BAD_REQUEST.description} A body that is not a JSON object is refused too.`,
      },
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: 'The merchant has no stores.' },
      413: TOO_LARGE,
    },
  },
  balanceInquiry: {
    call: (g) => g.balance.retrieve(),
    tag: 'Stores and balance',
    summary: 'Balance inquiry',
    description:
      `USD and KHR balances: \`balance\` includes frozen funds (pending ` +
      `refunds and payouts), \`usable\` = \`balance\` - \`freeze\`. Check it ` +
      `before a payout. ${STANDARD_AUTH}`,
    success: 'The balances, in the envelope.',
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: 'Merchant not found.' },
      413: TOO_LARGE,
    },
  },
  createOrder: {
    call: (g, { storeId }) => g.orders.create({ storeId, amount: 10, currency: 'USD' }),
    tag: 'Orders',
    summary: 'Create order',
    description:
      `A payment order with its QR code; the order starts \`pending\`. Two ` +
      `request shapes are documented and both are accepted: \`storeId\` ` +
      `(number) and the earlier \`store_id\` (decimal string, deprecated). ${DOCUMENTED_SHAPE} ` +
      `${STANDARD_AUTH}`,
    success: 'The order.',
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: {
        schema: statusErrorBodySchema,
        description: "The store is unknown or not the merchant's (the same answer for both).",
      },
      413: TOO_LARGE,
    },
  },
  generateQr: {
    call: (g, { storeId }) => g.qrCodes.create({ storeId, amount: 10, currency: 'USD' }),
    tag: 'Orders',
    summary: 'Generate QR',
    description:
      `A payment QR code without an order, valid for 30 minutes; paying it ` +
      `creates an order. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
    success: 'The QR code.',
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: "The store is unknown or not the merchant's." },
      413: TOO_LARGE,
    },
  },
  transactionDetail: {
    call: (g, { transactionId }) => g.transactions.retrieve(transactionId),
    byMethod: {
      get: {
        id: 'transactionDetailGet',
        tag: 'Transactions',
        summary: 'Transaction detail (GET)',
        description: `A payment, refund or payout transaction by its id. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
        query: {
          transaction_id: {
            required: true,
            description: 'The transaction id, decimal digits.',
          },
        },
        success: 'The transaction.',
        errors: {
          400: BAD_REQUEST,
          401: UNAUTHORIZED,
          404: { schema: statusErrorBodySchema, description: "The transaction is unknown or another merchant's." },
        },
      },
      post: {
        id: 'transactionDetailPost',
        tag: 'Transactions',
        summary: 'Transaction detail (POST)',
        description:
          `The same as the GET form; the id goes in the JSON body ` +
          `(\`transaction_id\`, string or number) or in the query. One of the two ` +
          `is required; both given must be the same id. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
        query: {
          transaction_id: {
            required: false,
            description: 'The transaction id, when it is not in the body.',
          },
        },
        success: 'The transaction.',
        errors: {
          400: {
            ...BAD_REQUEST,
            description:
              `${BAD_REQUEST.description} No \`transaction_id\`, or different ones in the query and ` + 'the body.',
          },
          401: UNAUTHORIZED,
          404: { schema: statusErrorBodySchema, description: "The transaction is unknown or another merchant's." },
          413: TOO_LARGE,
        },
      },
    },
  },
  cancelOrder: {
    call: async (g, { storeId }) => {
      const order = await g.orders.create({ storeId, amount: 1, currency: 'USD' })
      return g.orders.cancel({ orderId: order.order_id })
    },
    tag: 'Orders',
    summary: 'Cancel order',
    description:
      `Cancels a \`pending\` or \`processing\` order; a completed order must ` +
      `be refunded instead, and a cancelled one is never reinstated. ${DOCUMENTED_SHAPE} ` +
      `${STANDARD_AUTH}`,
    success: 'The cancelled order.',
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: "The order is unknown or another merchant's." },
      409: {
        schema: codeErrorBodySchema,
        description: `${codes('order_not_cancellable')}: the order is completed (refund it) or already cancelled.`,
      },
      413: TOO_LARGE,
    },
  },
  refundOrder: {
    call: (g, { orderId }) => g.refunds.create({ orderId, amount: 1 }),
    tag: 'Refunds and payouts',
    summary: 'Refund order',
    description:
      `Refunds a completed order, partly or fully; refunds of an order add up ` +
      `to at most its amount. The amount is held (\`freeze\`) until the ` +
      `refund settles (3-5 business days). ${SIGNED_AUTH}`,
    success: 'The refund, in the envelope (or the earlier bare result).',
    errors: {
      400: BAD_SIGNED_REQUEST,
      401: UNAUTHORIZED_SIGNED,
      404: { schema: statusErrorBodySchema, description: "The order is unknown or another merchant's." },
      409: IN_FLIGHT,
      413: TOO_LARGE,
      422: {
        schema: codeErrorBodySchema,
        description:
          `${codes('order_not_refundable')} (the order is not completed), ` +
          `${codes('refund_exceeds_remaining')}, ${codes('insufficient_funds')} ` +
          `(above the usable balance), ${codes('idempotency_key_mismatch')} (the ` +
          `key was used within 24 hours for another request).`,
      },
    },
  },
  payout: {
    call: (g) => g.payouts.create({ accountNumber: '100200300', amount: 1, currency: 'USD' }),
    tag: 'Refunds and payouts',
    summary: 'Payout',
    description:
      `Pays out to an account; the amount is held (\`freeze\`) until the ` +
      `payout settles (1-2 business days). A payout that fails (e.g. an ` +
      `invalid account) is reversed. ${SIGNED_AUTH}`,
    success: 'The payout, in the envelope (or the earlier bare result).',
    errors: {
      400: BAD_SIGNED_REQUEST,
      401: UNAUTHORIZED_SIGNED,
      404: {
        schema: statusErrorBodySchema,
        description:
          "An unknown account, where the gateway refuses it at once (the mock's " +
          'option `unknownPayoutAccount: "reject"`).',
      },
      409: IN_FLIGHT,
      413: TOO_LARGE,
      422: {
        schema: codeErrorBodySchema,
        description: `${codes('insufficient_funds')} (above the usable balance), ${codes('idempotency_key_mismatch')}.`,
      },
    },
  },
}

const PIN_BEARER = 'Requires `Authorization: Bearer <access_token>` of the signed-in user.'

/** What the document says of the PIN module's operations, in its order. */
const PIN_PROSE: Record<PinOperation, Prose & { call: PinCall }> = {
  setPin: {
    call: (p) => p.pin.set({ pin: '123456' }),
    tag: 'PIN',
    summary: 'Set PIN',
    description: `Sets the user's 6-digit PIN when there is none. ${PIN_BEARER}`,
    success: 'PIN set.',
    errors: {
      400: pinError('`invalid_pin_format`, `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      409: pinError('`pin_already_set`: use change-pin.'),
    },
  },
  verifyPin: {
    call: (p) => p.pin.verify({ pin: '123456' }),
    tag: 'PIN',
    summary: 'Verify PIN',
    description: `Confirms the user's PIN before a sensitive action. ${PIN_BEARER}`,
    success: 'The PIN is right; the wrong-attempt counter is cleared.',
    errors: {
      400: pinError('`invalid_pin_format`, `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      409: pinError('`pin_not_set`: use set-pin.'),
      422: pinError('`wrong_pin`; `data.attempts_remaining` before the block.'),
      429: pinError(
        `\`pin_locked\`: blocked for ${duration(PIN_RULES.blockSeconds)}; \`data.locked_until\`, ` +
          '`data.retry_after_seconds`.',
      ),
    },
  },
  changePin: {
    call: (p) => p.pin.change({ currentPin: '123456', newPin: '234567' }),
    tag: 'PIN',
    summary: 'Change PIN',
    description: `Replaces the PIN; the current one must match. ${PIN_BEARER}`,
    success: 'PIN changed.',
    errors: {
      400: pinError('`invalid_pin_format`, `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      409: pinError('`pin_not_set`.'),
      422: pinError('`wrong_pin` (`current_pin` does not match; counts towards the block), `pin_unchanged`.'),
      429: pinError('`pin_locked`.'),
    },
  },
  forgotPin: {
    call: (p) => p.pinReset.request({ email: 'user@example.com' }),
    tag: 'PIN reset',
    summary: 'Request a reset code',
    description:
      `Sends a one-time code to the user's verified e-mail or phone and opens ` +
      `a reset session of ${duration(PIN_RULES.otpSessionSeconds)} (a new request ends the earlier ` +
      `sessions). ${PIN_BEARER}`,
    success: 'Code sent.',
    errors: {
      400: pinError('`invalid_contact` (not exactly one well-formed contact), `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      404: pinError('`contact_not_found`: not a contact of the signed-in user.'),
      422: pinError('`contact_not_verified`.'),
      429: pinError(
        '`too_many_reset_requests`: too many codes requested in the window (5 ' +
          'in 15 minutes by default); `data.retry_after_seconds`, and the ' +
          '`Retry-After` header.',
      ),
    },
  },
  verifyOtp: {
    call: (p, s) => p.pinReset.verifyCode({ sessionId: s.sessionId, code: s.code, email: 'user@example.com' }),
    tag: 'PIN reset',
    summary: 'Verify the reset code',
    description:
      `Checks the one-time code and answers a new \`session_id\`: the ` +
      `verified session reset-pin takes. ${PIN_BEARER}`,
    success: 'Code verified.',
    errors: {
      400: pinError(
        '`otp_session_invalid` (unknown, expired, ended, already verified, or ' +
          "not this user's and contact's), `invalid_contact`, `invalid_request`.",
      ),
      401: PIN_UNAUTHENTICATED,
      422: pinError(
        `\`otp_invalid\`; \`data.attempts_remaining\`; the ${ordinal(PIN_RULES.otpMaxWrongCodes)} wrong code ends ` +
          'the session.',
      ),
    },
  },
  resetPin: {
    call: (p, s) => p.pinReset.complete({ sessionId: s.sessionId, newPin: '345678' }),
    tag: 'PIN reset',
    summary: 'Reset PIN',
    description:
      'Sets a new PIN with the verified session. The service accepts it on ' +
      'the session id alone, although its interface marks it as ' +
      'bearer-protected (a security finding: send the bearer token anyway; ' +
      "the mock enforces it with `resetPinBearer: 'required'`). Any bearer " +
      "token is ignored by default; with `resetPinBearer: 'owner-if-sent'` the mock refuses another user's.",
    success: 'PIN reset; the session is deleted.',
    errors: {
      400: pinError(
        '`reset_session_invalid` (missing, used or expired verified session; with a stricter `resetPinBearer`, ' +
          "another user's token), `invalid_pin_format`, `invalid_request`.",
      ),
      401: pinError(
        "`unauthenticated`, `invalid_token` (with `resetPinBearer: 'required'`): no bearer token, or an unknown one.",
      ),
    },
  },
}

/** The operations of a table, each method once, in the table's order: the contract's facts and the prose. */
function documentedAll<Id extends string>(
  table: Readonly<Record<Id, OperationDescription>>,
  prose: Readonly<Record<Id, Prose | ByMethod>>,
  bodies: (id: Id, method: 'get' | 'post') => Schema | undefined,
  answers: (id: Id) => Schema,
): OperationSpec[] {
  return (Object.values(table) as OperationDescription[]).flatMap((op) =>
    op.methods.map((upper) => {
      const method = upper === 'GET' ? 'get' : 'post'
      const entry: Prose | ByMethod = prose[op.id as Id]
      const words = 'byMethod' in entry ? entry.byMethod[method] : entry
      if (!words) throw new Error(`[openapi] ${op.id} has no prose for ${upper}`)
      return documented(op, method, words, bodies(op.id as Id, method), answers(op.id as Id))
    }),
  )
}

/**
 * One operation of the document. Throws when the prose documents other refusals than the table lists (413,
 * which any operation with a body may answer, aside), or names other codes at a status than the table.
 */
function documented(
  op: OperationDescription,
  method: 'get' | 'post',
  prose: Prose & { id?: string },
  body: Schema | undefined,
  answer: Schema,
): OperationSpec {
  const statuses = Object.keys(prose.errors).filter((status) => status !== '413')
  const listed = op.errors.map(String)
  if (statuses.join() !== listed.join())
    throw new Error(
      `[openapi] ${op.id}: the document describes refusals ${statuses.join(', ')}, the contract's table lists ` +
        `${listed.join(', ')}`,
    )
  for (const status of statuses) checkCodes(op, status, prose.errors[status]!.description)
  const query = op.request === 'query' ? queryOf(op, prose) : undefined
  return {
    id: prose.id ?? op.id,
    method,
    path: op.path,
    tag: prose.tag,
    summary: prose.summary,
    description: prose.description,
    auth: op.auth,
    ...(body ? { body: { schema: body, required: op.request === 'json' } } : {}),
    ...(query ? { query } : {}),
    success: { schema: answer, description: prose.success, ...(op.auth === 'signed' ? { headers: 'signed' } : {}) },
    errors: prose.errors,
  }
}

/**
 * Every code the table lists at `status` is named in the refusal's text, and no other code is; throws
 * otherwise.
 *
 * @example
 * ```ts
 * checkCodes(CONTRACT_GATEWAY_OPERATIONS.cancelOrder, '409', '`order_not_cancellable`: ...') // fine
 * ```
 */
export function checkCodes(op: OperationDescription, status: string, text: string): void {
  const known = new Set<string>([...Object.values(ERROR_CODES), ...Object.values(PIN_ERROR_CODES)])
  const named = new Set([...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!).filter((code) => known.has(code)))
  const listed = new Set<string>(op.refusals[Number(status)] ?? [])
  const differ = [...named].some((c) => !listed.has(c)) || [...listed].some((c) => !named.has(c))
  if (differ)
    throw new Error(
      `[openapi] ${op.id} ${status}: the document names codes ${[...named].join(', ') || 'none'}, the contract's ` +
        `table lists ${[...listed].join(', ') || 'none'}`,
    )
}

/** The query parameters of an operation whose request is its query: the request schema's fields, with their words. */
function queryOf(op: OperationDescription, prose: Prose): OperationSpec['query'] {
  const schema = OPERATION_REQUESTS[op.id as GatewayOperation] as z.ZodMiniObject | null
  if (!schema || !prose.query) throw new Error(`[openapi] ${op.id}: a query operation needs its query's words`)
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const words = prose.query![name]
      if (!words) throw new Error(`[openapi] ${op.id}: no words for the query parameter ${name}`)
      return [name, { schema: field as Schema, ...words }]
    }),
  )
}

/**
 * The gateway's operations, in the order of the document (the table's): stores and balance, orders,
 * transactions, refunds and payouts.
 *
 * @example
 * ```ts
 * GATEWAY_OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`)
 * // ['POST /api/v1/payment-gateway/stores/list', ...]
 * ```
 */
export const GATEWAY_OPERATIONS: OperationSpec[] = documentedAll(
  CONTRACT_GATEWAY_OPERATIONS,
  GATEWAY_PROSE,
  (id, method) =>
    CONTRACT_GATEWAY_OPERATIONS[id].request !== 'query'
      ? bodyOf(id)
      : method === 'post'
        ? QUERY_BODIES.transactionDetail
        : undefined,
  answerOf,
)

/**
 * The PIN module's operations, after the gateway's: set, verify and change, then the reset by one-time code.
 *
 * @example
 * ```ts
 * PIN_OPERATIONS.filter((op) => op.auth === 'reset-session').map((op) => op.id) // ['resetPin']
 * ```
 */
export const PIN_OPERATIONS: OperationSpec[] = documentedAll(
  CONTRACT_PIN_OPERATIONS,
  PIN_PROSE,
  (id) => PIN_REQUESTS[id],
  (id) => PIN_RESPONSES[id],
)

/**
 * Every operation id of the document, in order (the QR code images and the webhook aside).
 *
 * @example
 * ```ts
 * GATEWAY_OPERATION_IDS[0] // 'listStores'
 * ```
 */
export const GATEWAY_OPERATION_IDS: readonly string[] = [...GATEWAY_OPERATIONS, ...PIN_OPERATIONS].map((op) => op.id)

/**
 * The SDK's call of each gateway operation, from its entry: what the registry test calls each operation by,
 * and what an operation's success example is recorded from when the example story has none.
 *
 * @example
 * ```ts
 * await GATEWAY_CALLS.refundOrder(gateway, day)
 * ```
 */
export const GATEWAY_CALLS = callsOf(GATEWAY_PROSE)

/**
 * The PIN client's call of each PIN operation, in the order of a user's life with a PIN: each may read the
 * session and code the calls before it left in its `PinDay`.
 *
 * @example
 * ```ts
 * for (const call of Object.values(PIN_CALLS)) await call(client, state)
 * ```
 */
export const PIN_CALLS = callsOf(PIN_PROSE)

function callsOf<Id extends string, C>(prose: Record<Id, { call: C }>): Record<Id, C> {
  return Object.fromEntries(Object.entries<{ call: C }>(prose).map(([id, entry]) => [id, entry.call])) as Record<Id, C>
}
