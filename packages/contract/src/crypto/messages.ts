/**
 * @module crypto/messages
 * The exact bytes that get signed: for signed requests the raw body followed by the X-Timestamp value,
 * for webhooks the raw body followed by the decimal seconds of `createTimeMilli`.
 */
import { concatBytes, utf8 } from './encoding.js'

function bodyBytes(rawBody: string | Uint8Array): Uint8Array {
  return typeof rawBody === 'string' ? utf8(rawBody) : rawBody
}

/**
 * The message of a signed request: the raw body exactly as sent (UTF-8 when given as a
 * string), followed by the UTF-8 of the X-Timestamp header value.
 *
 * @example
 * ```ts
 * requestSignatureMessage('{"orderId":1024,"refundAmount":5.5}', '1767225600')
 * // the bytes of '{"orderId":1024,"refundAmount":5.5}1767225600'
 * ```
 */
export function requestSignatureMessage(rawBody: string | Uint8Array, timestamp: string): Uint8Array<ArrayBuffer> {
  return concatBytes(bodyBytes(rawBody), utf8(timestamp))
}

/**
 * The message of a webhook: the raw body, followed by the decimal string of
 * `floor(createTimeMilli / 1000)`.
 *
 * @throws {RangeError} when `createTimeMilli` is not a finite number.
 * @example
 * ```ts
 * webhookSignatureMessage(rawBody, 1767225600999) // rawBody bytes + '1767225600'
 * ```
 */
export function webhookSignatureMessage(
  rawBody: string | Uint8Array,
  createTimeMilli: number,
): Uint8Array<ArrayBuffer> {
  return concatBytes(bodyBytes(rawBody), utf8(webhookTimestamp(createTimeMilli)))
}

/**
 * The decimal seconds a webhook signature appends: floor(createTimeMilli / 1000); throws on a
 * non-finite value.
 *
 * @example
 * ```ts
 * webhookTimestamp(1767225600999) // '1767225600'
 * ```
 */
export function webhookTimestamp(createTimeMilli: number): string {
  if (typeof createTimeMilli !== 'number' || !Number.isFinite(createTimeMilli)) {
    throw new RangeError(`createTimeMilli must be a finite number, received ${String(createTimeMilli)}`)
  }
  return String(Math.floor(createTimeMilli / 1000))
}
