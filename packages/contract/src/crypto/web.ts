/**
 * @module crypto/web
 * HMAC-SHA256 on Web Crypto (`globalThis.crypto.subtle`): browsers, Deno, Bun, Workers and
 * Node. Portable by construction: no Buffer, no node:* import.
 */
import type { HmacProvider, MessagePart } from './hmac-provider.js'
import { concatBytes, toHex, utf8 } from './encoding.js'

// Importing a key costs about as much as signing, and a process signs with few secrets
// (one per merchant), so imported keys are kept, least recently used evicted first.
const KEY_CACHE_LIMIT = 32
const keyCache = new Map<string, Promise<CryptoKey>>()

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle
  if (s === undefined) {
    throw new Error('Web Crypto (globalThis.crypto.subtle) is not available in this runtime')
  }
  return s
}

// Web Crypto wants an ArrayBuffer-backed view; copy the rare SharedArrayBuffer-backed one.
function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes)
}

function cacheKey(secret: string | Uint8Array): string {
  return typeof secret === 'string' ? `s:${secret}` : `b:${toHex(secret)}`
}

function importKey(secret: string | Uint8Array): Promise<CryptoKey> {
  const id = cacheKey(secret)
  const cached = keyCache.get(id)
  if (cached !== undefined) {
    keyCache.delete(id)
    keyCache.set(id, cached)
    return cached
  }
  const raw = typeof secret === 'string' ? utf8(secret) : ownBytes(secret)
  const key = subtle().importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  keyCache.set(id, key)
  // A failed import must not stay cached.
  key.catch(() => {
    if (keyCache.get(id) === key) keyCache.delete(id)
  })
  if (keyCache.size > KEY_CACHE_LIMIT) {
    const oldest = keyCache.keys().next().value
    if (oldest !== undefined) keyCache.delete(oldest)
  }
  return key
}

/**
 * HMAC-SHA256 on Web Crypto. Imported keys are cached per secret (up to 32 secrets).
 *
 * @example
 * ```ts
 * const hex = await webCryptoHmac.hmacSha256Hex('api_secret', utf8('{}1767225600'))
 * ```
 */
export const webCryptoHmac: HmacProvider = Object.freeze({
  name: 'web' as const,
  async hmacSha256Hex(secret: string | Uint8Array, message: MessagePart | readonly MessagePart[]): Promise<string> {
    if (secret.length === 0) throw new TypeError('HMAC secret must not be empty')
    const key = await importKey(secret)
    const bytes =
      typeof message === 'string' ? utf8(message) : message instanceof Uint8Array ? message : joinParts(message)
    const mac = await subtle().sign('HMAC', key, ownBytes(bytes))
    return toHex(new Uint8Array(mac))
  },
})

function joinParts(parts: readonly MessagePart[]): Uint8Array {
  let out: Uint8Array = new Uint8Array(0)
  for (const part of parts) out = concatBytes(out, typeof part === 'string' ? utf8(part) : part)
  return out
}
