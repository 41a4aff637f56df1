/**
 * A contract-faithful, stateful, in-memory merchant payment gateway on msw.
 *
 * @module \@merchant-gateway/mock
 */
export { createMockGateway, type MockGateway } from './create-mock-gateway.js'
export type { HistoryLimit, MockGatewayOptions, ResetPinBearer, RetentionOptions, SeedMerchant } from './options.js'
export type {
  ControlApi,
  MerchantCredentials,
  MerchantView,
  MockSnapshot,
  MockStats,
  OrderView,
  OtpMessage,
  ResetSessionView,
  TransactionView,
  UserView,
  WebhookView,
} from './control/control-api.js'
export type { CreateUserInput } from './domain/users.js'
export type { ClockOptions, TimeInput } from './clock/clock.js'
export type { Fault, FaultKind, FaultSpec } from './faults/faults.js'
export type { PaymentResult, PaymentStatus, Payer, ReportPaymentInput } from './domain/payments.js'
export type { WebhookDelivery, WebhookListener } from './domain/webhooks.js'
export type { CreateMerchantInput, UpdateMerchantInput } from './domain/merchants.js'
export type { StoreInput } from './domain/stores.js'
export type { AccountInput } from './domain/payouts.js'
export type { RequestLogEntry, RequestLogFilter } from './http/request-log.js'
export { RuleError, isRuleError } from './domain/rule-error.js'
export { createMockFetch } from './http/mock-fetch.js'
export {
  createControlHandler,
  type ControlHandlerOptions,
  controlRoutes,
  isControlPath,
  CONTROL_PREFIX,
} from './control/control-routes.js'
