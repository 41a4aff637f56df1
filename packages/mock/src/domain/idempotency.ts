/**
 * @module idempotency
 * Idempotent refunds and payouts: the same X-Idempotent-Key (any non-empty string up to 255 characters) within
 * 24 hours returns the original result. A key is scoped to the merchant and lives 24 hours on the mock clock.
 * Within the window:
 *
 * - a request whose key is still being processed gets 409 `idempotency_key_in_use`;
 * - the same key with another operation or another body gets 422 `idempotency_key_mismatch`
 *   (our decision: a reused key is a client bug that must not be hidden by a replay);
 * - the same key with the same body replays the stored status and body, moving no money.
 *
 * Only outcomes of an operation that ran are stored (2xx and the rule refusals it made). A request
 * refused before it ran (authentication, validation, an injected fault) stores nothing, so the client
 * can fix it and retry with the same key. After 24 hours the key processes anew, and the record is
 * dropped then (the next request or control call after the clock reached its expiry removes it).
 */
import { LIMITS } from '@merchant-gateway/contract'
import { scoped, type Database } from '../store/database.js'
import type { MockClock } from '../clock/clock.js'
import type { IdempotencyRecord } from '../store/records.js'
import type { Retention } from './retention.js'

/** What to do with a request that carries an idempotency key. */
export type IdempotencyDecision =
  | { kind: 'proceed'; complete(status: number, body: string): void; release(): void }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-use' }
  | { kind: 'mismatch'; operation: string }

/** The request as idempotency sees it. */
export interface IdempotentRequest {
  merchantId: number
  key: string
  operation: string
  /** A stable digest of the request body (see {@link fingerprintOf}). */
  fingerprint: string
}

/**
 * Keeps idempotency records and the set of keys whose first request is still running.
 *
 * @example
 * ```ts
 * const decision = idempotency.begin({ merchantId, key, operation: 'refundOrder', fingerprint })
 * if (decision.kind === 'proceed') decision.complete(200, body)
 * ```
 */
export class IdempotencyStore {
  readonly #inFlight = new Set<string>()

  constructor(
    private readonly db: Database,
    private readonly clock: MockClock,
    private readonly retention: Retention,
  ) {}

  /**
   * Decides at once, without awaiting, so two requests arriving together can never both proceed.
   */
  begin(request: IdempotentRequest): IdempotencyDecision {
    const scopedKey = scoped(request.merchantId, request.key)
    if (this.#inFlight.has(scopedKey)) return { kind: 'in-use' }
    const now = this.clock.now()
    const record = this.db.idempotency.get('byScopedKey', scopedKey)
    if (record && record.expiresAt > now) {
      if (record.operation !== request.operation || record.fingerprint !== request.fingerprint) {
        return { kind: 'mismatch', operation: record.operation }
      }
      return { kind: 'replay', status: record.status, body: record.body }
    }
    this.#inFlight.add(scopedKey)
    let open = true
    return {
      kind: 'proceed',
      complete: (status, body) => {
        if (!open) return
        open = false
        try {
          const expiresAt = now + LIMITS.idempotencyWindowMs
          const values = { ...request, status, body, createdAt: now, expiresAt }
          // An expired record of the same key not dropped yet is overwritten: after 24 h the key is new again.
          const stale = this.db.idempotency.get('byScopedKey', scopedKey)
          const record = stale ? this.db.idempotency.patch(stale, values) : this.db.idempotency.insert(values)
          this.forgetWhenExpired(record)
        } finally {
          this.#inFlight.delete(scopedKey)
        }
      },
      release: () => {
        if (!open) return
        open = false
        this.#inFlight.delete(scopedKey)
      },
    }
  }

  /**
   * Drops the record when it can no longer replay (a record replays while `expiresAt > now`): at the first
   * request or control call once its 24 hours are over. Also how a loaded state's records get their expiry.
   */
  forgetWhenExpired(record: IdempotencyRecord): void {
    const { expiresAt } = record
    this.retention.expireAt(expiresAt, () => {
      if (this.db.idempotency.has(record) && record.expiresAt === expiresAt) this.db.idempotency.remove(record)
    })
  }

  /** Number of keys whose first request is still running. */
  get inFlightCount(): number {
    return this.#inFlight.size
  }

  /** Forgets keys in flight (used by reset; the records go with the tables). */
  clear(): void {
    this.#inFlight.clear()
  }
}

/**
 * A digest of a validated request that ignores key order and whitespace, so a client that re-serialises
 * the same body is not taken for one that changed it. It is taken from the validated input (flat, known
 * fields only), never from the raw body: fields the service ignores do not make two requests differ, and
 * a hostile nesting depth never reaches this recursion.
 *
 * @example
 * ```ts
 * fingerprintOf({ b: 1, a: 2 }) === fingerprintOf({ a: 2, b: 1 }) // true
 * ```
 */
export function fingerprintOf(body: unknown): string {
  return canonicalJson(body)
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
