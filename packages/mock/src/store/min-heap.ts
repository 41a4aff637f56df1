/**
 * @module min-heap
 * A binary min-heap: the timed work of a mock (webhook retries, settlements, expiring records) in the
 * order it falls due, so each request looks only at what is due instead of sorting or scanning a backlog.
 * Push and pop are O(log n), peek O(1).
 *
 * Written here rather than taken from npm: the small heap packages (tinyqueue, flatqueue) are ESM-only
 * with a default export, which the mock's CommonJS build cannot `require()` correctly.
 */

/**
 * A min-heap ordered by `compare` (negative: `a` comes first). Entries with equal keys come out in no
 * guaranteed order, so callers that need a stable order break ties in `compare` (e.g. by id).
 *
 * @example
 * ```ts
 * const heap = new MinHeap<{ dueAt: number; id: number }>((a, b) => a.dueAt - b.dueAt || a.id - b.id)
 * heap.push({ dueAt: 20, id: 1 })
 * heap.push({ dueAt: 10, id: 2 })
 * heap.peek()?.id // 2
 * heap.pop()?.id // 2
 * ```
 */
export class MinHeap<T> {
  #items: T[] = []
  readonly #compare: (a: T, b: T) => number

  constructor(compare: (a: T, b: T) => number) {
    this.#compare = compare
  }

  /** Number of entries. */
  get size(): number {
    return this.#items.length
  }

  /** The first entry, without removing it. */
  peek(): T | undefined {
    return this.#items[0]
  }

  /** Adds an entry. */
  push(item: T): void {
    const items = this.#items
    items.push(item)
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (this.#compare(items[i]!, items[parent]!) >= 0) break
      ;[items[i], items[parent]] = [items[parent]!, items[i]!]
      i = parent
    }
  }

  /** Removes and returns the first entry. */
  pop(): T | undefined {
    const items = this.#items
    const top = items[0]
    const last = items.pop()
    if (items.length === 0 || last === undefined) return top
    items[0] = last
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let least = i
      if (left < items.length && this.#compare(items[left]!, items[least]!) < 0) least = left
      if (right < items.length && this.#compare(items[right]!, items[least]!) < 0) least = right
      if (least === i) break
      ;[items[i], items[least]] = [items[least]!, items[i]!]
      i = least
    }
    return top
  }

  /** Removes every entry. */
  clear(): void {
    this.#items = []
  }
}
