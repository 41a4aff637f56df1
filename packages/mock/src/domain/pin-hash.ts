/**
 * @module pin-hash
 * PINs (and one-time codes) are stored only as salted hashes, PBKDF2-SHA256 through Web Crypto, so the
 * same code runs in Node and in a browser's service worker. Nothing can read a PIN back; checking one
 * derives the hash again and compares in constant time.
 */
import { fromHex, toHex } from '@merchant-gateway/contract/crypto'
import type { PinHash } from '../store/records.js'

const encoder = new TextEncoder()

/**
 * Hashes a secret with a fresh 16-byte salt.
 *
 * @example
 * ```ts
 * const stored = await hashSecret('123456', 10_000)
 * await matchesSecret('123456', stored) // true
 * ```
 */
export async function hashSecret(secret: string, iterations: number): Promise<PinHash> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return { salt: toHex(salt), hash: toHex(await derive(secret, salt, iterations)), iterations }
}

/** True when `secret` hashes to `stored` (constant-time comparison of the derived bytes). */
export async function matchesSecret(secret: string, stored: PinHash): Promise<boolean> {
  const derived = await derive(secret, fromHex(stored.salt), stored.iterations)
  const expected = fromHex(stored.hash)
  let diff = derived.length ^ expected.length
  for (let i = 0; i < expected.length; i++) diff |= (derived[i] ?? 0) ^ expected[i]!
  return diff === 0
}

async function derive(secret: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle
  const key = await subtle.importKey('raw', encoder.encode(secret), 'PBKDF2', false, ['deriveBits'])
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as Uint8Array<ArrayBuffer>, iterations },
    key,
    256,
  )
  return new Uint8Array(bits)
}
