/**
 * @module unique-index
 * A unique index of a table: one record per key, read and written as a `Map` by key would be. String keys are
 * kept under a small integer made from their characters, each with its record (or, when two keys give the same
 * integer, a list of them), and the record's own key is compared only where the integers agree. A `Map` by
 * string compares the key it is asked for with the stored keys of its hash bucket, each one a read of a string
 * somewhere in the heap: for a key it does not hold (every new order's QR data, checked before the order is
 * stored) in an index of some hundreds of thousands of records, those reads miss the caches, and they were the
 * largest single cost of create order on the HTTP server in a CPU profile (docs/architecture.md has the
 * figures). Integers in a `Map` are compared where they are stored. Number keys use a `Map` as they are.
 *
 * A record's key must not change while it is stored under it: the table takes it out under its old key first.
 */

/**
 * One record per key, string or number.
 *
 * @example
 * ```ts
 * const byQrData = new UniqueIndex<Order>((order) => order.qrData)
 * byQrData.set(order.qrData, order)
 * byQrData.get(order.qrData) // order
 * ```
 */
export class UniqueIndex<T extends object> {
  readonly #keyOf: (record: T) => string | number | undefined
  /** Records by the integer of their string key: one record, or the records whose keys give the same integer. */
  readonly #strings = new Map<number, T | T[]>()
  readonly #numbers = new Map<number, T>()

  constructor(keyOf: (record: T) => string | number | undefined) {
    this.#keyOf = keyOf
  }

  get(key: string | number): T | undefined {
    if (typeof key === 'number') return this.#numbers.get(key)
    const held = this.#strings.get(hashOf(key))
    if (held === undefined) return undefined
    if (!Array.isArray(held)) return this.#keyOf(held) === key ? held : undefined
    return held.find((record) => this.#keyOf(record) === key)
  }

  has(key: string | number): boolean {
    return this.get(key) !== undefined
  }

  /** Stores `record` under `key` (its own key), replacing the record stored under it. */
  set(key: string | number, record: T): void {
    if (typeof key === 'number') return void this.#numbers.set(key, record)
    const hash = hashOf(key)
    const held = this.#strings.get(hash)
    if (held === undefined || (!Array.isArray(held) && this.#keyOf(held) === key)) {
      this.#strings.set(hash, record)
    } else if (!Array.isArray(held)) {
      this.#strings.set(hash, [held, record])
    } else {
      const at = held.findIndex((stored) => this.#keyOf(stored) === key)
      if (at === -1) held.push(record)
      else held[at] = record
    }
  }

  /** Removes the record under `key`; true when there was one. */
  delete(key: string | number): boolean {
    if (typeof key === 'number') return this.#numbers.delete(key)
    const hash = hashOf(key)
    const held = this.#strings.get(hash)
    if (held === undefined) return false
    if (!Array.isArray(held)) return this.#keyOf(held) === key && this.#strings.delete(hash)
    const at = held.findIndex((record) => this.#keyOf(record) === key)
    if (at === -1) return false
    held.splice(at, 1)
    if (held.length === 1) this.#strings.set(hash, held[0]!)
    return true
  }
}

/**
 * A string's FNV-1a hash over its UTF-16 code units, cut to 30 bits: a small integer, which V8 keeps in the
 * `Map`'s own table rather than as an object elsewhere. Two keys may share one (the index keeps both).
 *
 * @example
 * ```ts
 * hashOf('MGW1A0894B1DA9CC6D516DF8A253') // an integer from 0 to 2 ** 30 - 1
 * ```
 */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193)
  return hash & 0x3fffffff
}
