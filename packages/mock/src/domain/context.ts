/**
 * @module context
 * What every domain operation works with: the tables, the clock, the ledger, the settlement queue,
 * the webhook dispatcher and the resolved options of one mock instance.
 */
import type { Signer } from '@merchant-gateway/contract/crypto'
import type { MockClock } from '../clock/clock.js'
import type { ResolvedOptions } from '../options.js'
import type { Database } from '../store/database.js'
import type { Ledger } from './ledger.js'
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
}

/** Random lowercase hex of `bytes` bytes, from Web Crypto (works in Node, browsers and workers). */
export function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(buffer)
  let out = ''
  for (const byte of buffer) out += byte.toString(16).padStart(2, '0')
  return out
}
