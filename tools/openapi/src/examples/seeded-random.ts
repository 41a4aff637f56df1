/**
 * @module openapi-tools/examples/seeded-random
 * Deterministic `crypto.getRandomValues` and `crypto.randomUUID` for the time a function runs, so that
 * the ids, tokens and trace ids the mock makes while the examples are collected are the same on every
 * run (the clock is frozen too): the generated document only changes when the contract or the mock's
 * behaviour does. Only these two functions are replaced; `crypto.subtle` stays the platform's.
 */

/** mulberry32: a small, well-distributed 32-bit generator; not for secrets, only for repeatable examples. */
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
 * Runs `task` with seeded randomness and restores the platform's functions afterwards, also on failure.
 *
 * @example
 * ```ts
 * const ids = await withSeededRandomness(1, async () => [crypto.randomUUID(), crypto.randomUUID()])
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
  try {
    return await task()
  } finally {
    for (const name of ['getRandomValues', 'randomUUID'] as const) {
      if (own[name]) Object.defineProperty(crypto, name, own[name])
      else delete (crypto as unknown as Record<string, unknown>)[name]
    }
  }
}
