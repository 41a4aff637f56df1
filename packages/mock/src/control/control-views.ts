/**
 * @module control-views
 * What the control API shows of the mock's records, and the one function that builds each view: a merchant
 * with its credentials, an order and a transaction in major units, a webhook with its delivery state, a PIN
 * module user, a reset session and a one-time code sent. The single-record answers (`mock.orders.get`) and the
 * lists (`mock.snapshot()`) build them here, so one record always looks the same wherever it is shown.
 */
import { fromMinorUnits } from '@merchant-gateway/contract'
import { toDelivery, type WebhookDelivery } from '../domain/webhooks.js'
import type {
  MerchantRecord,
  OrderRecord,
  OtpSessionRecord,
  OutboxRecord,
  TransactionRecord,
  UserRecord,
  WebhookRecord,
} from '../store/records.js'

/**
 * A merchant's identity and credentials, as the control API returns them.
 *
 * @example
 * ```ts
 * const { merchantId, apiKey, apiSecret }: MerchantCredentials = await mock.merchants.create({ balances: {
 *   usd: 100 } })
 * ```
 */
export interface MerchantCredentials {
  merchantId: number
  appId: number
  apiKey: string
  apiSecret: string
}

/**
 * A merchant as the control API shows it: its credentials, name, webhook URL (null: webhooks are only
 * recorded) and when it was removed (null while active).
 *
 * @example
 * ```ts
 * const merchant: MerchantView = await mock.merchants.get(merchantId)
 * merchant.removedAt // null until mock.merchants.remove(merchantId)
 * ```
 */
export interface MerchantView extends MerchantCredentials {
  name: string
  webhookUrl: string | null
  removedAt: string | null
}

/**
 * A snapshot of an order, amounts in major units.
 *
 * @example
 * ```ts
 * await mock.payments.create({ orderId, status: 'SUCCESS' })
 * const order: OrderView | undefined = mock.orders.get(orderId)
 * order?.status // 'completed'
 * ```
 */
export interface OrderView extends Omit<OrderRecord, 'amountMinor'> {
  amount: number
}

/**
 * A snapshot of a transaction, amounts in major units.
 *
 * @example
 * ```ts
 * const { transactionId } = await mock.payments.create({ orderId, status: 'SUCCESS' })
 * const tx: TransactionView | undefined = mock.transactions.get(transactionId)
 * tx?.kind // 'payment'
 * ```
 */
export interface TransactionView extends Omit<TransactionRecord, 'amountMinor'> {
  amount: number
}

/**
 * A recorded webhook with its delivery state.
 *
 * @example
 * ```ts
 * const [first] = mock.webhooks.list()
 * first?.status // 'recorded' until delivered; 'failed' once the retry schedule is used up
 * first?.attempts // one entry per HTTP attempt (or, without a webhookUrl, per listener call)
 * first?.nextAttemptAt // mock-clock ms of the scheduled retry, or null
 * ```
 */
export interface WebhookView extends WebhookDelivery {
  status: WebhookRecord['status']
  attempts: WebhookRecord['attempts']
  /** When the next HTTP attempt is due (mock clock, ms since the epoch); null when none is scheduled. */
  nextAttemptAt: number | null
  /** Held back by `holdNext()` and not yet released. */
  held: boolean
}

/**
 * A PIN module user as the control API shows it: contacts, whether a PIN is set (never the PIN or its
 * hash), the wrong-attempt counter, the block, and the reset codes sent within the rate limit's window.
 *
 * @example
 * ```ts
 * const user: UserView = await mock.users.get(userId)
 * user.hasPin // true after set-pin
 * user.blockedUntil // '2026-11-02T09:01:00.000Z' after the 5th wrong PIN, else null
 * ```
 */
export interface UserView {
  userId: number
  email: string | null
  emailVerified: boolean
  phone: { phoneCode: string; countryCode: string; phoneNumber: string } | null
  phoneVerified: boolean
  hasPin: boolean
  wrongAttempts: number
  blockedUntil: string | null
  resetCodesSentAt: string[]
  createdAt: string
}

/**
 * A reset session of the PIN module (forgot-pin) as a viewer sees it: its state, where the code went and
 * until when it works; never the code or the session id.
 *
 * @example
 * ```ts
 * const [user] = (await mock.snapshot()).users
 * user?.resetSessions // [{ state: 'open', channel: 'email', to: 'dara@example.com', expiresAt: '...' }]
 * ```
 */
