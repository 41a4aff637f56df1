/**
 * @module paths
 * The request paths of the gateway and the PIN module (the gateway's documentation, "Endpoints"), relative to
 * the service base address, and which gateway operations need a signature.
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
 * Gateway operations of the Signed class (X-Api-Key, X-Timestamp, X-Signature,
 * X-Idempotent-Key); every other gateway operation is Standard (X-Api-Key only).
 *
 * @example
 * ```ts
 * SIGNED_OPERATIONS.includes('payout') // true
 * ```
 */
export const SIGNED_OPERATIONS: readonly GatewayOperation[] = /* @__PURE__ */ Object.freeze([
  // (`@__PURE__`: a bundler may drop it from an app that never reads it.)
  'refundOrder',
  'payout',
])
