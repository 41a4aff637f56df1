/**
 * @module openapi-tools/gateway/gateway-document
 * The OpenAPI 3.1 document of the service (gateway, PIN module, webhook), built from the contract:
 * paths from GATEWAY_PATHS and PIN_PATHS, header names from HEADERS, limits from LIMITS, release dates
 * from RELEASES, error codes from ERROR_CODES and PIN_ERROR_CODES, and every body from the contract's
 * zod/mini schemas (through zod-openapi). Examples come in from outside (the mock's own answers) and
 * are checked against their schemas here.
 *
 * What OpenAPI cannot say about the release timeline is said in words: the earlier request forms are
 * alternatives marked `deprecated` (a `oneOf` body, an alternative security requirement, deprecated
 * header parameters) with their dates in the descriptions.
 */
import {
  balanceResponseSchema,
  cancelOrderRequestSchema,
  cancelResultSchema,
  codeErrorBodySchema,
  createOrderCurrentRequestSchema,
  createOrderLegacyRequestSchema,
  ERROR_CODES,
  errorBodySchema,
  GATEWAY_PATHS,
  generateQrRequestSchema,
  HEADERS,
  LIMITS,
  legacyPayoutRequestSchema,
  legacyPayoutResultSchema,
  legacyRefundRequestSchema,
  legacyRefundResultSchema,
  listStoresResponseSchema,
  orderSchema,
  PIN_PATHS,
  payoutRequestSchema,
  payoutResponseSchema,
  qrCodeSchema,
  refundRequestSchema,
  refundResponseSchema,
  statusErrorBodySchema,
  transactionDetailBodySchema,
  transactionDetailRequestSchema,
  transactionSchema,
  webhookPayloadSchema,
} from '@merchant-gateway/contract'
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from 'zod-openapi'
import * as z from 'zod/mini'
import type { DocumentExamples, NamedExamples, OperationExamples } from './examples.js'
import {
  changePinRequestSchema,
  changePinResponseSchema,
  forgotPinRequestSchema,
  forgotPinResponseSchema,
  pinErrorBodySchema,
  resetPinRequestSchema,
  resetPinResponseSchema,
  setPinRequestSchema,
  setPinResponseSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  verifyPinRequestSchema,
  verifyPinResponseSchema,
} from './pin-schemas.js'
import { oneOf, renderDocument, type Document } from './render.js'
import { day, dayBefore, LEGACY_FORM_PERIOD, R13, R14, registerContractComponents } from './schema-metadata.js'

type Schema = z.core.$ZodType
type Auth = 'standard' | 'signed' | 'bearer' | 'bearer-optional'

/** One documented refusal of an operation. */
interface ErrorSpec {
  schema: Schema
  description: string
}

