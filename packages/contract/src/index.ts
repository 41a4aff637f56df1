/**
 * The service contract of the merchant payment gateway and PIN module: currencies and money
 * rules, limits, release dates, paths, header names, error codes, and zod/mini schemas of
 * every gateway request, response, error body and webhook; the records of the mock's state and the
 * versioned format a saved state is written in (`snapshot.ts`). HMAC signing lives in the
 * `@merchant-gateway/contract/crypto` subpath.
 *
 * Every top-level schema and frozen table is marked `@__PURE__`: building one has no side effect, and
 * the mark lets an app's bundler drop those the app never reads (a client that validates answers
 * carries no request or webhook schema).
 *
 * @module \@merchant-gateway/contract
 */

export { CURRENCIES, CURRENCY_DECIMALS, isCurrency } from './currency.js'
export type { Currency } from './currency.js'
export { checkAmount, formatAmount, fromMinorUnits, toMinorUnits } from './money.js'
export type { AmountCheck } from './money.js'
export { LIMITS } from './limits.js'
export { RELEASES, RELEASE_STEPS, releasePhase } from './releases.js'
export type { Release, ReleaseStep, ReleaseVersion } from './releases.js'
export { CONTRACT_ERAS, CURRENT_ERA, ERA_NAMES, eraAt, eraNamed } from './eras.js'
export type { ContractEra, DeprecatedUse, DeprecationWarning, EraName, Treatment } from './eras.js'
export {
  ANY_OPERATION_REFUSALS,
  GATEWAY_OPERATIONS,
  GATEWAY_PATHS,
  OPERATIONS,
  PIN_MESSAGES,
  PIN_OPERATIONS,
  PIN_PATHS,
  SIGNED_OPERATIONS,
} from './operations.js'
export type {
  Authentication,
  GatewayOperation,
  OperationDescription,
  OperationId,
  PinOperation,
  RefusalCode,
  RefusalCodeAt,
  Refusals,
  RequestCarrier,
  ResponseStyle,
  RetrySafety,
} from './operations.js'
export {
  EARLIER_FORMS,
  OPERATION_REQUESTS,
  OPERATION_RESPONSES,
  OPERATION_RESULTS,
  PIN_REQUESTS,
  PIN_RESPONSES,
  PIN_RESULTS,
  QUERY_BODIES,
} from './operation-schemas.js'
export type { OperationInput, OperationRequest, OperationResult } from './operation-schemas.js'
export { HEADERS, JSON_MEDIA_TYPE } from './headers.js'
export { duration, ordinal, PIN_ERROR_CODES, PIN_RULES } from './pin.js'
export type { PinErrorCode } from './pin.js'
export type { HeaderName } from './headers.js'
export { ERROR_CODES, isErrorCode } from './error-codes.js'
export { isUtcTimestamp, UTC_TIMESTAMP_FIELDS } from './timestamps.js'
export type { ErrorCode } from './error-codes.js'
export { describeIssues } from './issues.js'
export type { IssueLike, IssueSource } from './issues.js'

