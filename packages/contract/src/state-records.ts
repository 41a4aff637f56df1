/**
 * @module state-records
 * The records the mock keeps, as its tables validate them and as a saved state (`snapshot.ts`) carries them:
 * merchants, stores, payout accounts, balances, orders, stand-alone QR codes, transactions, idempotency
 * records, webhooks, PIN module users, reset sessions and the one-time codes sent. Amounts are integer minor
 * units (USD cents, whole riel) so that no floating-point sum ever reaches a balance, and times are epoch
 * milliseconds on the mock clock. These are the mock's own records, not the service's wire shapes: the wire
 * shows amounts in major units and ids as the documentation spells them.
 */
import * as z from 'zod/mini'
import { currencySchema as currency } from './schemas/amount.js'

const id = /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.positive())
const minor = /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.nonnegative())
/**
 * An opening figure: what the merchant opened with plus the money of the transactions forgotten since
 * (`keepRecordsSeconds`). Below zero while a payout is forgotten before the payments that funded it.
 */
const opening = /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int())
const time = /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int())
const party = /* @__PURE__ */ z.object({
  accountName: /* @__PURE__ */ z.string(),
  accountNumber: /* @__PURE__ */ z.string(),
})

/**
 * A merchant account and its credentials.
 *
 * @example
 * ```ts
 * merchantRecordSchema.shape.removedAt.parse(null) // null while the merchant is active
 * ```
 */
export const merchantRecordSchema = /* @__PURE__ */ z.object({
  merchantId: id,
  appId: id,
  name: /* @__PURE__ */ z.string(),
  apiKey: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  apiSecret: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  webhookUrl: /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.string()),
  createdAt: time,
  /** Set when the control API removed the merchant: its data stays, its API key answers 404. */
  removedAt: /* @__PURE__ */ z.nullable(time),
})
/**
 * A merchant as the mock keeps it.
 *
 * @example
 * ```ts
 * const active = (m: MerchantRecord) => m.removedAt === null
 * ```
 */
export type MerchantRecord = z.infer<typeof merchantRecordSchema>

/**
 * A store, managed in the merchant's app; the API only lists it.
 *
 * @example
 * ```ts
 * storeRecordSchema.parse({ storeId: 101, merchantId: 1, storeName: 'Riverside', address: '1 Main St' })
 * ```
 */
export const storeRecordSchema = /* @__PURE__ */ z.object({
  storeId: id,
  merchantId: id,
  storeName: /* @__PURE__ */ z.string(),
  address: /* @__PURE__ */ z.string(),
})
/**
 * A store as the mock keeps it.
 *
 * @example
 * ```ts
 * const label = (s: StoreRecord) => `${s.storeId} ${s.storeName}`
 * ```
 */
export type StoreRecord = z.infer<typeof storeRecordSchema>

/**
 * A payout destination account known to the mock, and whether it fails at settlement.
 *
 * @example
 * ```ts
 * accountRecordSchema.parse({ merchantId: 1, accountNumber: '200300400', accountName: 'Riverside Ltd',
 *   failAtSettlement: false })
 * ```
 */
export const accountRecordSchema = /* @__PURE__ */ z.object({
  merchantId: id,
  accountNumber: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  accountName: /* @__PURE__ */ z.string(),
  failAtSettlement: /* @__PURE__ */ z.boolean(),
})
/**
 * A payout account as the mock keeps it.
 *
 * @example
 * ```ts
 * const fails = (a: AccountRecord) => a.failAtSettlement
 * ```
 */
export type AccountRecord = z.infer<typeof accountRecordSchema>

/**
 * One merchant's money in one currency, in minor units. `usable` is derived: balance - freeze.
 *
 * @example
 * ```ts
 * balanceRecordSchema.parse({ merchantId: 1, currency: 'USD', openingMinor: 100000, balanceMinor: 100000,
 *   freezeMinor: 0 })
 * ```
 */
export const balanceRecordSchema = /* @__PURE__ */ z.object({
  merchantId: id,
  currency,
  openingMinor: opening,
  balanceMinor: minor,
  freezeMinor: minor,
})
/**
 * A balance as the mock keeps it.
 *
 * @example
 * ```ts
 * const usableMinor = (b: BalanceRecord) => b.balanceMinor - b.freezeMinor
 * ```
 */
