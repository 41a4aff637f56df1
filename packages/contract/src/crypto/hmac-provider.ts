/**
 * @module crypto/hmac-provider
 * The one seam between the signing logic and a crypto implementation: an async
 * HMAC-SHA256 that returns lowercase hex. Implemented by node:crypto (`node.ts`) and
 * Web Crypto (`web.ts`); the package's `./crypto` export condition picks one.
 */

/**
 * An HMAC-SHA256 implementation.
 *
 * `secret` is UTF-8 encoded when it is a string (the API secret as shown in the merchant
 * app); raw key bytes may be passed instead. An empty secret is rejected with a
 * `TypeError` by every provider, because Web Crypto cannot import an empty HMAC key and a
 * signature made with an empty key proves nothing.
 *
 * @example
 * ```ts
 * const hex = await provider.hmacSha256Hex('api_secret', utf8('message'))
 * hex.length // 64
 * ```
 */
export interface HmacProvider {
  /** Which implementation this is. */
  readonly name: 'node' | 'web'
  /**
   * HMAC-SHA256 of `message` keyed with `secret`, as 64 lowercase hex characters. A message given as
   * parts is their concatenation (strings as UTF-8): node:crypto hashes the parts as they are, with no
   * copy, which is the signing hot path of every signed request.
   */
  hmacSha256Hex(secret: string | Uint8Array, message: MessagePart | readonly MessagePart[]): Promise<string>
}

/** A piece of a message to sign: text (hashed as UTF-8) or bytes. */
export type MessagePart = string | Uint8Array