export {
  amountFitsCurrency,
  accountNumberField,
  amountSchema,
  currencySchema,
  decimalIdSchema,
  integerIdSchema,
  isoTimestampSchema,
  textField,
} from './schemas/amount.js'
export { envelopeSchema } from './schemas/envelope.js'
export type { Envelope } from './schemas/envelope.js'
export { listStoresResponseSchema, storeListSchema, storeSchema } from './schemas/store.js'
export {
  changePinRequestSchema,
  emailContactSchema,
  forgotPinRequestSchema,
  forgotPinResultSchema,
  otpCodeSchema,
  phoneContactSchema,
  pinEnvelopeSchema,
  pinNoDataSchema,
  pinSchema,
  resetPinRequestSchema,
  resetPinResultSchema,
  sessionIdField,
  setPinRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResultSchema,
  verifyPinRequestSchema,
} from './schemas/pin.js'
export type { ListStoresResponse, Store } from './schemas/store.js'
export { balanceResponseSchema, balanceSchema, currencyBalanceSchema } from './schemas/balance.js'
export type { Balance, BalanceResponse, CurrencyBalance } from './schemas/balance.js'
export {
  ORDER_STATUSES,
  createOrderCurrentRequestSchema,
  createOrderLegacyRequestSchema,
  createOrderRequestSchema,
  orderSchema,
} from './schemas/order.js'
export type {
  CreateOrderCurrentRequest,
  CreateOrderLegacyRequest,
  CreateOrderRequest,
  Order,
  OrderStatus,
} from './schemas/order.js'
export { generateQrRequestSchema, qrCodeSchema } from './schemas/qr.js'
export type { GenerateQrRequest, QrCode } from './schemas/qr.js'
export {
  TRANSACTION_STATUSES,
  transactionDetailBodySchema,
  transactionDetailRequestSchema,
  transactionSchema,
} from './schemas/transaction.js'
export type {
  Transaction,
  TransactionDetailBody,
  TransactionDetailRequest,
  TransactionStatus,
} from './schemas/transaction.js'
export { cancelOrderRequestSchema, cancelResultSchema } from './schemas/cancel.js'
export type { CancelOrderRequest, CancelResult } from './schemas/cancel.js'
export { EARLIER_MONEY_STATUSES, moneyMovementResultSchema } from './schemas/money-movement.js'
export type { EarlierMoneyStatus, MoneyMovementResult } from './schemas/money-movement.js'
export { documentedObject, documentedStates, statesSchema } from './schemas/documented.js'
export {
  legacyRefundRequestSchema,
  legacyRefundResultSchema,
  refundRequestSchema,
  refundResponseSchema,
  refundResultSchema,
} from './schemas/refund.js'
export type {
  LegacyRefundRequest,
  LegacyRefundResult,
  RefundRequest,
  RefundResponse,
  RefundResult,
} from './schemas/refund.js'
export {
  legacyPayoutRequestSchema,
  legacyPayoutResultSchema,
  payoutRequestSchema,
  payoutResponseSchema,
  payoutResultSchema,
} from './schemas/payout.js'
export type {
  LegacyPayoutRequest,
  LegacyPayoutResult,
  PayoutRequest,
  PayoutResponse,
  PayoutResult,
} from './schemas/payout.js'
export { STATUS_NAMES, codeErrorBodySchema, errorBodySchema, statusErrorBodySchema } from './schemas/errors.js'
export type { CodeErrorBody, ErrorBody, StatusErrorBody } from './schemas/errors.js'
export { WEBHOOK_STATUSES, webhookPayloadSchema } from './schemas/webhook.js'
export type { WebhookPayload, WebhookStatus } from './schemas/webhook.js'
export {
  accountRecordSchema,
  balanceRecordSchema,
  idempotencyRecordSchema,
  merchantRecordSchema,
  orderRecordSchema,
  otpSessionRecordSchema,
  outboxRecordSchema,
  qrRecordSchema,
  storeRecordSchema,
  transactionRecordSchema,
  userRecordSchema,
  webhookAttemptSchema,
  webhookRecordSchema,
} from './state-records.js'
export type {
  AccountRecord,
  BalanceRecord,
  IdempotencyRecord,
  MerchantRecord,
  OrderRecord,
  OtpSessionRecord,
  OutboxRecord,
  Phone,
  PinHash,
  QrRecord,
  StoreRecord,
  TransactionRecord,
  UserRecord,
  WebhookRecord,
} from './state-records.js'
export {
  MOCK_SNAPSHOT_FORMAT,
  faultRecordSchema,
  mockClockStateSchema,
  mockNextIdsSchema,
  mockSnapshotDocumentSchema,
  mockStateSchema,
  webhookSwitchesSchema,
} from './snapshot.js'
export type {
  FaultRecord,
  MockClockState,
  MockNextIds,
  MockSnapshotDocument,
  MockState,
  WebhookSwitches,
} from './snapshot.js'
