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
  MockLoadSummary,
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
export type { ReceivedRequest, RequestLogEntry, RequestLogFilter } from './http/request-log.js'
export { SERVICE_OPERATIONS } from './http/request-bodies.js'
export type {
  CurrentRequestBody,
  EarlierRequestBody,
  FormAndBody,
  PinRequestBodies,
  RequestBody,
  ServiceOperation,
} from './http/request-bodies.js'
export { RuleError, isRuleError } from './domain/rule-error.js'
export { createMockFetch } from './http/mock-fetch.js'
export {
  createControlHandler,
  type ControlHandlerOptions,
  controlRoutes,
  isControlPath,
  CONTROL_PREFIX,
} from './control/control-routes.js'
// The shapes the control API takes and the records it answers with, as zod/mini schemas: for a client or a
// tool that checks or describes control requests and answers (the control API's OpenAPI document is built
// from these), without reaching into the package's files.
export {
  addAccountBody,
  addFaultBody,
  addStoreBody,
  createMerchantBody,
  createUserBody,
  emptyBody,
  reportPaymentBody,
  resetBody,
  setClockBody,
  staleNextBody,
  updateMerchantBody,
  updateStoreBody,
} from './control/control-schemas.js'
export {
  accountRecordSchema,
  orderRecordSchema,
  transactionRecordSchema,
  webhookAttemptSchema,
  webhookRecordSchema,
} from './store/records.js'
