/**
 * @module operations
 * Every operation of the service, described once: its path and methods, how it is authenticated, how its
 * answer is shaped, whether a retry is safe, whether it takes an idempotency key, what its request carries
 * and each refusal it documents (its status and codes). The SDK's transport, the mock's route table, the
 * lists of signed and money paths and the OpenAPI document's operations are derived from this table. The
 * schemas of each operation's request and answer (current and earlier forms) are in `operation-schemas.ts`,
 * keyed by the same operation ids: zod lives there, so that this module stays free of it for the PIN
 * client's bundle; `OperationRequest<Id>` and `OperationResult<Id>` link the two for every id.
 *
 * The paths are plain constants beside the table, so that a client that needs only them (the PIN client in a
 * browser) carries nothing more. Adding an operation starts here: CONTRIBUTING.md, "Adding an operation".
 */
import type { ErrorCode } from './error-codes.js'
import type { PinErrorCode } from './pin.js'

/**
 * Gateway paths by operation. All are POST; transaction detail is also served as GET with a
 * `transaction_id` query parameter.
 *
 * @example
 * ```ts
 * await fetch(new URL(GATEWAY_PATHS.createOrder, baseUrl), { method: 'POST', body })
 * ```
 */
export const GATEWAY_PATHS = {
  listStores: '/api/v1/payment-gateway/stores/list',
  balanceInquiry: '/api/v1/payment-gateway/balance-inquiry',
  createOrder: '/api/v1/payment-gateway/order/create',
  generateQr: '/api/v1/payment-gateway/payment/generate-qr',
  transactionDetail: '/api/v1/payment-gateway/payment/transaction-detail',
  cancelOrder: '/api/v1/payment-gateway/order/cancel',
  refundOrder: '/api/v1/payment-gateway/order/refund',
  payout: '/api/v1/payment-gateway/order/payout',
} as const

/**
 * PIN module paths by operation. All are POST.
 *
 * @example
 * ```ts
 * await fetch(new URL(PIN_PATHS.verifyPin, baseUrl), { method: 'POST', headers, body })
 * ```
 */
export const PIN_PATHS = {
  setPin: '/api/v1/auth/set-pin',
  verifyPin: '/api/v1/auth/verify-pin',
  changePin: '/api/v1/auth/change-pin',
  forgotPin: '/api/v1/auth/forgot-pin',
  verifyOtp: '/api/v1/auth/verify-otp',
  resetPin: '/api/v1/auth/reset-pin',
} as const

/**
 * The name of a gateway operation.
 *
 * @example
 * ```ts
 * const op: GatewayOperation = 'refundOrder'
 * ```
 */
export type GatewayOperation = keyof typeof GATEWAY_PATHS

/**
 * The name of a PIN module operation.
 *
 * @example
 * ```ts
 * const op: PinOperation = 'resetPin'
 * ```
 */
export type PinOperation = keyof typeof PIN_PATHS

/**
 * The name of any operation of the service, gateway or PIN module: the key of its entry in the operation
 * table and in the schema tables of `operation-schemas.ts`.
 *
 * @example
 * ```ts
 * const ids: OperationId[] = OPERATIONS.map((op) => op.id)
 * ```
 */
export type OperationId = GatewayOperation | PinOperation

/**
 * A code a refusal body carries: the gateway's code-style `error.code`, or the PIN module's `code`.
 *
 * @example
 * ```ts
 * const code: RefusalCode = 'insufficient_funds'
 * ```
 */
export type RefusalCode = ErrorCode | PinErrorCode

/**
 * The documented refusals of an operation, by status: the codes a refusal with that status carries; an
 * empty list for a refusal whose body has no code (the gateway's status-style bodies).
 *
 * @example
 * ```ts
 * GATEWAY_OPERATIONS.cancelOrder.refusals[409] // ['order_not_cancellable']
 * ```
 */
export type Refusals = Readonly<Partial<Record<number, readonly RefusalCode[]>>>

