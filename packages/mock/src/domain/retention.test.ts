import { describe, expect, it } from 'vitest'
import { History, Retention } from './retention.js'

describe('History', () => {
  it('keeps at most max entries: adding one more drops the oldest, at once', () => {
    const dropped: number[] = []
    const history = new History<number>({ max: 3, maxAgeSeconds: 3600 }, (n) => dropped.push(n))
    for (let i = 1; i <= 5; i++) history.add(i, 0)
    expect(dropped).toEqual([1, 2])
    expect(history.size).toBe(3)
  })

  it('drops an entry once it is more than maxAgeSeconds old, never one exactly that old', () => {
    const dropped: string[] = []
    const history = new History<string>({ max: 100, maxAgeSeconds: 10 }, (s) => dropped.push(s))
    history.add('a', 1000)
    history.add('b', 2000)
    history.prune(11_000)
    expect(dropped).toEqual([])
    history.prune(11_001)
    expect(dropped).toEqual(['a'])
    history.prune(12_001)
    expect(dropped).toEqual(['a', 'b'])
  })

  it('max 0 keeps nothing; clear forgets without dropping', () => {
    const dropped: number[] = []
    const none = new History<number>({ max: 0, maxAgeSeconds: 10 }, (n) => dropped.push(n))
    none.add(1, 0)
    expect(dropped).toEqual([1])
    const some = new History<number>({ max: 5, maxAgeSeconds: 10 }, (n) => dropped.push(n))
    some.add(2, 0)
    some.clear()
    some.prune(1e9)
    expect(dropped).toEqual([1])
    expect(some.size).toBe(0)
  })

  it('stays in arrival order across its internal compaction (thousands of drops)', () => {
    const dropped: number[] = []
    const history = new History<number>({ max: 10, maxAgeSeconds: 1e6 }, (n) => dropped.push(n))
    for (let i = 0; i < 5000; i++) history.add(i, i)
    expect(dropped).toEqual(Array.from({ length: 4990 }, (_, i) => i))
    history.prune(1e9 + 5000)
    expect(dropped.slice(-10)).toEqual([4990, 4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999])
  })
})

describe('Retention', () => {
  it('runs each expiry once the clock reaches its time, earliest first, same times in the order scheduled', () => {
    const retention = new Retention()
    const ran: string[] = []
    retention.expireAt(300, () => ran.push('c'))
    retention.expireAt(100, () => ran.push('a'))
    retention.expireAt(300, () => ran.push('d'))
    retention.expireAt(200, () => ran.push('b'))
    retention.prune(99)
    expect(ran).toEqual([])
    retention.prune(200)
    expect(ran).toEqual(['a', 'b'])
    expect(retention.pending).toBe(2)
    retention.prune(10_000)
    retention.prune(10_000)
    expect(ran).toEqual(['a', 'b', 'c', 'd'])
    expect(retention.pending).toBe(0)
  })

  it('prunes its histories by age with the expiries, and clear forgets both', () => {
    const retention = new Retention()
    const dropped: string[] = []
    const history = retention.history<string>({ max: 10, maxAgeSeconds: 1 }, (s) => dropped.push(s))
    history.add('old', 0)
    retention.expireAt(5000, () => dropped.push('expired'))
    retention.prune(1001)
    expect(dropped).toEqual(['old'])
    history.add('new', 2000)
    retention.clear()
    retention.prune(1e9)
    expect(dropped).toEqual(['old'])
  })
})
