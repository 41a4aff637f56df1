/**
 * @module context
 * What every domain operation works with: the tables, the clock, the ledger, the settlement queue,
 * the webhook dispatcher and the resolved options of one mock instance.
 */
import type { WebhookSwitches } from '@merchant-gateway/contract'
import type { Signer } from '@merchant-gateway/contract/crypto'
import type { MockClock } from '../clock/clock.js'
import type { ResolvedOptions } from '../options.js'
import type { Database } from '../store/database.js'
import type { OutboxRecord, TransactionRecord, WebhookRecord } from '../store/records.js'
import type { Ledger } from './ledger.js'
import type { History, Retention } from './retention.js'
import type { WebhookListener } from './webhook-delivery.js'

/** The state and services of one mock instance, as the domain sees them. */
export interface DomainContext {
  readonly db: Database
  readonly clock: MockClock
  readonly ledger: Ledger
  readonly settlement: Settlement
  readonly webhooks: Webhooks
  readonly options: ResolvedOptions
  readonly signer: Signer
  /** Expiring records by expiry time (idempotency records, reset sessions, unpaid expired QR codes). */
  readonly retention: Retention
  /** History kept by count and age: finished webhooks, one-time codes sent. */
  readonly history: { readonly webhooks: History<WebhookRecord>; readonly outbox: History<OutboxRecord> }
}

/**
 * What the domain asks of the settlement queue (`SettlementQueue` in settlement.ts): declared here, on
 * the lower layer, so that the context does not import the modules that work with it.
 *
 * @example
 * ```ts
 * ctx.settlement.schedule(refund) // settles on ctx.settlement.dueAt(ctx, 'refund', now)
 * ```
 */
export interface Settlement {
  /** When a refund or payout requested at `fromMs` is due (business days on the mock clock). */
  dueAt(ctx: DomainContext, kind: 'refund' | 'payout', fromMs: number): number
  /** Queues a pending refund or payout for its due time. */
  schedule(tx: TransactionRecord): void
  /** Settles (or reverses) everything due by now; returns how many. */
  settleDue(ctx: DomainContext): number
  /** Forgets everything queued (a reset). */
  clear(): void
  /** How many refunds and payouts wait for settlement. */
  readonly size: number
}

/**
 * What the domain asks of the webhook dispatcher (`WebhookDispatcher` in webhooks.ts).
 *
 * @example
 * ```ts
 * await ctx.webhooks.paymentReported(ctx, payment, 'SUCCESS')
 * ```
 */
export interface Webhooks {
  on(listener: WebhookListener): () => void
  duplicateNext(): void
  holdNext(): void
  staleNext(seconds: number): void
  /** Builds, signs, records and starts the webhook of a reported payment status (none for PENDING). */
  paymentReported(
    ctx: DomainContext,
    tx: TransactionRecord,
    status: 'SUCCESS' | 'FAILED' | 'PENDING',
  ): Promise<WebhookRecord | undefined>
  /** Starts the retries that are due; returns how many. */
  startDue(ctx: DomainContext): number
  /** The attempts started since the last call, to wait for. */
  collect(): Array<Promise<void>>
  /** Sends a webhook again now (a new attempt); 409 when it has no URL. */
  redeliver(ctx: DomainContext, record: WebhookRecord): void
  /** Forgets the backlog and the armed switches (a reset). */
  reset(): void
  /** The next-webhook switches armed and not used yet (what a saved state keeps of them). */
  switches(): WebhookSwitches
  /**
   * After a state was loaded into the tables: the scheduled attempts (`nextAttemptAt`) and the held webhooks
   * rebuilt from the records, and the switches set. Called after {@link Webhooks.reset}.
   */
  restore(ctx: DomainContext, switches: WebhookSwitches): void
  /** How many webhook attempts are scheduled. */
  readonly scheduledCount: number
}

/** Random bytes from Web Crypto, drawn 4 KiB at a time: one call per request measured ~5 us on the HTTP path. */
const POOL = new Uint8Array(4096)
let poolAt = POOL.length
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/**
 * Drops the random bytes drawn and not used yet, so the next {@link randomHex} draws afresh: a seeded run
 * (`withSeededRandomness`) then starts from its own seed, not from bytes an earlier run left.
 */
export function discardRandomPool(): void {
  poolAt = POOL.length
}

/** Random lowercase hex of `bytes` bytes, from Web Crypto (works in Node, browsers and workers). */
export function randomHex(bytes: number): string {
  if (bytes > POOL.length) throw new RangeError('[mock] randomHex: at most 4096 bytes')
  if (poolAt + bytes > POOL.length) {
    globalThis.crypto.getRandomValues(POOL)
    poolAt = 0
  }
  let out = ''
  for (let i = poolAt; i < poolAt + bytes; i++) out += HEX[POOL[i]!]
  poolAt += bytes
  return out
}
