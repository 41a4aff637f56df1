/**
 * @module seeded-random
 * One seeded random generator (mulberry32) for everything that must draw the same values on every run: the
 * benches' and the fuzz's request streams, the property-style unit tests, and the recordings of examples
 * and documents, which also run the mock itself on seeded `crypto.getRandomValues` and `crypto.randomUUID`
 * (its ids, keys, salts, codes and session ids) through {@link withSeededRandomness}. Exported by the mock
 * so that its own scripts, the private tools and the example projects (which have the mock installed, as a
 * user who copies one does) import one copy. Not for secrets: it is predictable by design.
 */
import { discardRandomPool } from './domain/context.js'

/** mulberry32: a small, well-distributed generator of 32-bit integers from a 32-bit seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/**
 * A generator of numbers in [0, 1), as `Math.random` gives, the same sequence for the same seed.
 *
 * @example
 * ```ts
 * import { seededRandom } from '@merchant-gateway/mock'
 *
 * const random = seededRandom(42)
 * const amount = 1 + Math.floor(random() * 100) // the same amounts on every run
 * ```
 */
export function seededRandom(seed: number): () => number {
  const next = mulberry32(seed)
  return () => next() / 4_294_967_296
}

/**
 * Runs `task` with `crypto.getRandomValues` and `crypto.randomUUID` drawn from a seeded generator, and
 * restores the platform's functions afterwards (also when `task` fails): with the mock's clock frozen, a
 * recording of a mock (a saved state, the examples of a document) is then the same bytes on every run, whatever
 * ran before it (the random bytes the mock draws ahead are dropped as the run starts and as it ends).
 * Only these two functions are replaced; `crypto.subtle` stays the platform's. Nothing else may run
 * meanwhile that needs real randomness.
 *
 * @example
 * ```ts
 * import { createMockGateway, withSeededRandomness } from '@merchant-gateway/mock'
 *
 * const state = await withSeededRandomness(1, async () => {
 *   const mock = createMockGateway({ clock: { now: '2026-11-02T09:00:00Z', frozen: true } })
 *   await mock.merchants.create({ balances: { usd: 100 } })
 *   return mock.snapshot()
 * })
 * ```
 */
export async function withSeededRandomness<T>(seed: number, task: () => Promise<T>): Promise<T> {
  const crypto = globalThis.crypto
  const next = mulberry32(seed)
  const own = Object.getOwnPropertyDescriptors(crypto)
  const fill = <A extends ArrayBufferView | null>(array: A): A => {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength)
      for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff
    }
    return array
  }
  const uuid = (): `${string}-${string}-${string}-${string}-${string}` => {
    const b = fill(new Uint8Array(16))
    b[6] = (b[6]! & 0x0f) | 0x40
    b[8] = (b[8]! & 0x3f) | 0x80
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
  Object.defineProperty(crypto, 'getRandomValues', { value: fill, configurable: true, writable: true })
  Object.defineProperty(crypto, 'randomUUID', { value: uuid, configurable: true, writable: true })
  // The mock draws random bytes ahead: none drawn before the run is used in it, none drawn in it after.
  discardRandomPool()
  try {
    return await task()
  } finally {
    discardRandomPool()
    for (const name of ['getRandomValues', 'randomUUID'] as const) {
      if (own[name]) Object.defineProperty(crypto, name, own[name])
      else delete (crypto as unknown as Record<string, unknown>)[name]
    }
  }
}
