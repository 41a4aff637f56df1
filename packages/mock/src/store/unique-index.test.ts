import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashOf, UniqueIndex } from './unique-index.js'

interface Rec {
  key: string | number
  n: number
}

/** Two different strings of the same hash, found by trying keys in turn (a 30-bit hash: some 40 000 tries). */
function collidingPair(): [string, string] {
  const seen = new Map<number, string>()
  for (let i = 0; ; i++) {
    const key = `qr-${i}`
    const other = seen.get(hashOf(key))
    if (other !== undefined) return [other, key]
    seen.set(hashOf(key), key)
  }
}

describe('UniqueIndex', () => {
  const [a, b] = collidingPair()

  it('keeps two keys of the same hash apart: each finds its own record, and removing one leaves the other', () => {
    expect(hashOf(a)).toBe(hashOf(b))
    const index = new UniqueIndex<Rec>((r) => r.key)
    const first = { key: a, n: 1 }
    const second = { key: b, n: 2 }
    index.set(a, first)
    expect(index.has(b)).toBe(false)
    index.set(b, second)
    expect([index.get(a), index.get(b)]).toEqual([first, second])
    expect(index.delete(a)).toBe(true)
    expect([index.get(a), index.get(b)]).toEqual([undefined, second])
    expect(index.delete(a)).toBe(false)
  })

  it('reads and writes as a Map by key does, for any operations, colliding keys included', () => {
    const key = fc.oneof(
      fc.constantFrom<string | number>(a, b, 'MGW1', '', 'é', 0, -0, 7, 1.5),
      fc.string({ maxLength: 3 }),
    )
    const op = fc.record({ kind: fc.constantFrom('set', 'delete'), key, n: fc.nat() })
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const index = new UniqueIndex<Rec>((r) => r.key)
        const map = new Map<string | number, Rec>()
        const keys: Array<string | number> = []
        for (const { kind, key, n } of ops) {
          keys.push(key)
          if (kind === 'set') {
            const record = { key, n }
            index.set(key, record)
            map.set(key, record)
          } else {
            expect(index.delete(key)).toBe(map.delete(key))
          }
          for (const k of keys) {
            expect(index.get(k)).toBe(map.get(k))
            expect(index.has(k)).toBe(map.has(k))
          }
        }
      }),
      { seed: 20261129, numRuns: 1500 },
    )
  })
})