/**
 * How a caller proves who it is:
 * - `api-key`: `X-Api-Key` alone (the gateway's standard endpoints);
 * - `signed`: `X-Api-Key`, `X-Timestamp`, `X-Signature` (HMAC-SHA256 of the exact body and the timestamp,
 *   keyed with the API secret) and `X-Idempotent-Key` (refund, payout);
 * - `bearer`: `Authorization: Bearer <access token>` of a signed-in user (the PIN module);
 * - `reset-session`: the verified session id in the body (reset-pin; a bearer token is sent but not needed).
 *
 * @example
 * ```ts
 * const auth: Authentication = GATEWAY_OPERATIONS.refundOrder.auth // 'signed'
 * ```
 */
export type Authentication = 'api-key' | 'signed' | 'bearer' | 'reset-session'

/**
 * How a successful answer is shaped:
 * - `envelope`: `{statusCode, message, data, traceId}` (list stores, balance, refund, payout);
 * - `documented`: the documented bare body (create order, QR, transaction detail, cancel), which a service
 *   may also wrap in the envelope: clients accept both;
 * - `pin-envelope`: the PIN module's `{status_code, message, data}`.
 *
 * @example
 * ```ts
 * GATEWAY_OPERATIONS.createOrder.response // 'documented'
 * ```
 */
export type ResponseStyle = 'envelope' | 'documented' | 'pin-envelope'

/**
 * Whether a client may send an operation again when it got no answer (a network error, a timeout, a 5xx):
 * `safe` (it only reads), `idempotent` (it carries one idempotency key across attempts, so the service acts
 * once), `unsafe` (a repeat could act twice: a second order, a second cancel).
 *
 * @example
 * ```ts
 * GATEWAY_OPERATIONS.listStores.retry // 'safe': a POST that only reads
 * ```
 */
export type RetrySafety = 'safe' | 'idempotent' | 'unsafe'

/**
 * What a request of an operation carries: `none` (no body; an empty JSON object is accepted), `json` (a
 * JSON object, validated against the operation's request schema), `query` (the parameters of the query
 * string; the POST form of transaction detail may carry them in a JSON body instead).
 *
 * @example
 * ```ts
 * GATEWAY_OPERATIONS.transactionDetail.request // 'query'
 * ```
 */
export type RequestCarrier = 'none' | 'json' | 'query'

/**
 * The description of one operation.
 *
 * @example
 * ```ts
 * const { path, methods, auth } = GATEWAY_OPERATIONS.createOrder
 * // '/api/v1/payment-gateway/order/create', ['POST'], 'api-key'
 * ```
 */
export interface OperationDescription<Id extends string = string> {
  id: Id
  /** The methods it is served on; clients use the first. */
  methods: readonly ('GET' | 'POST')[]
  /** Relative to the service's base address. */
  path: string
  auth: Authentication
  response: ResponseStyle
  retry: RetrySafety
  /** `required`: every request carries `X-Idempotent-Key`, one per logical call, reused by its retries. */
  idempotency: 'required' | 'none'
  request: RequestCarrier
  /**
   * Its documented refusals: each status with the codes it comes with. Besides these, any operation may
   * answer what {@link ANY_OPERATION_REFUSALS} lists (a body or request target too long, a failure).
   */
  refusals: Refusals
  /** The statuses of its documented refusals, in order: the keys of `refusals`. */
  errors: readonly number[]
  /** The exact `message` of its success (the PIN module's envelope carries one per operation). */
  message?: string
  /**
   * A gateway operation's: the fields of its success data (inside the envelope where there is one) that the
   * service documents as ISO 8601 UTC timestamps (`UTC_TIMESTAMP_FIELDS` gathers them).
   */
  timestamps?: readonly string[]
}

/**
 * What any operation, or a request that matches none, may be answered besides its documented refusals:
 * 404 and 405 for a path or method the service does not have, 413 for a body too large, 414 for a request
 * target too long, 415 for a body that is not JSON (when the service checks the media type), and a failure
 * of the service (5xx, or a fault injected into the mock). The codes are the PIN module's (the gateway
 * answers these in the status style, without a code).
 *
 * @example
 * ```ts
 * ANY_OPERATION_REFUSALS[413] // ['payload_too_large']
 * ```
 */
