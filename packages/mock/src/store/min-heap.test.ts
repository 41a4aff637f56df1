import { describe, expect, it } from 'vitest'
import { seededRandom } from '../seeded-random.js'
import { MinHeap } from './min-heap.js'

describe('MinHeap', () => {
  it('pops entries in the order of the comparator, ties broken by the comparator too', () => {
    const heap = new MinHeap<{ at: number; id: number }>((a, b) => a.at - b.at || a.id - b.id)
    const random = seededRandom(7)
    const items = Array.from({ length: 500 }, (_, id) => ({ at: Math.floor(random() * 50), id }))
    for (const item of items) heap.push(item)
    expect(heap.size).toBe(500)
    const out: Array<{ at: number; id: number }> = []
    while (heap.size > 0) out.push(heap.pop()!)
    expect(out).toEqual([...items].sort((a, b) => a.at - b.at || a.id - b.id))
  })

  it('interleaved pushes and pops always return the least entry present', () => {
    const heap = new MinHeap<number>((a, b) => a - b)
    const random = seededRandom(11)
    const present: number[] = []
    for (let i = 0; i < 2000; i++) {
      if (random() < 0.6 || present.length === 0) {
        const value = Math.floor(random() * 1000)
        heap.push(value)
        present.push(value)
      } else {
        const least = Math.min(...present)
        expect(heap.peek()).toBe(least)
        expect(heap.pop()).toBe(least)
        present.splice(present.indexOf(least), 1)
      }
    }
    expect(heap.size).toBe(present.length)
  })

  it('an empty heap peeks and pops undefined; clear empties it', () => {
    const heap = new MinHeap<number>((a, b) => a - b)
    expect(heap.pop()).toBeUndefined()
    expect(heap.peek()).toBeUndefined()
    heap.push(3)
    heap.push(1)
    heap.clear()
    expect(heap.size).toBe(0)
    expect(heap.pop()).toBeUndefined()
  })
})
