/**
 * @module record-list
 * A table's records by their primary key, in insertion order: a `Map`'s behaviour, kept as a plain array while
 * the keys allow it. Most of the mock's primary keys are integers handed out in order (order ids, transaction
 * ids), so each record goes at the end of the array, at its key minus the first key: a new key is known to be
 * free without a lookup, and storing it touches memory next to the last one. A lookup in a `Map` of some
 * hundreds of thousands of orders is a cache miss or more (the largest single cost of create order on the
 * HTTP server, in a CPU profile: docs/architecture.md has the figures). A key that cannot go at the end (a string,
 * one below the first or within the array, one far past its end) turns the list into a `Map`, once, with the
 * records in the order they came.
 */

/** How far past the end of the array a key may land, the slots between left empty, before a `Map` is used. */
const MAX_GAP = 1024

/**
 * Records by key, in insertion order, as a `Map` keeps them.
 *
 * @example
 * ```ts
 * const list = new RecordList<Order>()
 * list.set(1001, order)
 * list.get(1001) // order
 * ```
 */
export class RecordList<T extends object> {
  /** The records at their key minus `#first`, with empty slots for keys removed or skipped; none once `#map`. */
  #slots: Array<T | undefined> = []
  /** The first key of the array. */
  #first = 0
  #size = 0
  /** The records once a key could not go at the end of the array. */
  #map: Map<unknown, T> | undefined = undefined

  /** Number of records. */
  get size(): number {
    return this.#map === undefined ? this.#size : this.#map.size
  }

  get(key: unknown): T | undefined {
    if (this.#map !== undefined) return this.#map.get(key)
    const at = this.#slot(key)
    return at === -1 ? undefined : this.#slots[at]
  }

  has(key: unknown): boolean {
    return this.get(key) !== undefined
  }

  /** Stores `record` under `key`, replacing the one stored under it (which keeps its place, as in a `Map`). */
  set(key: unknown, record: T): void {
    if (this.#map !== undefined) return void this.#map.set(key, record)
    const slots = this.#slots
    if (typeof key === 'number' && Number.isSafeInteger(key)) {
      if (slots.length === 0) this.#first = key
      const at = key - this.#first
      if (at >= slots.length && at - slots.length < MAX_GAP) {
        while (slots.length < at) slots.push(undefined)
        slots.push(record)
        this.#size++
        return
      }
      if (at >= 0 && at < slots.length && slots[at] !== undefined) {
        slots[at] = record
        return
      }
    }
    this.#toMap().set(key, record)
  }

  /** Removes the record under `key`; true when there was one. */
  delete(key: unknown): boolean {
    if (this.#map !== undefined) return this.#map.delete(key)
    const at = this.#slot(key)
    if (at === -1 || this.#slots[at] === undefined) return false
    this.#slots[at] = undefined
    this.#size--
    return true
  }

  /** Every record, in insertion order. */
  *values(): IterableIterator<T> {
    if (this.#map !== undefined) {
      yield* this.#map.values()
      return
    }
    for (const record of this.#slots) if (record !== undefined) yield record
  }

  /** The slot of `key` in the array, or -1 when it has none. */
  #slot(key: unknown): number {
    if (typeof key !== 'number') return -1
    const at = key - this.#first
    return Number.isInteger(at) && at >= 0 && at < this.#slots.length ? at : -1
  }

  /** The records as a `Map` from now on, in their order: a key came that cannot go at the end of the array. */
  #toMap(): Map<unknown, T> {
    const map = new Map<unknown, T>()
    this.#slots.forEach((record, at) => {
      if (record !== undefined) map.set(this.#first + at, record)
    })
    this.#slots = []
    this.#map = map
    return map
  }
}
