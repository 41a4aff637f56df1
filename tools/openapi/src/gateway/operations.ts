/**
 * @module openapi-tools/gateway/operations
 * The operations of the service document. What each operation is (its path and methods, authentication,
 * whether its request carries a body, the statuses of its refusals) is read off the contract's operation
 * table (`GATEWAY_OPERATIONS`, `PIN_OPERATIONS` of `@merchant-gateway/contract`); this file adds only what a
 * reader needs besides: tag, summary, description, the schemas as the document presents them (the current
 * and earlier forms as one `oneOf`, answers in their envelope) and the text of each refusal. An entry whose
 * refusals differ from the table's, or an operation of the table without an entry, stops the generation.
 * gateway-document.ts renders them (headers by authentication, the limits' refusals, examples).
 */
import {
  GATEWAY_OPERATIONS as CONTRACT_GATEWAY_OPERATIONS,
  PIN_OPERATIONS as CONTRACT_PIN_OPERATIONS,
  type OperationDescription,
  balanceResponseSchema,
  cancelOrderRequestSchema,
  cancelResultSchema,
  codeErrorBodySchema,
  createOrderCurrentRequestSchema,
  createOrderLegacyRequestSchema,
  generateQrRequestSchema,
  HEADERS,
  legacyPayoutRequestSchema,
  legacyPayoutResultSchema,
  legacyRefundRequestSchema,
  legacyRefundResultSchema,
  listStoresResponseSchema,
  orderSchema,
  payoutRequestSchema,
  payoutResponseSchema,
  qrCodeSchema,
  refundRequestSchema,
  refundResponseSchema,
  statusErrorBodySchema,
  transactionDetailBodySchema,
  transactionDetailRequestSchema,
  transactionSchema,
} from '@merchant-gateway/contract'
import * as z from 'zod/mini'
import {
  changePinRequestSchema,
  changePinResponseSchema,
  forgotPinRequestSchema,
  forgotPinResponseSchema,
  resetPinRequestSchema,
  resetPinResponseSchema,
  setPinRequestSchema,
  setPinResponseSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  verifyPinRequestSchema,
  verifyPinResponseSchema,
} from './pin-schemas.js'
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
 * How an operation authenticates: the API key alone, the signed form (with the earlier unsigned one as a
 * deprecated alternative), a bearer token, or a bearer token the service does not require.
 *
 * @example
 * ```ts
 * const auth: Auth = 'signed'
 * ```
 */
export type Auth = 'standard' | 'signed' | 'bearer' | 'bearer-optional'

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
  auth: Auth
  body?: { schema: Schema; required: boolean; description?: string }
  query?: Record<string, { schema: Schema; required: boolean; description: string }>
  success: { schema: Schema; description: string; headers?: 'signed' }
  errors: Record<string, ErrorSpec>
}

/**
 * What this file says of an operation: which one of the table (`operation`; `method` for one served on
 * several, with its own `id` in the document), and its prose and presentation.
 */
interface OperationProse extends Omit<OperationSpec, 'id' | 'method' | 'path' | 'auth' | 'body'> {
  operation: string
  method?: 'get' | 'post'
  id?: string
  body?: { schema: Schema; description?: string }
}

// --- Bodies and answers with more than one form ------------------------------------------------------