export type BalanceRecord = z.infer<typeof balanceRecordSchema>

/** The order states the service documents. */
const orderStatusSchema = /* @__PURE__ */ z.enum(['pending', 'processing', 'completed', 'cancelled'])

/**
 * A payment order with its QR code. `source: 'qr'` marks an order made when a stand-alone QR was paid.
 * `GET /__mock/orders/{orderId}` answers it with `amount` in major units instead of `amountMinor`.
 *
 * @example
 * ```ts
 * Object.keys(orderRecordSchema.shape) // ['orderId', 'merchantId', 'storeId', 'amountMinor', 'currency', ...]
 * ```
 */
export const orderRecordSchema = /* @__PURE__ */ z.object({
  orderId: id,
  merchantId: id,
  storeId: id,
  amountMinor: minor,
  currency,
  status: orderStatusSchema,
  source: /* @__PURE__ */ z.enum(['order', 'qr']),
  qrData: /* @__PURE__ */ z.string(),
  qrExpiresAt: time,
  payer: /* @__PURE__ */ z.nullable(party),
  createdAt: time,
  updatedAt: time,
  cancelledAt: /* @__PURE__ */ z.nullable(time),
  cancelReason: /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.string()),
})
/**
 * An order as the mock keeps it.
 *
 * @example
 * ```ts
 * const payable = (o: OrderRecord) => o.status === 'pending' || o.status === 'processing'
 * ```
 */
export type OrderRecord = z.infer<typeof orderRecordSchema>

/**
 * A QR code generated without an order; paying it creates its order (`orderId`, null until then).
 *
 * @example
 * ```ts
 * qrRecordSchema.shape.orderId.parse(null) // not paid yet
 * ```
 */
export const qrRecordSchema = /* @__PURE__ */ z.object({
  qrData: /* @__PURE__ */ z.string(),
  merchantId: id,
  storeId: id,
  amountMinor: minor,
  currency,
  createdAt: time,
  expiresAt: time,
  orderId: /* @__PURE__ */ z.nullable(id),
})
/**
 * A stand-alone QR code as the mock keeps it.
 *
 * @example
 * ```ts
 * const paid = (q: QrRecord) => q.orderId !== null
 * ```
 */
export type QrRecord = z.infer<typeof qrRecordSchema>

/** The transaction states the service documents. */
const transactionStatusSchema = /* @__PURE__ */ z.enum(['pending', 'completed', 'failed', 'cancelled'])

/**
 * Every movement of money is a transaction: a customer's payment of an order, a refund of an order,
 * or a payout to an account. Refunds and payouts stay `pending` until they settle (`dueAt`).
 * `GET /__mock/transactions/{transactionId}` answers it with `amount` in major units instead of `amountMinor`.
 *
 * @example
 * ```ts
 * transactionRecordSchema.shape.status.parse('pending') // 'pending'
 * ```
 */
export const transactionRecordSchema = /* @__PURE__ */ z.object({
  transactionId: id,
  merchantId: id,
  kind: /* @__PURE__ */ z.enum(['payment', 'refund', 'payout']),
  /** The order paid or refunded; 0 for a payout, which has no order. */
  orderId: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.nonnegative()),
  amountMinor: minor,
  currency,
  status: transactionStatusSchema,
  /** Payer for a payment or refund; destination for a payout. */
  accountName: /* @__PURE__ */ z.string(),
  accountNumber: /* @__PURE__ */ z.string(),
  remark: /* @__PURE__ */ z.string(),
  dueAt: /* @__PURE__ */ z.nullable(time),
  failureReason: /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.string()),
  createdAt: time,
  updatedAt: time,
})
/**
 * A transaction as the mock keeps it.
 *
 * @example
 * ```ts
 * const settling = (t: TransactionRecord) => t.kind !== 'payment' && t.status === 'pending'
 * ```
 */
export type TransactionRecord = z.infer<typeof transactionRecordSchema>