/** One operation, before rendering. */
interface OperationSpec {
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

const codes = (...list: Array<keyof typeof ERROR_CODES>): string => list.map((c) => `\`${ERROR_CODES[c]}\``).join(', ')

// --- Shared refusals of the gateway -----------------------------------------------------------------

const BAD_REQUEST: ErrorSpec = {
  schema: statusErrorBodySchema,
  description:
    `A missing or malformed header (\`${HEADERS.apiKey}\`), a body that is ` +
    `not a JSON object, or a field that is missing, of the wrong type or ` +
    `out of range; the message names the field. Status-style body.`,
}
const BAD_SIGNED_REQUEST: ErrorSpec = {
  schema: errorBodySchema,
  description:
    `Status-style: a missing or malformed header (\`${HEADERS.apiKey}\`, ` +
    `\`${HEADERS.timestamp}\`, \`${HEADERS.signature}\`), or a body field ` +
    `that is missing, of the wrong type or out of range. Code-style: ${codes('missing_idempotent_key')} ` +
    `(no \`${HEADERS.idempotentKey}\`, from ${day(R13.rejection)}), ${codes('invalid_idempotent_key')} ` +
    `(empty or longer than ${LIMITS.idempotencyKeyMaxLength} characters).`,
}
const UNAUTHORIZED: ErrorSpec = {
  schema: errorBodySchema,
  description:
    `Status-style: \`${HEADERS.apiKey}\` unknown. Code-style ` +
    `${codes('invalid_authentication')}: an obsolete header ` +
    `(\`${HEADERS.appId}\`, or \`${HEADERS.timestamp}\` on this endpoint) ` +
    `from ${day(R14.rejection)}.`,
}
const UNAUTHORIZED_SIGNED: ErrorSpec = {
  schema: errorBodySchema,
  description:
    `Status-style: \`${HEADERS.apiKey}\` unknown. Code-style: ${codes('invalid_authentication')} ` +
    `(\`${HEADERS.appId}\` from ${day(R14.rejection)}), ${codes('invalid_timestamp')} ` +
    `(more than ${LIMITS.signatureToleranceSeconds} s from the server's ` +
    `clock), ${codes('invalid_signature')}.`,
}
const TOO_LARGE: ErrorSpec = {
  schema: statusErrorBodySchema,
  description: `The body is larger than ${LIMITS.maxBodyBytes} bytes.`,
}
const IN_FLIGHT: ErrorSpec = {
  schema: codeErrorBodySchema,
  description:
    `${codes('idempotency_key_in_use')}: the first request with this \`${HEADERS.idempotentKey}\` ` +
    `is still being processed; retry later with the same key.`,
}
const OTHER: ErrorSpec = {
  schema: statusErrorBodySchema,
  description:
    'Any other status: a failure of the service (500 and other 5xx, ' +
    'status-style), or a fault injected into the mock on purpose (`kind: ' +
    '"error"` with the status chosen).',
}

// --- Shared refusals of the PIN module --------------------------------------------------------------

const pinError = (description: string): ErrorSpec => ({ schema: pinErrorBodySchema, description })
const PIN_UNAUTHENTICATED = pinError('`unauthenticated` (no `Authorization: Bearer`), `invalid_token` (unknown token).')
const PIN_OTHER = pinError('Any other status: `injected_fault` for a fault injected into the mock on purpose.')

// --- The service's limits, which any operation can meet ------------------------------------------------

const TARGET_TOO_LONG: ErrorSpec = {
  schema: statusErrorBodySchema,
  description: `The request target (path and query) is longer than ${LIMITS.maxUrlLength} characters.`,
}
/** The refusals of the service's limits, documented on every operation (the body, the request target). */
const LIMIT_REFUSALS = { 413: TOO_LARGE, 414: TARGET_TOO_LONG }
const PIN_LIMIT_REFUSALS = {
  413: pinError(`\`payload_too_large\`: the body is larger than ${LIMITS.maxBodyBytes} bytes.`),
  414: pinError(
    `\`uri_too_long\`: the request target (path and query) is longer than ${LIMITS.maxUrlLength} characters.`,
  ),
}

// --- Request headers ---------------------------------------------------------------------------------

function header(
  id: string,
  schema: Schema,
  meta: { description: string; deprecated?: boolean; example?: string },
): Schema {
  z.globalRegistry.add(schema, { param: { id, ...meta } })
  return schema
}

const idempotentKey = header(
  'IdempotentKey',
  z.string().check(z.minLength(1), z.maxLength(LIMITS.idempotencyKeyMaxLength)),
  {
    description:
      `A unique key for this operation (UUID v4 recommended), 1 to ${LIMITS.idempotencyKeyMaxLength} ` +
      `characters. The same key within 24 hours (per merchant) returns the ` +
      `stored answer, with \`${HEADERS.idempotentReplayed}: true\`, and does ` +
      `not process twice. Required from ${day(R13.rejection)} (release ` +
      `${R13.version}); before that a request without it was processed ` +
      `without idempotency (from ${day(R13.deprecationWarning)} to ${dayBefore(R13.rejection)} ` +
      `with \`${HEADERS.deprecationWarning}\`).`,
    example: '6f1c2a8e-3c1b-4f7e-9a52-2d3b9c4e7f10',
  },
)
const signedTimestamp = header('SignedTimestamp', z.string().check(z.regex(/^\d{1,15}$/)), {
  description:
    `Unix time in seconds, decimal. Part of the signed message; at most ${LIMITS.signatureToleranceSeconds} ` +
    `s away from the server's clock (401 \`invalid_timestamp\`). The ` +
    `earlier form sent it too.`,
  example: '1793610000',
})
const legacyAppId = header('LegacyAppId', z.optional(z.string()), {
  description: `Deprecated: the application id of the earlier authentication. ${LEGACY_FORM_PERIOD}`,
  deprecated: true,
})
const legacyStandardTimestamp = header('LegacyStandardTimestamp', z.optional(z.string()), {
  description:
    `Deprecated on this endpoint: the earlier authentication sent \`${HEADERS.timestamp}\` ` +
    `here too. Accepted before ${day(R14.grace)} and until ` +
    `${dayBefore(R14.rejection)}; from ${day(R14.rejection)} sending it is ` +
    `401 \`invalid_authentication\`.`,
  deprecated: true,
})

function requestHeaders(auth: Auth) {
  if (auth === 'standard')
    return z.object({ [HEADERS.appId]: legacyAppId, [HEADERS.timestamp]: legacyStandardTimestamp })
  if (auth === 'signed')
    return z.object({
      [HEADERS.timestamp]: signedTimestamp,
      [HEADERS.idempotentKey]: idempotentKey,
      [HEADERS.appId]: legacyAppId,
    })
  return undefined
}

// --- Response headers --------------------------------------------------------------------------------

function responseHeader(id: string, schema: Schema, description: string): Schema {
  z.globalRegistry.add(schema, { header: { id, description } })
  return schema
}

const traceId = responseHeader(
  'TraceId',
  z.optional(z.string()),
  "The trace id of the request (also the envelope's `traceId` and the " +
    "code-style `request_id`). Sent by this project's mock on every answer.",
)
const deprecationWarning = responseHeader(
  'DeprecationWarning',
  z.optional(z.string()),
  `Sent while an earlier behaviour is being retired: release ${R13.version} ` +
    `(requests without \`${HEADERS.idempotentKey}\`) from ${day(R13.deprecationWarning)} ` +
    `to ${dayBefore(R13.rejection)}; release ${R14.version} (the earlier ` +
    `authentication and request forms) from ${day(R14.deprecationWarning)} ` +
    `to ${dayBefore(R14.rejection)}.`,
)
const replayed = responseHeader(
  'IdempotentReplayed',
  z.optional(z.literal('true')),
  'Present (`true`) when the answer is the stored one of an earlier request with the same `X-Idempotent-Key`.',
)

function responseHeaders(kind: 'gateway' | 'signed' | 'pin') {
  if (kind === 'pin') return z.object({ [HEADERS.traceId]: traceId })
  if (kind === 'signed')
    return z.object({
      [HEADERS.traceId]: traceId,
      [HEADERS.idempotentReplayed]: replayed,
      [HEADERS.deprecationWarning]: deprecationWarning,
    })
  return z.object({ [HEADERS.traceId]: traceId, [HEADERS.deprecationWarning]: deprecationWarning })
}

// --- Bodies ------------------------------------------------------------------------------------------

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

const GATEWAY_OPERATIONS: OperationSpec[] = [
  {
    id: 'listStores',
    method: 'post',
    path: GATEWAY_PATHS.listStores,
    tag: 'Stores and balance',
    summary: 'List stores',
    description:
      `The merchant's stores, with the \`storeId\` that create order and ` +
      `generate QR take. Store changes show at once. ${STANDARD_AUTH}`,
    auth: 'standard',
    body: { schema: noBody, required: false },
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
    id: 'balanceInquiry',
    method: 'post',
    path: GATEWAY_PATHS.balanceInquiry,
    tag: 'Stores and balance',
    summary: 'Balance inquiry',
    description:
      `USD and KHR balances: \`balance\` includes frozen funds (pending ` +
      `refunds and payouts), \`usable\` = \`balance\` - \`freeze\`. Check it ` +
      `before a payout. ${STANDARD_AUTH}`,
    auth: 'standard',
    body: { schema: noBody, required: false },
    success: { schema: balanceResponseSchema, description: 'The balances, in the envelope.' },
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: 'Merchant not found.' },
      413: TOO_LARGE,
    },
  },
  {
    id: 'createOrder',
    method: 'post',
    path: GATEWAY_PATHS.createOrder,
    tag: 'Orders',
    summary: 'Create order',
    description:
      `A payment order with its QR code; the order starts \`pending\`. Two ` +
      `request shapes are documented and both are accepted: \`storeId\` ` +
      `(number) and the earlier \`store_id\` (decimal string, deprecated). ${DOCUMENTED_SHAPE} ` +
      `${STANDARD_AUTH}`,
    auth: 'standard',
    body: { schema: createOrderBody, required: true },
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
    id: 'generateQr',
    method: 'post',
    path: GATEWAY_PATHS.generateQr,
    tag: 'Orders',
    summary: 'Generate QR',
    description:
      `A payment QR code without an order, valid for 30 minutes; paying it ` +
      `creates an order. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
    auth: 'standard',
    body: { schema: generateQrRequestSchema, required: true },
    success: { schema: qrCodeSchema, description: 'The QR code.' },
    errors: {
      400: BAD_REQUEST,
      401: UNAUTHORIZED,
      404: { schema: statusErrorBodySchema, description: "The store is unknown or not the merchant's." },
      413: TOO_LARGE,
    },
  },
  {
    id: 'transactionDetailGet',
    method: 'get',
    path: GATEWAY_PATHS.transactionDetail,
    tag: 'Transactions',
    summary: 'Transaction detail (GET)',
    description: `A payment, refund or payout transaction by its id. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
    auth: 'standard',
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
    id: 'transactionDetailPost',
    method: 'post',
    path: GATEWAY_PATHS.transactionDetail,
    tag: 'Transactions',
    summary: 'Transaction detail (POST)',
    description:
      `The same as the GET form; the id goes in the JSON body ` +
      `(\`transaction_id\`, string or number) or in the query. One of the two ` +
      `is required; both given must be the same id. ${DOCUMENTED_SHAPE} ${STANDARD_AUTH}`,
    auth: 'standard',
    query: {
      transaction_id: {
        schema: transactionDetailRequestSchema.shape.transaction_id,
        required: false,
        description: 'The transaction id, when it is not in the body.',
      },
    },
    body: { schema: transactionDetailBodySchema, required: false },
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
    id: 'cancelOrder',
    method: 'post',
    path: GATEWAY_PATHS.cancelOrder,
    tag: 'Orders',
    summary: 'Cancel order',
    description:
      `Cancels a \`pending\` or \`processing\` order; a completed order must ` +
      `be refunded instead, and a cancelled one is never reinstated. ${DOCUMENTED_SHAPE} ` +
      `${STANDARD_AUTH}`,
    auth: 'standard',
    body: { schema: cancelOrderRequestSchema, required: true },
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
    id: 'refundOrder',
    method: 'post',
    path: GATEWAY_PATHS.refundOrder,
    tag: 'Refunds and payouts',
    summary: 'Refund order',
    description:
      `Refunds a completed order, partly or fully; refunds of an order add up ` +
      `to at most its amount. The amount is held (\`freeze\`) until the ` +
      `refund settles (3-5 business days). ${SIGNED_AUTH}`,
    auth: 'signed',
    body: { schema: refundBody, required: true },
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
    id: 'payout',
    method: 'post',
    path: GATEWAY_PATHS.payout,
    tag: 'Refunds and payouts',
    summary: 'Payout',
    description:
      `Pays out to an account; the amount is held (\`freeze\`) until the ` +
      `payout settles (1-2 business days). A payout that fails (e.g. an ` +
      `invalid account) is reversed. ${SIGNED_AUTH}`,
    auth: 'signed',
    body: { schema: payoutBody, required: true },
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

const PIN_OPERATIONS: OperationSpec[] = [
  {
    id: 'setPin',
    method: 'post',
    path: PIN_PATHS.setPin,
    tag: 'PIN',
    summary: 'Set PIN',
    description: `Sets the user's 6-digit PIN when there is none. ${PIN_BEARER}`,
    auth: 'bearer',
    body: { schema: setPinRequestSchema, required: true },
    success: { schema: setPinResponseSchema, description: 'PIN set.' },
    errors: {
      400: pinError('`invalid_pin_format`, `invalid_request`.'),
      401: PIN_UNAUTHENTICATED,
      409: pinError('`pin_already_set`: use change-pin.'),
    },
  },
  {
    id: 'verifyPin',
    method: 'post',
    path: PIN_PATHS.verifyPin,
    tag: 'PIN',
    summary: 'Verify PIN',
    description: `Confirms the user's PIN before a sensitive action. ${PIN_BEARER}`,
    auth: 'bearer',
    body: { schema: verifyPinRequestSchema, required: true },
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
    id: 'changePin',
    method: 'post',
    path: PIN_PATHS.changePin,
    tag: 'PIN',
    summary: 'Change PIN',
    description: `Replaces the PIN; the current one must match. ${PIN_BEARER}`,
    auth: 'bearer',
    body: { schema: changePinRequestSchema, required: true },
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
    id: 'forgotPin',
    method: 'post',
    path: PIN_PATHS.forgotPin,
    tag: 'PIN reset',
    summary: 'Request a reset code',
    description:
      `Sends a one-time code to the user's verified e-mail or phone and opens ` +
      `a reset session of 10 minutes (a new request ends the earlier ` +
      `sessions). ${PIN_BEARER}`,
    auth: 'bearer',
    body: { schema: forgotPinRequestSchema, required: true },
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
    id: 'verifyOtp',
    method: 'post',
    path: PIN_PATHS.verifyOtp,
    tag: 'PIN reset',
    summary: 'Verify the reset code',
    description:
      `Checks the one-time code and answers a new \`session_id\`: the ` +
      `verified session reset-pin takes. ${PIN_BEARER}`,
    auth: 'bearer',
    body: { schema: verifyOtpRequestSchema, required: true },
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
    id: 'resetPin',
    method: 'post',
    path: PIN_PATHS.resetPin,
    tag: 'PIN reset',
    summary: 'Reset PIN',
    description:
      'Sets a new PIN with the verified session. The service accepts it on ' +
      'the session id alone, although its interface marks it as ' +
      'bearer-protected (a security finding: send the bearer token anyway; ' +
      "the mock enforces it with `resetPinBearer: 'required'`). Any bearer " +
      "token is ignored by default; with `resetPinBearer: 'owner-if-sent'` the mock refuses another user's.",
    auth: 'bearer-optional',
    body: { schema: resetPinRequestSchema, required: true },
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

/** Every operation id of the document, in order. */
export const GATEWAY_OPERATION_IDS: readonly string[] = [...GATEWAY_OPERATIONS, ...PIN_OPERATIONS].map((op) => op.id)

// --- Rendering ---------------------------------------------------------------------------------------

function security(auth: Auth): Array<Record<string, string[]>> {
  switch (auth) {
    case 'standard':
      return [{ ApiKey: [] }]
    case 'signed':
      return [
        { ApiKey: [], RequestSignature: [] },
        { ApiKey: [], LegacyAppId: [] },
      ]
    case 'bearer':
      return [{ BearerAuth: [] }]
    case 'bearer-optional':
      return [{}, { BearerAuth: [] }]
  }
}

function checkExamples(where: string, schema: Schema, examples: NamedExamples | undefined): NamedExamples | undefined {
  if (!examples) return undefined
  for (const [name, example] of Object.entries(examples)) {
    const parsed = z.safeParse(schema, example.value)
    if (!parsed.success) {
      throw new Error(
        `[openapi] example "${name}" of ${where} does not match its schema: ` +
          `${JSON.stringify(parsed.error.issues)}\n${JSON.stringify(example.value)}`,
      )
    }
  }
  return examples
}

function renderOperation(op: OperationSpec, examples: OperationExamples | undefined): ZodOpenApiOperationObject {
  if (!examples) throw new Error(`[openapi] no examples for ${op.id}: the example collector must cover every operation`)
  const kind = op.auth === 'signed' ? 'signed' : op.auth.startsWith('bearer') ? 'pin' : 'gateway'
  const headers = requestHeaders(op.auth)
  const responses: ZodOpenApiOperationObject['responses'] = {
    200: {
      description: op.success.description,
      headers: responseHeaders(kind),
      content: {
        'application/json': {
          schema: op.success.schema,
          examples: checkExamples(`${op.id} 200`, op.success.schema, examples.responses['200']),
        },
      },
    } satisfies ZodOpenApiResponseObject,
  }
  const errors = { ...(kind === 'pin' ? PIN_LIMIT_REFUSALS : LIMIT_REFUSALS), ...op.errors }
  for (const [status, spec] of Object.entries(errors)) {
    responses[status as '400'] = {
      description: spec.description,
      headers: responseHeaders(kind === 'signed' && !['409', '422'].includes(status) ? 'gateway' : kind),
      content: {
        'application/json': {
          schema: spec.schema,
          examples: checkExamples(`${op.id} ${status}`, spec.schema, examples.responses[status]),
        },
      },
    }
  }
  const other = kind === 'pin' ? PIN_OTHER : OTHER
  responses.default = { description: other.description, content: { 'application/json': { schema: other.schema } } }
  for (const status of Object.keys(examples.responses)) {
    if (!(status in responses))
      throw new Error(`[openapi] ${op.id} has an example for status ${status}, which the document does not list`)
  }
  if (!examples.responses['200']) throw new Error(`[openapi] ${op.id} has no example of its success`)
  const query = Object.entries(op.query ?? {}).map(([name, param]) => queryParam(name, param, examples.query?.[name]))
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: security(op.auth),
    ...(headers ? { requestParams: { header: headers } } : {}),
    ...(query.length ? { parameters: query } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required,
            content: {
              'application/json': {
                schema: op.body.schema,
                examples: checkExamples(`${op.id} request`, op.body.schema, examples.request),
              },
            },
          },
        }
      : {}),
    responses,
  }
}