const createOrderBody = z.union([createOrderCurrentRequestSchema, createOrderLegacyRequestSchema])
z.globalRegistry.add(createOrderBody, {
  description:
    'Either shape: `storeId` (number, current) or `store_id` (decimal ' +
    'string, earlier and deprecated). When both are sent they must name the ' +
    'same store.',
})
const refundBody = oneOf(z.union([refundRequestSchema, legacyRefundRequestSchema]))
z.globalRegistry.add(refundBody, {
  description: `The current form, or the earlier one (deprecated). ${LEGACY_FORM_PERIOD}`,
})
const refundAnswer = oneOf(z.union([refundResponseSchema, legacyRefundResultSchema]))
z.globalRegistry.add(refundAnswer, {
  description: 'The envelope (current form); the bare earlier result answers a request in the earlier form.',
})
const payoutBody = oneOf(z.union([payoutRequestSchema, legacyPayoutRequestSchema]))
z.globalRegistry.add(payoutBody, {
  description: `The current form, or the earlier one (deprecated). ${LEGACY_FORM_PERIOD}`,
})
const payoutAnswer = oneOf(z.union([payoutResponseSchema, legacyPayoutResultSchema]))
z.globalRegistry.add(payoutAnswer, {
  description: 'The envelope (current form); the bare earlier result answers a request in the earlier form.',
})
const noBody = z.looseObject({})
z.globalRegistry.add(noBody, {
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
const GATEWAY_PROSE: OperationProse[] = [
  {
    operation: 'listStores',
    tag: 'Stores and balance',
    summary: 'List stores',
    description:
      `The merchant's stores, with the \`storeId\` that create order and ` +
      `generate QR take. Store changes show at once. ${STANDARD_AUTH}`,
    body: { schema: noBody },
    success: { schema: listStoresResponseSchema, description: 'The stores, in the envelope.' },
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
  {
    operation: 'balanceInquiry',
    tag: 'Stores and balance',
    summary: 'Balance inquiry',
    description:
      `USD and KHR balances: \`balance\` includes frozen funds (pending ` +
      `refunds and payouts), \`usable\` = \`balance\` - \`freeze\`. Check it ` +
      `before a payout. ${STANDARD_AUTH}`,
    body: { schema: noBody },
    success: { schema: balanceResponseSchema, description: 'The balances, in the envelope.' },
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: 'Merchant not found.' },
      413: TOO_LARGE,
    },
  },
  {
    operation: 'createOrder',
    tag: 'Orders',
    summary: 'Create order',
    description:
      `A payment order with its QR code; the order starts \`pending\`. Two ` +
      `request shapes are documented and both are accepted: \`storeId\` ` +
      `(number) and the earlier \`store_id\` (decimal string, deprecated). ${DOCUMENTED_SHAPE} ` +
      `${STANDARD_AUTH}`,
    body: { schema: createOrderBody },
    success: { schema: orderSchema, description: 'The order.' },
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
  {
    operation: 'generateQr',
    tag: 'Orders',
    summary: 'Generate QR',
    description:
      `A payment QR code without an order, valid for 30 minutes; paying it ` +
      `creates an order. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
    body: { schema: generateQrRequestSchema },
    success: { schema: qrCodeSchema, description: 'The QR code.' },
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: "The store is unknown or not the merchant's." },
      413: TOO_LARGE,
    },
  },
  {
    operation: 'transactionDetail',
    method: 'get',
    id: 'transactionDetailGet',
    tag: 'Transactions',
    summary: 'Transaction detail (GET)',
    description: `A payment, refund or payout transaction by its id. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
    query: {
      transaction_id: {
        schema: transactionDetailRequestSchema.shape.transaction_id,
        required: true,
        description: 'The transaction id, decimal digits.',
      },
    },
    success: { schema: transactionSchema, description: 'The transaction.' },
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: "The transaction is unknown or another merchant's." },
    },
  },
  {
    operation: 'transactionDetail',
    method: 'post',
    id: 'transactionDetailPost',
    tag: 'Transactions',
    summary: 'Transaction detail (POST)',
    description:
      `The same as the GET form; the id goes in the JSON body ` +
      `(\`transaction_id\`, string or number) or in the query. One of the two ` +
      `is required; both given must be the same id. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
    query: {
      transaction_id: {
        schema: transactionDetailRequestSchema.shape.transaction_id,
        required: false,
        description: 'The transaction id, when it is not in the body.',
      },
    },
    body: { schema: transactionDetailBodySchema },
    success: { schema: transactionSchema, description: 'The transaction.' },
    errors: {
      400: {
        ...BAD_REQUEST,
        description: `${BAD_REQUEST.description} No \`transaction_id\`, or different ones in the query and the body.`,
      },
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: "The transaction is unknown or another merchant's." },
      413: TOO_LARGE,
    },
  },
  {
    operation: 'cancelOrder',
    tag: 'Orders',
    summary: 'Cancel order',
    description:
      `Cancels a \`pending\` or \`processing\` order; a completed order must ` +
      `be refunded instead, and a cancelled one is never reinstated. ${DOCUMENTED_SHAPE} ` +
      `${STANDARD_AUTH}`,
    body: { schema: cancelOrderRequestSchema },
    success: { schema: cancelResultSchema, description: 'The cancelled order.' },
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
  {
    operation: 'refundOrder',
    tag: 'Refunds and payouts',
    summary: 'Refund order',
    description:
      `Refunds a completed order, partly or fully; refunds of an order add up ` +
      `to at most its amount. The amount is held (\`freeze\`) until the ` +
      `refund settles (3-5 business days). ${SIGNED_AUTH}`,
    body: { schema: refundBody },
    success: {
      schema: refundAnswer,
      description: 'The refund, in the envelope (or the earlier bare result).',
      headers: 'signed',
    },
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
  {
    operation: 'payout',
    tag: 'Refunds and payouts',
    summary: 'Payout',
    description:
      `Pays out to an account; the amount is held (\`freeze\`) until the ` +
      `payout settles (1-2 business days). A payout that fails (e.g. an ` +
      `invalid account) is reversed. ${SIGNED_AUTH}`,
    body: { schema: payoutBody },
    success: {
      schema: payoutAnswer,
      description: 'The payout, in the envelope (or the earlier bare result).',
      headers: 'signed',
    },
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
]

const PIN_BEARER = 'Requires `Authorization: Bearer <access_token>` of the signed-in user.'

/** What the document says of the PIN module's operations, in its order. */
const PIN_PROSE: OperationProse[] = [
  {
    operation: 'setPin',
    tag: 'PIN',
    summary: 'Set PIN',
    description: `Sets the user's 6-digit PIN when there is none. ${PIN_BEARER}`,
    body: { schema: setPinRequestSchema },
    success: { schema: setPinResponseSchema, description: 'PIN set.' },
    errors: {
      400: pinError('`invalid_pin_format`, `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      409: pinError('`pin_already_set`: use change-pin.'),
    },
  },
  {
    operation: 'verifyPin',
    tag: 'PIN',
    summary: 'Verify PIN',
    description: `Confirms the user's PIN before a sensitive action. ${PIN_BEARER}`,
    body: { schema: verifyPinRequestSchema },
    success: {
      schema: verifyPinResponseSchema,
      description: 'The PIN is right; the wrong-attempt counter is cleared.',
    },
    errors: {
      400: pinError('`invalid_pin_format`, `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      409: pinError('`pin_not_set`: use set-pin.'),
      422: pinError('`wrong_pin`; `data.attempts_remaining` before the block.'),
      429: pinError('`pin_locked`: blocked for 1 minute; `data.locked_until`, `data.retry_after_seconds`.'),
    },
  },
  {
    operation: 'changePin',
    tag: 'PIN',
    summary: 'Change PIN',
    description: `Replaces the PIN; the current one must match. ${PIN_BEARER}`,
    body: { schema: changePinRequestSchema },
    success: { schema: changePinResponseSchema, description: 'PIN changed.' },
    errors: {
      400: pinError('`invalid_pin_format`, `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      409: pinError('`pin_not_set`.'),
      422: pinError('`wrong_pin` (`current_pin` does not match; counts towards the block), `pin_unchanged`.'),
      429: pinError('`pin_locked`.'),
    },
  },
  {
    operation: 'forgotPin',
    tag: 'PIN reset',
    summary: 'Request a reset code',
    description:
      `Sends a one-time code to the user's verified e-mail or phone and opens ` +
      `a reset session of 10 minutes (a new request ends the earlier ` +
      `sessions). ${PIN_BEARER}`,
    body: { schema: forgotPinRequestSchema },
    success: { schema: forgotPinResponseSchema, description: 'Code sent.' },
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
  {
    operation: 'verifyOtp',
    tag: 'PIN reset',
    summary: 'Verify the reset code',
    description:
      `Checks the one-time code and answers a new \`session_id\`: the ` +
      `verified session reset-pin takes. ${PIN_BEARER}`,
    body: { schema: verifyOtpRequestSchema },
    success: { schema: verifyOtpResponseSchema, description: 'Code verified.' },
    errors: {
      400: pinError(
        '`otp_session_invalid` (unknown, expired, ended, already verified, or ' +
          "not this user's and contact's), `invalid_contact`, `invalid_request`.",
      ),
      401: PIN_UNAUTHENTICATED,
      422: pinError('`otp_invalid`; `data.attempts_remaining`; the 5th wrong code ends the session.'),
    },
  },
  {
    operation: 'resetPin',
    tag: 'PIN reset',
    summary: 'Reset PIN',
    description:
      'Sets a new PIN with the verified session. The service accepts it on ' +
      'the session id alone, although its interface marks it as ' +
      'bearer-protected (a security finding: send the bearer token anyway; ' +
      "the mock enforces it with `resetPinBearer: 'required'`). Any bearer " +
      "token is ignored by default; with `resetPinBearer: 'owner-if-sent'` the mock refuses another user's.",
    body: { schema: resetPinRequestSchema },
    success: { schema: resetPinResponseSchema, description: 'PIN reset; the session is deleted.' },
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
]

/** The document's authentication of each of the table's. */
const AUTH = { 'api-key': 'standard', signed: 'signed', bearer: 'bearer', 'reset-session': 'bearer-optional' } as const

/**
 * An operation of the document: the table's facts and this file's prose. Throws when the prose names an
 * operation or method the table lacks, or documents other refusals than the table lists (413, which any
 * operation with a body may answer, aside).
 */
function documented(prose: OperationProse, table: Readonly<Record<string, OperationDescription>>): OperationSpec {
  const op = table[prose.operation]
  if (!op) throw new Error(`[openapi] ${prose.operation} is not an operation of the contract's table`)
  const method = prose.method ?? (op.methods[0] === 'GET' ? 'get' : 'post')
  if (!op.methods.includes(method.toUpperCase() as 'GET' | 'POST'))
    throw new Error(`[openapi] ${op.id} is not served on ${method.toUpperCase()}`)
  const statuses = Object.keys(prose.errors).filter((status) => status !== '413')
  const listed = op.errors.map(String)
  if (statuses.join() !== listed.join())
    throw new Error(
      `[openapi] ${op.id}: the document describes refusals ${statuses.join(', ')}, the contract's table lists ` +
        `${listed.join(', ')}`,
    )
  const { operation: _, method: __, id, body, ...rest } = prose
  return {
    ...rest,
    id: id ?? op.id,
    method,
    path: op.path,
    auth: AUTH[op.auth],
    ...(body ? { body: { ...body, required: op.request === 'json' } } : {}),
  }
}

/** The entries of a table, each operation and method once, in the order of the prose. */
function documentedAll(prose: OperationProse[], table: Readonly<Record<string, OperationDescription>>) {
  const specs = prose.map((entry) => documented(entry, table))
  for (const op of Object.values(table)) {
    for (const method of op.methods) {
      const count = specs.filter((s) => s.path === op.path && s.method === method.toLowerCase()).length
      if (count !== 1) throw new Error(`[openapi] ${method} ${op.path} (${op.id}) has ${count} entries, not one`)
    }
  }
  return specs
}

/**
 * The gateway's operations, in the order of the document: stores and balance, orders, transactions,
 * refunds and payouts.
 *
 * @example
 * ```ts
 * GATEWAY_OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`)
 * // ['POST /api/v1/payment-gateway/stores/list', ...]
 * ```
 */
export const GATEWAY_OPERATIONS: OperationSpec[] = documentedAll(GATEWAY_PROSE, CONTRACT_GATEWAY_OPERATIONS)

/**
 * The PIN module's operations, after the gateway's: set, verify and change, then the reset by one-time code.
 *
 * @example
 * ```ts
 * PIN_OPERATIONS.filter((op) => op.auth === 'bearer-optional').map((op) => op.id) // ['resetPin']
 * ```
 */
export const PIN_OPERATIONS: OperationSpec[] = documentedAll(PIN_PROSE, CONTRACT_PIN_OPERATIONS)

/**
 * Every operation id of the document, in order (the QR code images and the webhook aside).
 *
 * @example
 * ```ts
 * GATEWAY_OPERATION_IDS[0] // 'listStores'
 * ```
 */
export const GATEWAY_OPERATION_IDS: readonly string[] = [...GATEWAY_OPERATIONS, ...PIN_OPERATIONS].map((op) => op.id)
