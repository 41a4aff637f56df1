/**
 * @module crypto/encoding
 * Byte and string helpers shared by the providers and the signer, written with portable
 * APIs only (TextEncoder, typed arrays): no Buffer, no node:* imports.
 */

const encoder = new TextEncoder()

/**
 * UTF-8 bytes of `text`.
 *
 * @example
 * ```ts
 * utf8('é') // Uint8Array [0xc3, 0xa9]
 * ```
 */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text)
}

/**
 * A new array holding the bytes of `a` followed by the bytes of `b`.
 *
 * @example
 * ```ts
 * concatBytes(utf8('{}'), utf8('1767225600')) // the bytes of '{}1767225600'
 * ```
 */
export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length)
  out.set(a, 0)
  out.set(b, a.length)
  return out
}

const HEX_DIGITS = '0123456789abcdef'

/**
 * Lowercase hexadecimal spelling of `bytes`.
 *
 * @example
 * ```ts
 * toHex(new Uint8Array([0, 171, 255])) // '00abff'
 * ```
 */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!
  return out
}

/**
 * The bytes a lowercase or uppercase hexadecimal string spells; the inverse of {@link toHex}.
 * Throws a `RangeError` for an odd length or a character that is not a hex digit (a corrupt value is
 * never read as zeros).
 *
 * @example
 * ```ts
 * fromHex('00abff') // Uint8Array [0, 171, 255]
 * ```
 */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex))
    throw new RangeError('fromHex: expected an even number of hexadecimal digits')
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/**
 * String equality whose running time does not depend on where the strings differ: every
 * character position is compared. A length mismatch returns `false`, still after a full
 * pass, so only the lengths (public for hex signatures) can leak.
 *
 * @example
 * ```ts
 * constantTimeEqual(expectedSignature, receivedSignature)
 * ```
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length)
  let diff = a.length ^ b.length
  for (let i = 0; i < length; i++) {
    // charCodeAt past the end is NaN, which `|` turns into 0; the length term above already
    // made `diff` non-zero in that case.
    diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0)
  }
  return diff === 0
}