export const ANY_OPERATION_REFUSALS = {
  404: ['not_found'],
  405: ['method_not_allowed'],
  413: ['payload_too_large'],
  414: ['uri_too_long'],
  415: ['unsupported_media_type'],
  500: ['internal_error', 'injected_fault'],
} as const satisfies Refusals

/** The documented refusal tables of the gateway and the PIN module, as types (for {@link RefusalCodeAt}). */
type RefusalTables =
  | (typeof GATEWAY_OPERATIONS)[GatewayOperation]['refusals']
  | (typeof PIN_OPERATIONS)[PinOperation]['refusals']
  | typeof ANY_OPERATION_REFUSALS

/**
 * The codes a refusal with one of the statuses `Status` may carry, over every operation of the table (and
 * {@link ANY_OPERATION_REFUSALS}). A refusal with a 5xx status is read as 500.
 *
 * @example
 * ```ts
 * const code: RefusalCodeAt<409> = 'order_not_cancellable'
 * ```
 */
export type RefusalCodeAt<Status extends number> = RefusalTables extends infer T
  ? T extends unknown
    ? Status extends keyof T
      ? T[Status] extends readonly (infer C)[]
        ? C
        : never
      : never
    : never
  : never

/** The statuses of a refusal table, in numeric order (a call on an identifier only). */
function statusesOf(refusals: Refusals): readonly number[] {
  return Object.keys(refusals).map(Number)
}

/** The refusals of every standard operation: a bad request, an unknown key or obsolete headers, not found. */
const STANDARD_REFUSALS = { 400: [], 401: ['invalid_authentication'], 404: [] } as const satisfies Refusals

/** The refusals of every signed operation: the idempotency key's, the signature's, not found, a key in flight. */
const SIGNED_REFUSALS = {
  400: ['missing_idempotent_key', 'invalid_idempotent_key'],
  401: ['invalid_authentication', 'invalid_signature', 'invalid_timestamp', 'replayed_signature'],
  404: [],
  409: ['idempotency_key_in_use'],
} as const satisfies Refusals

/**
 * The gateway's operations. Amounts are JSON numbers, ids integers; the answers' shapes are in
 * `operation-schemas.ts`.
 *
 * @example
 * ```ts
 * for (const op of Object.values(GATEWAY_OPERATIONS)) console.log(op.methods[0], op.path, op.auth)
 * ```
 */
export const GATEWAY_OPERATIONS = /* @__PURE__ */ gatewayOperations()

