/**
 * @module crypto/node
 * HMAC-SHA256 and timing-safe comparison on node:crypto, about 14x faster than Web Crypto
 * on Node. Only the `node` export condition loads this file.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { HmacProvider, MessagePart } from './hmac-provider.js'

/**
 * HMAC-SHA256 on node:crypto.
 *
 * @example
 * ```ts
 * const hex = await nodeCryptoHmac.hmacSha256Hex('api_secret', utf8('{}1767225600'))
 * ```
 */
export const nodeCryptoHmac: HmacProvider = Object.freeze({
  name: 'node' as const,
  async hmacSha256Hex(secret: string | Uint8Array, message: MessagePart | readonly MessagePart[]): Promise<string> {
    if (secret.length === 0) throw new TypeError('HMAC secret must not be empty')
    const hmac = createHmac('sha256', secret)
    if (typeof message === 'string' || message instanceof Uint8Array) hmac.update(message)
    else for (const part of message) hmac.update(part)
    return hmac.digest('hex')
  },
})

/**
 * Timing-safe string equality on node:crypto's `timingSafeEqual`, over the UTF-8 bytes.
 * Strings of different byte length return `false` after a same-length comparison, so the
 * call never throws and takes the same path either way.
 *
 * @example
 * ```ts
 * nodeTimingSafeEqual(expectedSignature, receivedSignature)
 * ```
 */
export function nodeTimingSafeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a)
  const right = new TextEncoder().encode(b)
  if (left.length !== right.length) {
    timingSafeEqual(left, left)
    return false
  }
  return timingSafeEqual(left, right)
}