/**
 * The stored outcome of a refund or payout request, replayed for the same key within 24 h: the status and
 * the exact body answered, and the fingerprint of the request that a reuse of the key must match.
 *
 * @example
 * ```ts
 * idempotencyRecordSchema.shape.expiresAt.parse(1793696400000) // createdAt + 24 h
 * ```
 */
export const idempotencyRecordSchema = /* @__PURE__ */ z.object({
  merchantId: id,
  key: /* @__PURE__ */ z.string(),
  operation: /* @__PURE__ */ z.string(),
  fingerprint: /* @__PURE__ */ z.string(),
  status: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int()),
  body: /* @__PURE__ */ z.string(),
  createdAt: time,
  expiresAt: time,
})
/**
 * An idempotency record as the mock keeps it.
 *
 * @example
 * ```ts
 * const replays = (r: IdempotencyRecord, now: number) => r.expiresAt > now
 * ```
 */
export type IdempotencyRecord = z.infer<typeof idempotencyRecordSchema>

/**
 * One delivery attempt of a webhook: when (mock-clock epoch milliseconds), how it went, and what the
 * receiver answered or why it failed.
 *
 * @example
 * ```ts
 * webhookAttemptSchema.parse({ at: 1793610000000, outcome: 'delivered', detail: 'HTTP 200' })
 * ```
 */
export const webhookAttemptSchema = /* @__PURE__ */ z.object({
  at: time,
  outcome: /* @__PURE__ */ z.enum(['delivered', 'failed']),
  detail: /* @__PURE__ */ z.string(),
})

/**
 * A webhook the mock built and signed, with its delivery attempts.
 *
 * @example
 * ```ts
 * const [webhook] = mock.webhooks.list()
 * webhookRecordSchema.shape.payload.parse(JSON.parse(webhook.rawBody)) // { accountName: ..., status: 'SUCCESS', ... }
 * ```
 */
export const webhookRecordSchema = /* @__PURE__ */ z.object({
  id: id,
  merchantId: id,
  url: /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.string()),
  payload: /* @__PURE__ */ z.object({
    accountName: /* @__PURE__ */ z.string(),
    accountNumber: /* @__PURE__ */ z.string(),
    amount: /* @__PURE__ */ z.number(),
    appId: id,
    createTimeMilli: time,
    currency,
    orderId: id,
    status: /* @__PURE__ */ z.string(),
    transactionId: id,
  }),
  rawBody: /* @__PURE__ */ z.string(),
  /**
   * X-Signature of the latest attempt; null when the contract in force did not sign webhooks (before release 1.4.0).
   */
  signature: /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.string()),
  /**
   * `recorded`: not delivered yet (an HTTP attempt is running or scheduled, or there is no URL and no
   * listener answered); `delivered`: a 2xx answer (or a listener returned); `failed`: gave up.
   */
  status: /* @__PURE__ */ z.enum(['recorded', 'delivered', 'failed']),
  attempts: /* @__PURE__ */ z.array(webhookAttemptSchema),
  /** Mock-clock time of the next HTTP attempt; null when none is scheduled (no URL, held, in flight, or done). */
  nextAttemptAt: /* @__PURE__ */ z.nullable(time),
  /** Held back by `holdNext()` until the merchant's next webhook has had its first attempt. */
  held: /* @__PURE__ */ z.boolean(),
  /** Sent twice, byte for byte, when delivered (`duplicateNext()`). */
  duplicate: /* @__PURE__ */ z.boolean(),
  createdAt: time,
})
/**
 * A webhook as the mock keeps it.
 *
 * @example
 * ```ts
 * const retrying = (w: WebhookRecord) => w.nextAttemptAt !== null
 * ```
 */
export type WebhookRecord = z.infer<typeof webhookRecordSchema>

/** A phone number as the PIN module spells it. */
const phoneSchema = /* @__PURE__ */ z.object({
  phoneCode: /* @__PURE__ */ z.string(),
  countryCode: /* @__PURE__ */ z.string(),
  phoneNumber: /* @__PURE__ */ z.string(),
})
/**
 * A phone number as the PIN module spells it.
 *
 * @example
 * ```ts
 * const phone: Phone = { phoneCode: '855', countryCode: 'KH', phoneNumber: '12345678' }
 * ```
 */