// Each table is built by a function called once, marked `@__PURE__`: its body reads the path constants, and a
// bundle that never reads the table (the PIN client's reads only the paths) drops it whole.
function gatewayOperations() {
  return Object.freeze({
    listStores: gatewayOperation('listStores', {
      methods: ['POST'],
      auth: 'api-key',
      response: 'envelope',
      // A POST that only reads: repeating it changes nothing.
      retry: 'safe',
      request: 'none',
      timestamps: [],
      refusals: STANDARD_REFUSALS,
    }),
    balanceInquiry: gatewayOperation('balanceInquiry', {
      methods: ['POST'],
      auth: 'api-key',
      response: 'envelope',
      retry: 'safe',
      request: 'none',
      timestamps: [],
      refusals: STANDARD_REFUSALS,
    }),
    createOrder: gatewayOperation('createOrder', {
      methods: ['POST'],
      auth: 'api-key',
      response: 'documented',
      retry: 'unsafe',
      request: 'json',
      timestamps: ['created_at'],
      refusals: STANDARD_REFUSALS,
    }),
    generateQr: gatewayOperation('generateQr', {
      methods: ['POST'],
      auth: 'api-key',
      response: 'documented',
      retry: 'unsafe',
      request: 'json',
      timestamps: ['expires_at'],
      refusals: STANDARD_REFUSALS,
    }),
    transactionDetail: gatewayOperation('transactionDetail', {
      // Documented as GET with a query parameter, and as POST on the same path.
      methods: ['GET', 'POST'],
      auth: 'api-key',
      response: 'documented',
      retry: 'safe',
      request: 'query',
      timestamps: ['created_at', 'updated_at'],
      refusals: STANDARD_REFUSALS,
    }),
    cancelOrder: gatewayOperation('cancelOrder', {
      methods: ['POST'],
      auth: 'api-key',
      response: 'documented',
      retry: 'unsafe',
      request: 'json',
      timestamps: ['cancelled_at'],
      refusals: { ...STANDARD_REFUSALS, 409: ['order_not_cancellable'] },
    }),
    refundOrder: gatewayOperation('refundOrder', {
      methods: ['POST'],
      auth: 'signed',
      response: 'envelope',
      retry: 'idempotent',
      request: 'json',
      timestamps: ['transactionDate'],
      refusals: {
        ...SIGNED_REFUSALS,
        422: ['order_not_refundable', 'refund_exceeds_remaining', 'insufficient_funds', 'idempotency_key_mismatch'],
      },
    }),
    payout: gatewayOperation('payout', {
      methods: ['POST'],
      auth: 'signed',
      response: 'envelope',
      retry: 'idempotent',
      request: 'json',
      timestamps: ['transactionDate'],
      refusals: { ...SIGNED_REFUSALS, 422: ['insufficient_funds', 'idempotency_key_mismatch'] },
    }),
  } as const satisfies Record<GatewayOperation, OperationDescription<GatewayOperation>>)
}

/**
 * A gateway operation: its path from {@link GATEWAY_PATHS}, an idempotency key exactly when it is signed, its
 * statuses from its refusals.
 */
function gatewayOperation<
  const Id extends GatewayOperation,
  const M extends OperationDescription['methods'],
  const A extends Authentication,
  const R extends Refusals,
>(
  id: Id,
  description: Pick<OperationDescription, 'response' | 'retry' | 'request'> & {
    methods: M
    auth: A
    refusals: R
    timestamps: readonly string[]
  },
) {
  return {
    id,
    methods: description.methods,
    path: GATEWAY_PATHS[id],
    auth: description.auth,
    response: description.response,
    retry: description.retry,
    idempotency: description.auth === 'signed' ? ('required' as const) : ('none' as const),
    request: description.request,
    refusals: description.refusals,
    errors: statusesOf(description.refusals),
    timestamps: description.timestamps,
  }
}

/** The refusals every PIN operation with a PIN in its body shares: a malformed request or PIN, no valid token. */
const PIN_REFUSALS = {
  400: ['invalid_pin_format', 'invalid_request'],
  401: ['unauthenticated', 'invalid_token'],
} as const satisfies Refusals

/**
 * The PIN module's operations, for a signed-in user. None is retried by a client: a repeated verify-pin
 * would count a wrong PIN twice.
 *
 * @example
 * ```ts
 * PIN_OPERATIONS.resetPin.auth // 'reset-session'
 * ```
 */
export const PIN_OPERATIONS = /* @__PURE__ */ pinOperations()