/**
 * A query parameter as an OpenAPI Parameter Object whose schema is the contract schema's component
 * (a raw object, so that the parameter's description and example do not leak into the shared schema).
 */
function queryParam(name: string, param: { schema: Schema; required: boolean; description: string }, example: unknown) {
  const id = z.globalRegistry.get(param.schema)?.id
  if (!id) throw new Error(`[openapi] the schema of query parameter ${name} has no component name`)
  return {
    in: 'query' as const,
    name,
    required: param.required,
    description: param.description,
    schema: { $ref: `#/components/schemas/${id}` },
    ...(example === undefined ? {} : { example }),
  }
}

const SERVERS: Array<{
  url: string
  description: string
  variables?: Record<string, { default: string; description: string }>
}> = [
  {
    url: '{base_url}',
    description: 'Production: the service base address the gateway gives you.',
    variables: {
      base_url: {
        default: 'https://gateway.invalid',
        description: 'The service base address (`{base_url}`), given by the gateway.',
      },
    },
  },
  {
    url: '{sandbox_base_url}',
    description: 'Sandbox: mirrors the gateway paths.',
    variables: {
      sandbox_base_url: {
        default: 'https://sandbox.gateway.invalid',
        description: 'The sandbox base address (`{sandbox_base_url}`), given by the gateway.',
      },
    },
  },
  { url: 'http://127.0.0.1:4010', description: 'The local mock (npm start).' },
]

