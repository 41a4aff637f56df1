/**
 * @module seen-signatures
 * The signatures of signed requests seen while they are still valid, for the opt-in strict mode
 * `rejectReplayedSignatures`. The request signature covers the body and X-Timestamp but not
 * X-Idempotent-Key, so a captured refund re-sent within the timestamp window with a fresh key is processed
 * again by the service as documented. In strict mode a signature may be sent again only with the key it
 * was first sent with (an idempotent retry); with any other key it is refused.
 */

/**
 * Signatures by merchant, each with the key it came with, kept until its timestamp leaves the window.
 *
 * @example
 * ```ts
 * const seen = new SeenSignatures()
 * seen.check(1, 'ab12...', 'key-1', expiresAtMs, nowMs) // undefined: first use
 * seen.check(1, 'ab12...', 'key-2', expiresAtMs, nowMs) // 'key-1': a replay under another key
 * ```
 */
export class SeenSignatures {
  readonly #keys = new Map<string, { key: string | undefined; expiresAt: number }>()
  /** Insertion order, for pruning; expiry times are near that order (timestamps differ by at most the window). */
  #queue: Array<{ id: string; expiresAt: number }> = []
  /** Index of the oldest entry still queued (entries before it were pruned; the array is compacted now and then). */
  #head = 0

  /**
   * Records the signature's first use and returns undefined, or, when it was used before with another
   * key (or none), returns that first use's key as a string (`''` for none).
   */
  check(
    merchantId: number,
    signature: string,
    key: string | undefined,
    expiresAt: number,
    now: number,
  ): string | undefined {
    this.#prune(now)
    const id = `${merchantId}:${signature}`
    const first = this.#keys.get(id)
    if (first && first.expiresAt > now) return first.key === key && key !== undefined ? undefined : (first.key ?? '')
    this.#keys.set(id, { key, expiresAt })
    this.#queue.push({ id, expiresAt })
    return undefined
  }

  /** Forgets every signature (used by reset). */
  clear(): void {
    this.#keys.clear()
    this.#queue = []
    this.#head = 0
  }

  /**
   * Amortised O(1) per signature: each entry is pruned once, and the array is compacted only when half of it is pruned.
   */
  #prune(now: number): void {
    while (this.#head < this.#queue.length && this.#queue[this.#head]!.expiresAt <= now) {
      const { id, expiresAt } = this.#queue[this.#head]!
      if (this.#keys.get(id)?.expiresAt === expiresAt) this.#keys.delete(id)
      this.#head++
    }
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head)
      this.#head = 0
    }
  }
}