function pinOperations() {
  return Object.freeze({
    setPin: pinOperation('setPin', 'PIN set successfully', 'bearer', { ...PIN_REFUSALS, 409: ['pin_already_set'] }),
    // The one-time-code text, as the service documents verify-pin's answer.
    verifyPin: pinOperation('verifyPin', 'OTP verified successfully', 'bearer', {
      ...PIN_REFUSALS,
      409: ['pin_not_set'],
      422: ['wrong_pin'],
      429: ['pin_locked'],
    }),
    changePin: pinOperation('changePin', 'PIN changed successfully', 'bearer', {
      ...PIN_REFUSALS,
      409: ['pin_not_set'],
      422: ['wrong_pin', 'pin_unchanged'],
      429: ['pin_locked'],
    }),
    forgotPin: pinOperation('forgotPin', 'OTP sent successfully', 'bearer', {
      400: ['invalid_contact', 'invalid_request'],
      401: PIN_REFUSALS[401],
      404: ['contact_not_found'],
      422: ['contact_not_verified'],
      429: ['too_many_reset_requests'],
    }),
    verifyOtp: pinOperation('verifyOtp', 'OTP verified successfully', 'bearer', {
      400: ['otp_session_invalid', 'invalid_contact', 'invalid_request'],
      401: PIN_REFUSALS[401],
      422: ['otp_invalid'],
    }),
    resetPin: pinOperation('resetPin', 'PIN reset successfully', 'reset-session', {
      400: ['reset_session_invalid', 'invalid_pin_format', 'invalid_request'],
      401: PIN_REFUSALS[401],
    }),
  } as const satisfies Record<PinOperation, OperationDescription<PinOperation>>)
}

/**
 * A PIN module operation: POST, a JSON body, the module's envelope with the exact success `message` the
 * service sends, never retried.
 */
function pinOperation<const Id extends PinOperation, const M extends string, const R extends Refusals>(
  id: Id,
  message: M,
  auth: 'bearer' | 'reset-session',
  refusals: R,
) {
  return {
    id,
    message,
    methods: ['POST'] as const,
    path: PIN_PATHS[id],
    auth,
    response: 'pin-envelope' as const,
    retry: 'unsafe' as const,
    idempotency: 'none' as const,
    request: 'json' as const,
    refusals,
    errors: statusesOf(refusals),
  } satisfies OperationDescription<Id>
}

/**
 * The exact success message of each PIN module operation, read off the table. verify-pin answers with the
 * one-time-code text, as documented.
 *
 * @example
 * ```ts
 * body.message === PIN_MESSAGES.setPin // 'PIN set successfully'
 * ```
 */
export const PIN_MESSAGES = /* @__PURE__ */ messagesOf(PIN_OPERATIONS)

/** The messages of a table of PIN operations, by id. (A call on an identifier only: dropped whole when unread.) */
function messagesOf<T extends Record<string, { message: string }>>(
  table: T,
): { readonly [K in keyof T]: T[K]['message'] } {
  return Object.freeze(Object.fromEntries(Object.entries(table).map(([id, op]) => [id, op.message]))) as {
    readonly [K in keyof T]: T[K]['message']
  }
}

/**
 * Every operation of the service, gateway and PIN module.
 *
 * @example
 * ```ts
 * OPERATIONS.length // 14
 * ```
 */
export const OPERATIONS: readonly OperationDescription<GatewayOperation | PinOperation>[] = /* @__PURE__ */ allOf(
  GATEWAY_OPERATIONS,
  PIN_OPERATIONS,
)

/** The operations of several tables, in order. (A call on identifiers only: dropped whole when unread.) */
function allOf<Id extends string>(...tables: Record<string, OperationDescription<Id>>[]) {
  return Object.freeze(tables.flatMap((table) => Object.values(table)))
}

/**
 * Gateway operations of the Signed class (X-Api-Key, X-Timestamp, X-Signature, X-Idempotent-Key), read off
 * the operation table; every other gateway operation is Standard (X-Api-Key only).
 *
 * @example
 * ```ts
 * SIGNED_OPERATIONS.includes('payout') // true
 * ```
 */
export const SIGNED_OPERATIONS: readonly GatewayOperation[] = /* @__PURE__ */ signedOf(GATEWAY_OPERATIONS)

/**
 * The ids of the signed operations of a table. (A call on identifiers only, marked `@__PURE__`: a bundle
 * that never reads the list carries neither it nor the table.)
 */
function signedOf<T extends Record<string, OperationDescription>>(table: T): readonly (keyof T & string)[] {
  return Object.freeze(
    Object.values(table)
      .filter((op) => op.auth === 'signed')
      .map((op) => op.id as keyof T & string),
  )
}
