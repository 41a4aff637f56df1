/**
 * @module records
 * The shapes of the records the mock keeps. They are defined once, in the contract (`state-records.ts`), so
 * that the tables validate against the same schemas a saved state is written and checked in; this module
 * names them for the mock's own code. Amounts are integer minor units (USD cents, whole riel) so that no
 * floating-point sum ever reaches a balance; the wire converts at the edge.
 */
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
  type AccountRecord,
  type BalanceRecord,
  type IdempotencyRecord,
  type MerchantRecord,
  type OrderRecord,
  type OtpSessionRecord,
  type OutboxRecord,
  type Phone,
  type PinHash,
  type QrRecord,
  type StoreRecord,
  type TransactionRecord,
  type UserRecord,
  type WebhookRecord,
} from '@merchant-gateway/contract'