/** The version of the document: the contract package's. */
export interface GatewayDocumentOptions {
  version: string
}

/**
 * Builds the service's OpenAPI 3.1 document from the contract and the examples.
 *
 * @example
 * ```ts
 * const document = buildGatewayDocument(await collectExamples(), { version: '0.1.0' })
 * ```
 */
export function buildGatewayDocument(examples: DocumentExamples, options: GatewayDocumentOptions): Document {
  registerContractComponents()
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {}
  for (const op of [...GATEWAY_OPERATIONS, ...PIN_OPERATIONS]) {
    paths[op.path] ??= {}
    paths[op.path]![op.method] = renderOperation(op, examples.operations[op.id])
  }
  const unknown = Object.keys(examples.operations).filter((id) => !GATEWAY_OPERATION_IDS.includes(id))
  if (unknown.length)
    throw new Error(`[openapi] examples for operations the document does not have: ${unknown.join(', ')}`)
  const webhook = examples.webhook
  if (!webhook) throw new Error('[openapi] no webhook example')
  checkExamples('the webhook', webhookPayloadSchema, { payment: webhook.payload })
  const webhookSignature = z.string().check(z.regex(/^[0-9a-f]{64}$/))
  z.globalRegistry.add(webhookSignature, {
    param: {
      description:
        'Lowercase hex HMAC-SHA256 of the raw body followed by the decimal ' +
        'string of floor(createTimeMilli / 1000), keyed with the API secret. ' +
        'Verify it over the raw bytes before parsing, in constant time.',
      example: webhook.signature,
    },
  })
  paths['/qr/{qrFile}'] = qrImageOperation()
  const ack = z.looseObject({})
  z.globalRegistry.add(ack, { description: 'Any small JSON acknowledgement; the body is ignored.' })

  return renderDocument({
    openapi: '3.1.0',
    info: {
      title: 'Merchant payment gateway and PIN service',
      version: options.version,
      summary:
        'Stores, orders, QR codes, transactions, cancel, refunds, payouts, balance, webhooks, and the PIN module.',
      description: [
        'The merchant payment gateway (USD and KHR) and the PIN module for ' +
          'signed-in users, generated from `@merchant-gateway/contract`; the ' +
          'examples are answers of the mock (`@merchant-gateway/mock`).',
        '',
        `Gateway calls are JSON over HTTP POST (transaction detail also GET). ` +
          `Standard endpoints take \`${HEADERS.apiKey}\`; refund and payout are ` +
          `signed (\`${HEADERS.timestamp}\`, \`${HEADERS.signature}\`, ` +
          `\`${HEADERS.idempotentKey}\`). Amounts are JSON numbers in major ` +
          `units: USD with at most 2 decimals, KHR whole.`,
        '',
        `Release timeline: ${R13.version} (${day(R13.grace)}) made \`${HEADERS.idempotentKey}\` ` +
          `mandatory on refund and payout (400 \`missing_idempotent_key\` from ` +
          `${day(R13.rejection)}); ${R14.version} (${day(R14.grace)}) replaced \`${HEADERS.appId}\` ` +
          `authentication by the signature and moved refund and payout to ` +
          `camelCase bodies and the envelope (the earlier forms refused from ${day(R14.rejection)} ` +
          `with 401 \`invalid_authentication\`). The earlier forms are in this ` +
          `document as deprecated alternatives.`,
        '',
        'Errors come in two bodies: status-style `{statusCode, message, error}` ' +
          'and code-style `{error: {code, message, request_id, details?, ' +
          'timestamp?}}`; the PIN module has its own (`{status_code, message, ' +
          'code, data}`).',
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: SERVERS,
    tags: [
      { name: 'Stores and balance', description: "The merchant's stores and balances." },
      { name: 'Orders', description: 'Payment orders and QR codes.' },
      { name: 'Transactions', description: 'Payments, refunds and payouts as transactions.' },
      { name: 'Refunds and payouts', description: 'Signed, idempotent money movements.' },
      { name: 'PIN', description: "The signed-in user's 6-digit PIN." },
      { name: 'PIN reset', description: 'Reset by one-time code: forgot-pin, verify-otp, reset-pin.' },
      { name: 'Webhooks', description: 'What the gateway sends to the merchant.' },
    ],
    paths,
    webhooks: {
      'payment-notification': {
        post: {
          operationId: 'paymentNotification',
          tags: ['Webhooks'],
          summary: 'Payment notification',
          description:
            "Sent to the merchant's receiver when a payment is reported (`SUCCESS`, " +
            'or `FAILED`). Verify `X-Signature` over the raw body before ' +
            'processing; deduplicate by `transactionId` and `status` (a retry is ' +
            'signed again at its own time). Any 2xx within 10 s acknowledges; ' +
            'otherwise the mock retries after 1 min, 5 min, 30 min, 2 h and 6 h.',
          security: [],
          requestParams: { header: z.object({ [HEADERS.signature]: webhookSignature }) },
          requestBody: {
            required: true,
            content: { 'application/json': { schema: webhookPayloadSchema, examples: { payment: webhook.payload } } },
          },
          responses: {
            200: { description: 'Acknowledged (any 2xx).', content: { 'application/json': { schema: ack } } },
            400: { description: 'The receiver could not read the body.' },
            401: { description: 'A missing or wrong signature: the request is not authentic.' },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey, description: 'The merchant API key.' },
        RequestSignature: {
          type: 'apiKey',
          in: 'header',
          name: HEADERS.signature,
          description:
            `Lowercase hex HMAC-SHA256 of the exact request body bytes followed by ` +
            `the \`${HEADERS.timestamp}\` value, keyed with the API secret ` +
            `(distinct from the API key, never sent). Goes with ` +
            `\`${HEADERS.timestamp}\`.`,
        },
        LegacyAppId: {
          type: 'apiKey',
          in: 'header',
          name: HEADERS.appId,
          description:
            `Deprecated: the earlier authentication of refund and payout, \`${HEADERS.appId}\` ` +
            `with \`${HEADERS.apiKey}\` and \`${HEADERS.timestamp}\`, no signature. ` +
            `${LEGACY_FORM_PERIOD}`,
        },
        BearerAuth: { type: 'http', scheme: 'bearer', description: "The signed-in user's access token (PIN module)." },
      },
    },
  })
}

/**
 * The QR code images that the `qr_code` URLs of create order and generate QR point at, as the mock serves
 * them: a client follows the URL it was given (the real service's may point elsewhere), never builds it.
 */
function qrImageOperation(): Record<string, ZodOpenApiOperationObject> {
  const qrFile = z.string().check(z.regex(/^[^/]+\.png$/))
  z.globalRegistry.add(qrFile, {
    param: { description: "The QR code's payment data, URL-encoded, followed by `.png`." },
  })
  const refusal = (description: string) => ({
    description,
    content: { 'application/json': { schema: statusErrorBodySchema } },
  })
  return {
    get: {
      operationId: 'qrImage',
      tags: ['Orders'],
      summary: 'The image of a QR code',
      description:
        'Where the `qr_code` URLs of create order and generate QR point: a PNG of the QR code of the ' +
        'payment data. No authentication (an `<img>` sends no headers); served for every QR code issued, ' +
        'expired or paid ones too. Follow the `qr_code` URL as given rather than building it.',
      security: [],
      requestParams: { path: z.object({ qrFile }) },
      responses: {
        200: {
          description: 'The PNG (cacheable for a year: the image never changes).',
          content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } },
        },
        404: refusal('Data for which no QR code was issued.'),
        413: refusal(TOO_LARGE.description),
        414: refusal(TARGET_TOO_LONG.description),
      },
    },
  }
}
