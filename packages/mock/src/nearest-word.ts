/**
 * @module nearest-word
 * The known word a mistyped one most likely meant, for messages that name it (`did you mean refundOrder?`):
 * the command line's flags and commands, the request log's operations.
 */

/**
 * The known word nearest to `word` when it is close enough to be a typo of it: at most two edits in a word of
 * more than seven letters, one in a shorter one (a swap of two neighbours counts as one; case is ignored).
 * Undefined when none is that close, or when `word` is itself known.
 *
 * @example
 * ```ts
 * nearestWord('refundOrdr', ['refundOrder', 'payout']) // 'refundOrder'
 * nearestWord('refund', ['refundOrder', 'payout']) // undefined: five edits away
 * ```
 */
export function nearestWord(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase()
  let nearest: string | undefined
  let best = Number.POSITIVE_INFINITY
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase())
    if (distance < best) [nearest, best] = [candidate, distance]
  }
  const close = nearest !== undefined && nearest !== word && best <= (word.length > 7 ? 2 : 1)
  return close ? nearest : undefined
}

/**
 * The number of edits (insert, delete, replace, or swap of two neighbours) that turn `a` into `b`.
 *
 * @example
 * ```ts
 * editDistance('--prot', '--port') // 1
 * ```
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1)
      }
    }
  }
  return rows[a.length]![b.length]!
}
