/**
 * @module context
 * What every domain operation works with: the tables, the clock, the ledger, the settlement queue,
 * the webhook dispatcher and the resolved options of one mock instance.
 */
import type { Signer } from '@merchant-gateway/contract/crypto'
import type { MockClock } from '../clock/clock.js'
import type { ResolvedOptions } from '../options.js'
import type { Database } from '../store/database.js'
import type { OutboxRecord, WebhookRecord } from '../store/records.js'
import type { Ledger } from './ledger.js'
import type { History, Retention } from './retention.js'
import type { SettlementQueue } from './settlement.js'
import type { WebhookDispatcher } from './webhooks.js'

/** The state and services of one mock instance, as the domain sees them. */
export interface DomainContext {
  readonly db: Database
  readonly clock: MockClock
  readonly ledger: Ledger
  readonly settlement: SettlementQueue
  readonly webhooks: WebhookDispatcher
  readonly options: ResolvedOptions
  readonly signer: Signer
  /** Expiring records by expiry time (idempotency records, reset sessions, unpaid expired QR codes). */
  readonly retention: Retention
  /** History kept by count and age: finished webhooks, one-time codes sent. */
  readonly history: { readonly webhooks: History<WebhookRecord>; readonly outbox: History<OutboxRecord> }
}

/** Random bytes from Web Crypto, drawn 4 KiB at a time: one call per request measured ~5 us on the HTTP path. */
const POOL = new Uint8Array(4096)
let poolAt = POOL.length
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

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