export interface ResetSessionView {
  state: 'open' | 'verified' | 'ended'
  channel: 'email' | 'phone'
  to: string
  expiresAt: string
}

/**
 * A one-time code as forgot-pin sent it.
 *
 * @example
 * ```ts
 * const { code, sessionId } = mock.otp.list().at(-1)!
 * ```
 */
export interface OtpMessage {
  userId: number
  channel: 'email' | 'phone'
  to: string
  code: string
  sessionId: string
  sentAt: string
}

/**
 * A merchant's identity and credentials: what creating a merchant answers.
 *
 * @example
 * ```ts
 * const { apiKey } = credentials(merchant)
 * ```
 */
export function credentials(m: MerchantRecord): MerchantCredentials {
  return { merchantId: m.merchantId, appId: m.appId, apiKey: m.apiKey, apiSecret: m.apiSecret }
}

/**
 * The merchant as the control API shows it: credentials, name, webhook URL and removal time.
 *
 * @example
 * ```ts
 * merchantView(merchant).removedAt // null while active
 * ```
 */
export function merchantView(m: MerchantRecord): MerchantView {
  return {
    ...credentials(m),
    name: m.name,
    webhookUrl: m.webhookUrl,
    removedAt: m.removedAt === null ? null : new Date(m.removedAt).toISOString(),
  }
}

/**
 * An order in major units, its payer copied so that a caller's change cannot reach the record.
 *
 * @example
 * ```ts
 * orderView(order).amount // 12.5 for 1250 cents
 * ```
 */
export function orderView(order: OrderRecord): OrderView {
  return { ...withoutMinor(order), payer: order.payer && { ...order.payer } }
}

/**
 * A transaction (payment, refund or payout) in major units.
 *
 * @example
 * ```ts
 * transactionView(refund).status // 'pending' until it settles
 * ```
 */
export function transactionView(tx: TransactionRecord): TransactionView {
  return withoutMinor(tx)
}

/**
 * A webhook with its HTTP delivery state; the attempts are copied, as the record goes on changing.
 *
 * @example
 * ```ts
 * webhookView(record).attempts // [{ at, outcome: 'failed', detail: 'HTTP 500' }, ...]
 * ```
 */
export function webhookView(r: WebhookRecord): WebhookView {
  return {
    ...toDelivery(r),
    status: r.status,
    attempts: r.attempts.map((a) => ({ ...a })),
    nextAttemptAt: r.nextAttemptAt,
    held: r.held,
  }
}

/**
 * A PIN module user: whether a PIN is set, never the PIN or its hash; times in ISO 8601.
 *
 * @example
 * ```ts
 * userView(user).hasPin // false until set-pin
 * ```
 */
export function userView(user: UserRecord): UserView {
  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    userId: user.userId,
    email: user.email,
    emailVerified: user.emailVerified,
    phone: user.phone && { ...user.phone },
    phoneVerified: user.phoneVerified,
    hasPin: user.pin !== null,
    wrongAttempts: user.wrongAttempts,
    blockedUntil: user.blockedUntil === null ? null : iso(user.blockedUntil),
    resetCodesSentAt: user.resetCodesSentAt.map(iso),
    createdAt: iso(user.createdAt),
  }
}

/**
 * A reset session without its code or session id: only where the code went and until when it works.
 *
 * @example
 * ```ts
 * resetSessionView(session).state // 'open', then 'verified' or 'ended'
 * ```
 */
export function resetSessionView(s: OtpSessionRecord): ResetSessionView {
  return { state: s.state, channel: s.channel, to: s.to, expiresAt: new Date(s.expiresAt).toISOString() }
}

/**
 * A one-time code sent, as the test's mailbox shows it.
 *
 * @example
 * ```ts
 * otpMessage(sent).code // the code to verify with
 * ```
 */
export function otpMessage({ userId, channel, to, code, sessionId, sentAt }: OutboxRecord): OtpMessage {
  return { userId, channel, to, code, sessionId, sentAt: new Date(sentAt).toISOString() }
}

/** A record's amount in major units of its currency instead of minor units. */
function withoutMinor<T extends { amountMinor: number; currency: 'USD' | 'KHR' }>(
  record: T,
): Omit<T, 'amountMinor'> & { amount: number } {
  const { amountMinor, ...rest } = record
  return { ...rest, amount: fromMinorUnits(amountMinor, record.currency) }
}
