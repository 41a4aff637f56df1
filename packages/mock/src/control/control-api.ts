/**
 * @module control-api
 * The in-process control API: how a test acts as the outside world (the merchant's app, the customer,
 * the passing of time) and looks at the mock's state. Every state-changing call runs in the same serial
 * queue as the gateway's requests, so a test never observes half an operation. Bad input is refused
 * with a {@link RuleError} (status 4xx and a message), as the HTTP form of this API will answer.
 */
import { fromMinorUnits, type Balance, type ContractEra, type Store } from '@merchant-gateway/contract'
import { addBusinessDays } from '../clock/business-days.js'
import { CLOCK_RANGE, toEpochMs, type TimeInput } from '../clock/clock.js'
import { auditLedger } from '../domain/audit.js'
import {
  createMerchant,
  removeMerchant,
  requireMerchant,
  updateMerchant,
  type CreateMerchantInput,
  type UpdateMerchantInput,
} from '../domain/merchants.js'
import { reportPayment, type PaymentResult, type ReportPaymentInput } from '../domain/payments.js'
import { addAccount, type AccountInput } from '../domain/payouts.js'
import { RuleError } from '../domain/rule-error.js'
import { addStore, removeStore, updateStore, type StoreInput } from '../domain/stores.js'
import { createUser, type CreateUserInput } from '../domain/users.js'
import { toDelivery, type WebhookDelivery, type WebhookListener } from '../domain/webhooks.js'
import type { Fault, FaultSpec } from '../faults/faults.js'
import { eraNow } from '../domain/timeline.js'
import type { RequestLogEntry, RequestLogFilter } from '../http/request-log.js'
import type { GatewayRuntime } from '../http/runtime.js'
import { validate } from '../http/validate.js'
import {
  addAccountBody,
  addFaultBody,
  addStoreBody,
  createMerchantBody,
  createUserBody,
  reportPaymentBody,
  requestLogFilter,
  setClockBody,
  SNAPSHOT_DEFAULT_LIMIT,
  staleNextBody,
  updateMerchantBody,
  updateStoreBody,
} from './control-schemas.js'
import { balanceBody, storeBody } from '../http/wire.js'
import type { SeedMerchant } from '../options.js'
import type {
  AccountRecord,
  MerchantRecord,
  OrderRecord,
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
 * What a mock holds: the records per table, the request log and its time-ordered queues. A long-running
 * server's history and expired records stay bounded (see the `retention` option); this shows it.
 *
 * @example
 * ```ts
 * const { records, queued } = await mock.stats()
 * records.idempotency // records that can still replay (24 h)
 * queued.expiries // records waiting for their expiry time
 * ```
 */
export interface MockStats {
  /** Records held per table. Orders, transactions, balances, merchants, stores, accounts and users only grow. */
  records: {
    merchants: number
    stores: number
    accounts: number
    balances: number
    orders: number
    qrCodes: number
    transactions: number
    idempotency: number
    webhooks: number
    users: number
    otpSessions: number
    outbox: number
  }
  /** Entries in the request log. */
  requestLog: number
  /** Entries waiting in the time-ordered queues (an entry made void meanwhile is dropped when its time comes). */
  queued: { settlements: number; webhookAttempts: number; expiries: number }
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
 * A merchant as the control API shows it: its credentials, name, webhook URL (null: webhooks are only
 * recorded) and when it was removed (null while active).
 *
 * @example
 * ```ts
 * const merchant: MerchantView = await mock.merchants.get(merchantId)
 * merchant.removedAt // null until mock.merchants.remove(merchantId)
 * ```
 */
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
 * Everything the mock holds, at a glance: `mock.snapshot()` and `GET /__mock/snapshot`. Lists are newest
 * first, at most the limit asked for.
 *
 * @example
 * ```ts
 * const { clock, merchants, orders } = await mock.snapshot({ limit: 10 })
 * merchants[0]?.balances.usd // { balance, freeze, usable }
 * ```
 */
export interface MockSnapshot {
  /** See `mock.version()`: moves whenever the state may have changed. */
  version: number
  clock: { now: string; frozen: boolean; era: { name: string; from: string | null; summary: string } }
  merchants: Array<MerchantView & { stores: Store[]; balances: Balance }>
  orders: OrderView[]
  transactions: TransactionView[]
  webhooks: WebhookView[]
  users: Array<UserView & { resetSessions: ResetSessionView[] }>
  otp: OtpMessage[]
  faults: Fault[]
  requests: RequestLogEntry[]
}

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
 * Builds the control API of one instance.
 *
 * @example
 * ```ts
 * const { apiKey, apiSecret, merchantId } = await mock.merchants.create({ balances: { usd: 100 } })
 * const store = await mock.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
 * ```
 */
export function createControlApi(runtime: GatewayRuntime) {
  const { ctx, serial } = runtime
  /** Drops what expired by the mock clock (retention): before every control call and after every clock move. */
  const prune = () => ctx.retention.prune(ctx.clock.now())
  /** Control operations that may have changed the state: with the requests answered, what `version()` counts. */
  let operations = 0
  /**
   * Runs a control operation alone. `changed` tells, from its result, whether it may have changed the state;
   * by default every operation is counted. Settling with nothing due is not (the HTTP server settles once a
   * second), so that `version()` stands still while nothing happens and a page polling it reloads nothing.
   */
  const exclusive = async <T>(task: () => T | Promise<T>, changed: (result: T) => boolean = () => true): Promise<T> => {
    await runtime.ready()
    return serial.run(async () => {
      const pruned = prune()
      const result = await task()
      if (pruned > 0 || changed(result)) operations++
      return result
    })
  }
  const settleIfAuto = () => {
    prune()
    if (ctx.options.autoSettle) {
      ctx.settlement.settleDue(ctx)
      ctx.webhooks.startDue(ctx)
    }
  }
  /**
   * Like `exclusive`, then waits (outside the serial queue) for the webhook attempts the task started,
   * so `await mock.payments.create(...)` or `await mock.clock.advance(...)` returns with them recorded.
   * Waiting outside the queue lets a receiver call the gateway while it handles a webhook.
   */
  const withDeliveries = async <T>(
    task: () => T | Promise<T>,
    changed: (result: T, started: number) => boolean = () => true,
  ): Promise<T> => {
    const [result, started] = await exclusive(
      async () => [await task(), ctx.webhooks.collect()] as const,
      ([result, started]) => changed(result, started.length),
    )
    await Promise.all(started)
    return result
  }

  return {
    merchants: {
      /** Creates a merchant with opening balances (major units) and optional webhook URL. */
      create: (input: CreateMerchantInput = {}): Promise<MerchantCredentials> => {
        const checked = validate(createMerchantBody, input)
        return exclusive(async () => credentials(await createMerchant(ctx, checked)))
      },
      /** Changes a merchant's name or webhook URL; webhooks built from now on use the new URL. */
      update: (merchantId: number, changes: UpdateMerchantInput): Promise<MerchantView> => {
        const id = checkedId('merchantId', merchantId)
        const checked = validate(updateMerchantBody, changes)
        return exclusive(() => {
          return merchantView(updateMerchant(ctx, id, checked))
        })
      },
      /** The merchant's credentials, name, webhook URL and removal time (null while active); 404 when unknown. */
      get: async (merchantId: number): Promise<MerchantView> => {
        await runtime.ready()
        return merchantView(requireMerchant(ctx, checkedId('merchantId', merchantId)))
      },
      /**
       * Removes the merchant account (as closing it in the merchant's app would). Its API key still
       * authenticates and every gateway request with it answers 404 "Merchant not found"; its data stays
       * readable here. Undone only by `reset()`.
       */
      remove: (merchantId: number): Promise<void> => {
        const id = checkedId('merchantId', merchantId)
        return exclusive(() => {
          removeMerchant(ctx, id)
        })
      },
    },
    stores: {
      /** Adds a store (as the merchant's mobile app does); it is listed at once. */
      add: (merchantId: number, input: StoreInput): Promise<Store> => {
        const id = checkedId('merchantId', merchantId)
        const checked = validate(addStoreBody, input)
        return exclusive(async () => storeBody(await addStore(ctx, id, checked)))
      },
      /** Renames a store or changes its address. */
      update: (merchantId: number, storeId: number, changes: Partial<StoreInput>): Promise<Store> => {
        const ids = [checkedId('merchantId', merchantId), checkedId('storeId', storeId)] as const
        const checked = validate(updateStoreBody, changes)
        return exclusive(() => storeBody(updateStore(ctx, ...ids, checked)))
      },
      /** Removes a store. */
      remove: (merchantId: number, storeId: number): Promise<void> => {
        const ids = [checkedId('merchantId', merchantId), checkedId('storeId', storeId)] as const
        return exclusive(() => removeStore(ctx, ...ids))
      },
    },
    accounts: {
      /** Registers a payout destination; `failAtSettlement` makes payouts to it fail and reverse. */
      add: (merchantId: number, input: AccountInput): Promise<Omit<AccountRecord, 'merchantId'>> => {
        const id = checkedId('merchantId', merchantId)
        const checked = validate(addAccountBody, input)
        return exclusive(async () => {
          const { merchantId: _, ...account } = await addAccount(ctx, id, checked)
          return account
        })
      },
    },
    payments: {
      /** Acts as the customer: pays an order or QR code with SUCCESS, FAILED or PENDING (started, unconfirmed). */
      create: (input: ReportPaymentInput): Promise<PaymentResult> => {
        const checked = validate(reportPaymentBody, input)
        return withDeliveries(() => {
          settleIfAuto()
          return reportPayment(ctx, checked)
        })
      },
    },
    clock: {
      /** The mock's current time, ISO 8601. */
      now: (): string => ctx.clock.iso(),
      /**
       * The contract era in force at the mock's current time (always the current one with `releaseTimeline:
       * 'current'`).
       */
      era: (): ContractEra => eraNow(ctx),
      /**
       * Moves the clock to a point in time; what became due settles and due webhook retries run (unless autoSettle is
       * off).
       */
      set: (time: TimeInput): Promise<{ now: string }> => {
        const target = checkedTime(time)
        return withDeliveries(() => {
          ctx.clock.set(target)
          settleIfAuto()
          return { now: ctx.clock.iso() }
        })
      },
      /**
       * Moves the clock forward by `ms`; what became due settles and due webhook retries run (unless autoSettle is
       * off).
       */
      /** Whether the clock stands still (moved only by set and advance) or runs with real time. */
      frozen: (): boolean => ctx.clock.frozen,
      /**
       * Moves the clock to the same time of day `days` business days later (weekends skipped, as settlement
       * counts them); what became due settles.
       */
      advanceBusinessDays: (days: number): Promise<{ now: string }> => {
        const checked = validate(setClockBody, { businessDays: days }).businessDays!
        return withDeliveries(() => {
          const target = addBusinessDays(ctx.clock.now(), checked)
          if (target > CLOCK_RANGE.max) throw new RuleError(400, 'businessDays would move the clock past its range')
          ctx.clock.set(target)
          settleIfAuto()
          return { now: ctx.clock.iso() }
        })
      },
      advance: (ms: number): Promise<{ now: string }> => {
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
          throw new RuleError(400, 'advanceMs must be a finite number >= 0')
        return withDeliveries(() => {
          // Checked inside the queue, against the time the move starts from: a move past the clock's
          // range is refused before anything moves.
          if (ctx.clock.now() + ms > CLOCK_RANGE.max)
            throw new RuleError(400, `advanceMs would move the clock past ${new Date(CLOCK_RANGE.max).toISOString()}`)
          ctx.clock.advance(ms)
          settleIfAuto()
          return { now: ctx.clock.iso() }
        })
      },
    },
    /** Completes (or fails and reverses) every refund and payout that is due now, and runs due webhook retries. */
    settle: (): Promise<{ settled: number }> =>
      withDeliveries(
        () => {
          const settled = ctx.settlement.settleDue(ctx)
          ctx.webhooks.startDue(ctx)
          return { settled }
        },
        ({ settled }, started) => settled > 0 || started > 0,
      ),
    webhooks: {
      /**
       * The webhooks kept (every one still being delivered, and the finished ones `retention.webhooks` keeps), oldest
       * first, with their HTTP delivery state.
       */
      list: (): WebhookView[] => {
        prune()
        return ctx.db.webhooks.all().map(webhookView)
      },
      /** Calls `listener` with each webhook as it is sent; returns a function that stops it. */
      on: (listener: WebhookListener): (() => void) => ctx.webhooks.on(listener),
      /**
       * Runs every HTTP attempt due at the mock's current time (whatever `autoSettle` says) and waits for
       * them; `attempted` counts the webhooks tried (a duplicate's second POST is not counted).
       */
      deliverDue: (): Promise<{ attempted: number }> =>
        withDeliveries(() => ({ attempted: ctx.webhooks.startDue(ctx) })),
      /** The next webhook built is POSTed twice when delivered: the same raw body and X-Signature. */
      duplicateNext: (): void => ctx.webhooks.duplicateNext(),
      /**
       * The next webhook built is held back, then POSTed right after the same merchant's next webhook's first attempt.
       */
      holdNext: (): void => ctx.webhooks.holdNext(),
      /** The next webhook built has createTimeMilli `seconds` before the mock clock, correctly signed for that time. */
      staleNext: (seconds: number): void => ctx.webhooks.staleNext(validate(staleNextBody, { seconds }).seconds),
      /**
       * Sends webhook `webhookId` again now, whatever its state: one more attempt, stamped and signed at this
       * time (404 when unknown, 409 when its merchant had no webhook URL).
       */
      redeliver: (webhookId: number): Promise<WebhookView> => {
        const id = checkedId('webhookId', webhookId)
        return withDeliveries(() => {
          const record = ctx.db.webhooks.get('byId', id)
          if (!record) throw new RuleError(404, `Webhook ${id} not found`)
          ctx.webhooks.redeliver(ctx, record)
          return id
        }).then((done) => webhookView(ctx.db.webhooks.get('byId', done)!))
      },
    },
    faults: {
      /** Arms a fault on a route (see {@link FaultSpec}). */
      add: (spec: FaultSpec): Fault => runtime.faults.add(validate(addFaultBody, spec)),
      /** The faults still armed. */
      list: (): Fault[] => runtime.faults.list(),
      /** Disarms every fault. */
      clear: (): void => runtime.faults.clear(),
    },
    /** A merchant's USD and KHR figures, as balance inquiry would show them. */
    balances: async (merchantId: number): Promise<Balance> => {
      await runtime.ready()
      const id = checkedId('merchantId', merchantId)
      requireMerchant(ctx, id)
      return balanceBody(ctx, id)
    },
    orders: {
      /** A snapshot of an order, or undefined. */
      get: (orderId: number): OrderView | undefined => {
        const order = ctx.db.orders.get('byId', checkedId('orderId', orderId))
        return order && { ...withoutMinor(order), payer: order.payer && { ...order.payer } }
      },
    },
    transactions: {
      /** A snapshot of a transaction (payment, refund or payout), or undefined. */
      get: (transactionId: number): TransactionView | undefined => {
        const tx = ctx.db.transactions.get('byId', checkedId('transactionId', transactionId))
        return tx && withoutMinor(tx)
      },
    },
    users: {
      /** Creates a signed-in user of the PIN module (e-mail and/or phone, each verified or not) with a bearer token. */
      /** A user's contacts and PIN state (never the PIN); 404 when unknown. */
      get: async (userId: number): Promise<UserView> => {
        await runtime.ready()
        const user = ctx.db.users.get('byId', checkedId('userId', userId))
        if (!user) throw new RuleError(404, `User ${userId} not found`)
        return userView(user)
      },
      /** Every user, oldest first. */
      list: async (): Promise<UserView[]> => {
        await runtime.ready()
        return ctx.db.users.all().map(userView)
      },
      create: (input: CreateUserInput): Promise<{ userId: number; accessToken: string }> => {
        const checked = validate(createUserBody, input)
        return exclusive(async () => {
          const user = await createUser(ctx, checked)
          return { userId: user.userId, accessToken: user.accessToken }
        })
      },
    },
    otp: {
      /** The one-time codes forgot-pin sent that `retention.outbox` keeps, oldest first: the test's mailbox. */
      list: (): OtpMessage[] => {
        prune()
        return ctx.db.outbox.all().map(({ userId, channel, to, code, sessionId, sentAt }) => ({
          userId,
          channel,
          to,
          code,
          sessionId,
          sentAt: new Date(sentAt).toISOString(),
        }))
      },
    },
    requests: {
      /** The answered requests that match `filter`, oldest first (at most `requestLogLimit` are kept). */
      list: (filter: RequestLogFilter = {}): RequestLogEntry[] =>
        runtime.requests.list(validate(requestLogFilter, filter) as RequestLogFilter),
      /** The request answered with this `X-Trace-Id`, if still kept. */
      get: (traceId: string): RequestLogEntry | undefined => runtime.requests.get(traceId),
      /** Forgets the logged requests. */
      clear: (): void => runtime.requests.clear(),
    },
    /** Every broken ledger invariant, recomputed from the transactions; `[]` when the books balance. */
    audit: (): string[] => auditLedger(ctx),
    /**
     * A number that changes whenever the mock's state may have: with every control operation and every
     * service request answered. A viewer polls it and reloads what it shows only when it moved.
     */
    version: (): number => operations + runtime.requests.lastSeq,
    /**
     * Everything at a glance, newest first, at most `limit` (default 50, at most 500) of each list: the
     * clock, the merchants with their stores and balances, orders, transactions, webhooks, users, the codes
     * sent, the faults and the requests answered. What the inspector page shows.
     */
    snapshot: async (options: { limit?: number } = {}): Promise<MockSnapshot> => {
      const limit = options.limit ?? SNAPSHOT_DEFAULT_LIMIT
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
        throw new RuleError(400, `limit must be an integer from 1 to 500, got ${JSON.stringify(limit)}`)
      }
      await runtime.ready()
      prune()
      const { db } = ctx
      const era = eraNow(ctx)
      return {
        version: operations + runtime.requests.lastSeq,
        clock: {
          now: ctx.clock.iso(),
          frozen: ctx.clock.frozen,
          era: { name: era.name, from: era.from, summary: era.summary },
        },
        merchants: newest(db.merchants.all(), limit).map((m) => ({
          ...merchantView(m),
          // Every store, none included: what list stores would refuse with a 404 is an empty list here.
          stores: db.stores.group('byMerchant', m.merchantId).map(storeBody),
          balances: balanceBody(ctx, m.merchantId),
        })),
        orders: newest(db.orders.all(), limit).map((o) => ({ ...withoutMinor(o), payer: o.payer && { ...o.payer } })),
        transactions: newest(db.transactions.all(), limit).map(withoutMinor),
        webhooks: newest(db.webhooks.all(), limit).map(webhookView),
        users: newest(db.users.all(), limit).map((u) => ({
          ...userView(u),
          // The user's reset sessions (forgot-pin): never the code, only where it went and until when.
          resetSessions: db.otpSessions.group('byUser', u.userId).map((s) => ({
            state: s.state,
            channel: s.channel,
            to: s.to,
            expiresAt: new Date(s.expiresAt).toISOString(),
          })),
        })),
        otp: newest(db.outbox.all(), limit).map(({ userId, channel, to, code, sessionId, sentAt }) => ({
          userId,
          channel,
          to,
          code,
          sessionId,
          sentAt: new Date(sentAt).toISOString(),
        })),
        faults: runtime.faults.list(),
        requests: runtime.requests.list({ limit }).reverse(),
      }
    },
    /** What the mock holds now (after dropping what expired by the mock clock): records per table and queued work. */
    stats: async (): Promise<MockStats> => {
      await runtime.ready()
      prune()
      const { db } = ctx
      return {
        records: {
          merchants: db.merchants.count(),
          stores: db.stores.count(),
          accounts: db.accounts.count(),
          balances: db.balances.count(),
          orders: db.orders.count(),
          qrCodes: db.qrCodes.count(),
          transactions: db.transactions.count(),
          idempotency: db.idempotency.count(),
          webhooks: db.webhooks.count(),
          users: db.users.count(),
          otpSessions: db.otpSessions.count(),
          outbox: db.outbox.count(),
        },
        requestLog: runtime.requests.size,
        queued: {
          settlements: ctx.settlement.size,
          webhookAttempts: ctx.webhooks.scheduledCount,
          expiries: ctx.retention.pending,
        },
      }
    },
  }
}

/**
 * The control API of one instance.
 *
 * @example
 * ```ts
 * async function openShop(control: ControlApi) {
 *   const { merchantId } = await control.merchants.create({ balances: { usd: 100 } })
 *   return control.stores.add(merchantId, { storeName: 'Riverside', address: '1 Main St' })
 * }
 * await openShop(mock) // a MockGateway is a ControlApi
 * ```
 */
export type ControlApi = ReturnType<typeof createControlApi>

/** Creates the seed merchants with their stores and accounts (inside the serial queue). */
export async function applySeed(runtime: GatewayRuntime, seed: readonly SeedMerchant[]): Promise<void> {
  const { ctx } = runtime
  for (const spec of seed) {
    const merchant = await createMerchant(ctx, spec)
    for (const store of spec.stores ?? []) await addStore(ctx, merchant.merchantId, store)
    for (const account of spec.accounts ?? []) await addAccount(ctx, merchant.merchantId, account)
  }
}

/** A webhook with its HTTP delivery state. */
function webhookView(r: WebhookRecord): WebhookView {
  return {
    ...toDelivery(r),
    status: r.status,
    attempts: r.attempts.map((a) => ({ ...a })),
    nextAttemptAt: r.nextAttemptAt,
    held: r.held,
  }
}

/** The newest `limit` items of a table kept in insertion order, newest first. */
function newest<T>(all: readonly T[], limit: number): T[] {
  return all.slice(Math.max(0, all.length - limit)).reverse()
}

/** The merchant as the control API shows it: credentials, name, webhook URL and removal time. */
function merchantView(m: MerchantRecord): MerchantView {
  return {
    ...credentials(m),
    name: m.name,
    webhookUrl: m.webhookUrl,
    removedAt: m.removedAt === null ? null : new Date(m.removedAt).toISOString(),
  }
}

function credentials(m: MerchantRecord): MerchantCredentials {
  return { merchantId: m.merchantId, appId: m.appId, apiKey: m.apiKey, apiSecret: m.apiSecret }
}

function userView(user: UserRecord): UserView {
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

function withoutMinor<T extends { amountMinor: number; currency: 'USD' | 'KHR' }>(
  record: T,
): Omit<T, 'amountMinor'> & { amount: number } {
  const { amountMinor, ...rest } = record
  return { ...rest, amount: fromMinorUnits(amountMinor, record.currency) }
}

function checkedTime(time: TimeInput): number {
  try {
    return toEpochMs(time)
  } catch (error) {
    const range =
      error instanceof RangeError && error.message.includes('holds')
        ? ' from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z'
        : ''
    throw new RuleError(400, `now must be an ISO 8601 date${range}, got ${JSON.stringify(time)?.slice(0, 60)}`)
  }
}

/** A record id given to the control API: a positive safe integer, or a 400 naming it. */
function checkedId(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new RuleError(400, `${name} must be a positive integer, got ${JSON.stringify(value)?.slice(0, 40)}`)
  }
  return value
}
