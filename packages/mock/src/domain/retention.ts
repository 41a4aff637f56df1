/**
 * @module retention
 * What a long-running mock forgets, and when: on the mock clock, at the moment a record can no longer
 * be observed, or once history passes its configured size or age. Balances, merchants, stores, accounts and
 * users are never forgotten; orders and transactions (payments, refunds, payouts) neither, unless the option
 * `keepRecordsSeconds` forgets the finished ones (finished-records.ts).
 *
 * - Records that expire (idempotency records after 24 h, reset sessions after their 10 minutes, unpaid
 *   stand-alone QR codes a configured time after their 30 minutes) sit in one min-heap by expiry time;
 *   each request pops only what has expired: amortised O(log n) per record, no scan.
 * - History a user inspects (finished webhooks, the one-time codes sent) is kept in arrival order up to
 *   `max` entries and `maxAgeSeconds`; the oldest leave first.
 */
import type { HistoryLimit } from '../options.js'
import { MinHeap } from '../store/min-heap.js'

/**
 * One expiring record: `drop` is called once the clock reaches `at`; it checks the record is still the one scheduled.
 */
interface Expiry {
  at: number
  seq: number
  drop: () => void
}

/**
 * Entries kept in arrival order, bounded by count and age.
 *
 * @example
 * ```ts
 * const sent = new History<OutboxRecord>({ max: 2, maxAgeSeconds: 60 }, (r) => db.outbox.remove(r))
 * sent.add(record, now) // the third add drops the first
 * sent.prune(now + 61_000) // drops everything added at `now`
 * ```
 */
export class History<T> {
  #entries: Array<{ item: T; at: number }> = []
  /** Index of the oldest entry kept; the array is compacted when half of it was dropped. */
  #head = 0

  constructor(
    private readonly limit: HistoryLimit,
    private readonly drop: (item: T) => void,
  ) {}

  /** Number of entries kept. */
  get size(): number {
    return this.#entries.length - this.#head
  }

  /** Adds an entry at time `at`; the oldest leaves when the count passes `max`. */
  add(item: T, at: number): void {
    this.#entries.push({ item, at })
    while (this.size > this.limit.max) this.#dropOldest()
  }

  /** Drops the entries more than `maxAgeSeconds` old at `now` (one exactly that old stays); returns how many. */
  prune(now: number): number {
    const oldest = now - this.limit.maxAgeSeconds * 1000
    let dropped = 0
    for (; this.size > 0 && this.#entries[this.#head]!.at < oldest; dropped++) this.#dropOldest()
    return dropped
  }

  /** Forgets every entry without dropping anything (used by reset: the tables are emptied anyway). */
  clear(): void {
    this.#entries = []
    this.#head = 0
  }

  #dropOldest(): void {
    const { item } = this.#entries[this.#head]!
    this.#entries[this.#head] = undefined as never
    this.#head++
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head)
      this.#head = 0
    }
    this.drop(item)
  }
}

/**
 * The expiring records of one mock instance, by expiry time.
 *
 * @example
 * ```ts
 * retention.expireAt(record.expiresAt, () => { if (db.idempotency.has(record)) db.idempotency.remove(record) })
 * retention.prune(clock.now()) // before each request
 * ```
 */
export class Retention {
  readonly #expiring = new MinHeap<Expiry>((a, b) => a.at - b.at || a.seq - b.seq)
  readonly #histories: Array<Pick<History<unknown>, 'prune' | 'clear'>> = []
  #seq = 0

  /** Calls `drop` once the mock clock reaches `at` (at the next prune). */
  expireAt(at: number, drop: () => void): void {
    this.#expiring.push({ at, seq: this.#seq++, drop })
  }

  /** A history pruned by age with the others on each {@link Retention.prune}. */
  history<T>(limit: HistoryLimit, drop: (item: T) => void): History<T> {
    const history = new History<T>(limit, drop)
    this.#histories.push(history)
    return history
  }

  /** Number of expiring records waiting (some may already be gone: their entry is dropped when due). */
  get pending(): number {
    return this.#expiring.size
  }

  /**
   * Drops what expired at `now` and history past its age. Looks only at what is due. Returns how many entries
   * it dropped (an expiry whose record was already gone counts too: nothing tells them apart cheaply).
   */
  prune(now: number): number {
    let dropped = 0
    for (let top = this.#expiring.peek(); top !== undefined && top.at <= now; top = this.#expiring.peek()) {
      this.#expiring.pop()
      top.drop()
      dropped++
    }
    for (const history of this.#histories) dropped += history.prune(now)
    return dropped
  }

  /** Forgets every scheduled expiry and every history entry (used by reset, after the tables are emptied). */
  clear(): void {
    this.#expiring.clear()
    for (const history of this.#histories) history.clear()
  }
}