export type Phone = z.infer<typeof phoneSchema>

/** A salted PBKDF2-SHA256 hash of a PIN; the PIN itself is never stored. */
const pinHashSchema = /* @__PURE__ */ z.object({
  salt: /* @__PURE__ */ z.string(),
  hash: /* @__PURE__ */ z.string(),
  iterations: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.positive()),
})
/**
 * A salted PBKDF2-SHA256 hash of a PIN (the salt and hash in hex).
 *
 * @example
 * ```ts
 * const strong = (h: PinHash) => h.iterations >= 10_000
 * ```
 */
export type PinHash = z.infer<typeof pinHashSchema>

/**
 * A signed-in user of the PIN module, with its access token, contacts, PIN hash and lockout state.
 *
 * @example
 * ```ts
 * userRecordSchema.shape.blockedUntil.parse(null) // not blocked
 * ```
 */
export const userRecordSchema = /* @__PURE__ */ z.object({
  userId: id,
  accessToken: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)),
  email: /* @__PURE__ */ z.nullable(/* @__PURE__ */ z.string()),
  emailVerified: /* @__PURE__ */ z.boolean(),
  phone: /* @__PURE__ */ z.nullable(phoneSchema),
  phoneVerified: /* @__PURE__ */ z.boolean(),
  pin: /* @__PURE__ */ z.nullable(pinHashSchema),
  wrongAttempts: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.nonnegative()),
  blockedUntil: /* @__PURE__ */ z.nullable(time),
  /** When forgot-pin sent this user a code, within the rate limit's window (older times are dropped). */
  resetCodesSentAt: /* @__PURE__ */ z.array(time),
  createdAt: time,
})
/**
 * A PIN module user as the mock keeps it.
 *
 * @example
 * ```ts
 * const blocked = (u: UserRecord, now: number) => u.blockedUntil !== null && now < u.blockedUntil
 * ```
 */
export type UserRecord = z.infer<typeof userRecordSchema>

/**
 * A PIN reset session: `open` after forgot-pin (a code was sent), `verified` after verify-otp (under a
 * new id), `ended` after too many wrong codes. reset-pin deletes a verified session. `codeHash` is the
 * code's salted hash as JSON (`{salt, hash, iterations}`), never the code.
 *
 * @example
 * ```ts
 * otpSessionRecordSchema.shape.state.parse('open')
 * ```
 */
export const otpSessionRecordSchema = /* @__PURE__ */ z.object({
  sessionId: /* @__PURE__ */ z.string(),
  userId: id,
  channel: /* @__PURE__ */ z.enum(['email', 'phone']),
  /** The contact the code went to, normalised (lower-case e-mail, or +<code> <number>). */
  to: /* @__PURE__ */ z.string(),
  codeHash: /* @__PURE__ */ z.string(),
  state: /* @__PURE__ */ z.enum(['open', 'verified', 'ended']),
  wrongCodes: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.int(), /* @__PURE__ */ z.nonnegative()),
  expiresAt: time,
  createdAt: time,
})
/**
 * A reset session as the mock keeps it.
 *
 * @example
 * ```ts
 * const usable = (s: OtpSessionRecord, now: number) => s.state === 'open' && now < s.expiresAt
 * ```
 */
export type OtpSessionRecord = z.infer<typeof otpSessionRecordSchema>

/**
 * A one-time code as sent: the test's mailbox.
 *
 * @example
 * ```ts
 * outboxRecordSchema.shape.code.parse('042917')
 * ```
 */
export const outboxRecordSchema = /* @__PURE__ */ z.object({
  id: id,
  userId: id,
  channel: /* @__PURE__ */ z.enum(['email', 'phone']),
  to: /* @__PURE__ */ z.string(),
  code: /* @__PURE__ */ z.string(),
  sessionId: /* @__PURE__ */ z.string(),
  sentAt: time,
})
/**
 * A one-time code sent, as the mock keeps it.
 *
 * @example
 * ```ts
 * const latest = (sent: OutboxRecord[]) => sent.at(-1)?.code
 * ```
 */
export type OutboxRecord = z.infer<typeof outboxRecordSchema>
