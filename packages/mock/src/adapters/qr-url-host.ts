/**
 * @module adapters/qr-url-host
 * The `qr_code` URLs of a server that listens on every interface (`--host 0.0.0.0` or `::`) name the host
 * the client called. The mock's base URL is then `http://0.0.0.0:<port>`, an address no client can open:
 * a phone on the same network that shows `<img src={order.qr_code}>` would get a broken image. So the
 * answers of the service's routes have the base URL of their QR code URLs replaced with the request's own
 * `Host` (`http://192.168.1.20:4010/qr/...` for a client that called 192.168.1.20:4010). A server on one
 * address, or given its own `baseUrl`, is left as it is: its URLs already work.
 */
import type { Answer } from '../http/answer.js'

/** A Host header that is a host name or address with an optional port, and nothing else. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i

/**
 * The answer with every `<baseUrl>/qr/` URL in its body rewritten to the host the request named (the base
 * URL's path kept: a session's `/s/<id>`); the answer as it is when the Host header is missing or malformed,
 * or the body is not text.
 *
 * @example
 * ```ts
 * const answer = { status: 200, headers: {}, body: '{"qr_code":"http://0.0.0.0:4010/qr/MGW1.png"}' }
 * qrUrlsForHost(answer, 'http://0.0.0.0:4010', '192.168.1.20:4010').body
 * // '{"qr_code":"http://192.168.1.20:4010/qr/MGW1.png"}'
 * ```
 */
export function qrUrlsForHost(answer: Answer, baseUrl: string, host: string | undefined): Answer {
  if (typeof answer.body !== 'string' || host === undefined || !HOST.test(host)) return answer
  const from = `${baseUrl}/qr/`
  if (!answer.body.includes(from)) return answer
  const path = baseUrl.slice(new URL(baseUrl).origin.length)
  return { ...answer, body: answer.body.replaceAll(from, `http://${host}${path}/qr/`) }
}
