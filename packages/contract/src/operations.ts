/**
 * @module operations
 * Every operation of the service, described once: its path and methods, how it is authenticated, how its
 * answer is shaped, whether a retry is safe, whether it takes an idempotency key, what its request carries
 * and which refusals it documents. The SDK's per-operation specs, the mock's route table, the lists of
 * signed and money paths and the OpenAPI document's operations are derived from this table; their schemas
 * are in `operation-schemas.ts` (zod), so that this module stays free of zod for the PIN client's bundle.
 *
 * The paths are plain constants beside the table, so that a client that needs only them (the PIN client in a
 * browser) carries nothing more. Adding an operation starts here: CONTRIBUTING.md, "Adding an operation".
 */

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
   * The statuses of its documented refusals. Besides these, any operation may answer 413 (a body too large)
   * and 414 (a request target too long), and a failure of the service (5xx).
   */
  errors: readonly number[]
}

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
    listStores: {
      id: 'listStores',
      methods: ['POST'],
      path: GATEWAY_PATHS.listStores,
      auth: 'api-key',
      response: 'envelope',
      // A POST that only reads: repeating it changes nothing.
      retry: 'safe',
      idempotency: 'none',
      request: 'none',
      errors: [400, 401, 404],
    },
    balanceInquiry: {
      id: 'balanceInquiry',
      methods: ['POST'],
      path: GATEWAY_PATHS.balanceInquiry,
      auth: 'api-key',
      response: 'envelope',
      retry: 'safe',
      idempotency: 'none',
      request: 'none',
      errors: [400, 401, 404],
    },
    createOrder: {
      id: 'createOrder',
      methods: ['POST'],
      path: GATEWAY_PATHS.createOrder,
      auth: 'api-key',
      response: 'documented',
      retry: 'unsafe',
      idempotency: 'none',
      request: 'json',
      errors: [400, 401, 404],
    },
    generateQr: {
      id: 'generateQr',
      methods: ['POST'],
      path: GATEWAY_PATHS.generateQr,
      auth: 'api-key',
      response: 'documented',
      retry: 'unsafe',
      idempotency: 'none',
      request: 'json',
      errors: [400, 401, 404],
    },
    transactionDetail: {
      id: 'transactionDetail',
      // Documented as GET with a query parameter, and as POST on the same path.
      methods: ['GET', 'POST'],
      path: GATEWAY_PATHS.transactionDetail,
      auth: 'api-key',
      response: 'documented',
      retry: 'safe',
      idempotency: 'none',
      request: 'query',
      errors: [400, 401, 404],
    },
    cancelOrder: {
      id: 'cancelOrder',
      methods: ['POST'],
      path: GATEWAY_PATHS.cancelOrder,
      auth: 'api-key',
      response: 'documented',
      retry: 'unsafe',
      idempotency: 'none',
      request: 'json',
      errors: [400, 401, 404, 409],
    },
    refundOrder: {
      id: 'refundOrder',
      methods: ['POST'],
      path: GATEWAY_PATHS.refundOrder,
      auth: 'signed',
      response: 'envelope',
      retry: 'idempotent',
      idempotency: 'required',
      request: 'json',
      errors: [400, 401, 404, 409, 422],
    },
    payout: {
      id: 'payout',
      methods: ['POST'],
      path: GATEWAY_PATHS.payout,
      auth: 'signed',
      response: 'envelope',
      retry: 'idempotent',
      idempotency: 'required',
      request: 'json',
      errors: [400, 401, 404, 409, 422],
    },
  } as const satisfies Record<GatewayOperation, OperationDescription<GatewayOperation>>)
}

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
    setPin: pinOperation('setPin', PIN_PATHS.setPin, 'bearer', [400, 401, 409]),
    verifyPin: pinOperation('verifyPin', PIN_PATHS.verifyPin, 'bearer', [400, 401, 409, 422, 429]),
    changePin: pinOperation('changePin', PIN_PATHS.changePin, 'bearer', [400, 401, 409, 422, 429]),
    forgotPin: pinOperation('forgotPin', PIN_PATHS.forgotPin, 'bearer', [400, 401, 404, 422, 429]),
    verifyOtp: pinOperation('verifyOtp', PIN_PATHS.verifyOtp, 'bearer', [400, 401, 422]),
    resetPin: pinOperation('resetPin', PIN_PATHS.resetPin, 'reset-session', [400, 401]),
  } as const satisfies Record<PinOperation, OperationDescription<PinOperation>>)
}

/** A PIN module operation: POST, a JSON body, the module's envelope, never retried. */
function pinOperation<const Id extends string, const P extends string>(
  id: Id,
  path: P,
  auth: 'bearer' | 'reset-session',
  errors: readonly number[],
) {
  return {
    id,
    methods: ['POST'] as const,
    path,
    auth,
    response: 'pin-envelope' as const,
    retry: 'unsafe' as const,
    idempotency: 'none' as const,
    request: 'json' as const,
    errors,
  } satisfies OperationDescription<Id>
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
