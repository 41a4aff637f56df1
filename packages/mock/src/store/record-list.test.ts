import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RecordList } from './record-list.js'

interface Rec {
  id: unknown
  n: number
}

/** What a list holds, read every way it can be read. */
function contents(list: RecordList<Rec> | Map<unknown, Rec>, keys: readonly unknown[]) {
  return {
    size: list.size,
    values: [...list.values()],
    got: keys.map((key) => list.get(key)),
    has: keys.map((key) => list.has(key)),
  }
}

describe('RecordList', () => {
  it('keeps integer keys that come in order in insertion order, each record under its key', () => {
    const list = new RecordList<Rec>()
    for (let id = 1001; id <= 1005; id++) list.set(id, { id, n: id })
    list.delete(1003)
    expect([...list.values()].map((r) => r.id)).toEqual([1001, 1002, 1004, 1005])
    expect(list.get(1004)).toEqual({ id: 1004, n: 1004 })
    expect(list.get(1003)).toBeUndefined()
    expect(list.size).toBe(4)
  })

  it('a key re-inserted after its removal goes to the end, as in a Map', () => {
    const list = new RecordList<Rec>()
    for (let id = 1; id <= 3; id++) list.set(id, { id, n: id })
    list.delete(2)
    list.set(2, { id: 2, n: 20 })
    expect([...list.values()].map((r) => r.n)).toEqual([1, 3, 20])
  })

  it('replacing the record of a key keeps its place, as in a Map', () => {
    const list = new RecordList<Rec>()
    for (let id = 1; id <= 3; id++) list.set(id, { id, n: id })
    list.set(2, { id: 2, n: 20 })
    expect([...list.values()].map((r) => r.n)).toEqual([1, 20, 3])
  })

  it('reads and writes as a Map does, for any operations on any keys', () => {
    const key = fc.oneof(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 1000, max: 1040 }),
      fc.constantFrom(-0, 0.5, Number.NaN, Number.MAX_SAFE_INTEGER, -1, 2 ** 60, '7', 'qr-1'),
    )
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key, n: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), key }),
      fc.record({ kind: fc.constant('run' as const), from: fc.integer({ min: 0, max: 1100 }), count: fc.nat(30) }),
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const list = new RecordList<Rec>()
        const map = new Map<unknown, Rec>()
        const keys: unknown[] = []
        for (const step of ops) {
          if (step.kind === 'set') {
            const record = { id: step.key, n: step.n }
            list.set(step.key, record)
            map.set(step.key, record)
            keys.push(step.key)
          } else if (step.kind === 'delete') {
            expect(list.delete(step.key)).toBe(map.delete(step.key))
            keys.push(step.key)
          } else {
            // A run of keys in order, as a sequence hands them out.
            for (let id = step.from; id < step.from + step.count; id++) {
              const record = { id, n: id }
              list.set(id, record)
              map.set(id, record)
              keys.push(id)
            }
          }
          expect(contents(list, keys)).toEqual(contents(map, keys))
        }
      }),
      { seed: 20261129, numRuns: 1500 },
    )
  })
})
