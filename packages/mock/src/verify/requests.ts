/**
 * @module verify/requests
 * The requests of the scenario, built for one side: JSON posts with the API key, bodiless calls, transaction
 * detail by GET or POST, and signed requests (refund, payout) signed through the contract's signer with the
 * side's secret, or another to probe a bad signature, and an idempotency key of the caller's choice so that a
 * request can be sent again under the same key.
 */
import { GATEWAY_PATHS, HEADERS, JSON_MEDIA_TYPE } from '@merchant-gateway/contract'
import { signer } from '@merchant-gateway/contract/crypto'
import { randomUUID } from 'node:crypto'
import type { Side } from './side.js'

/**
 * A path of the service under a base URL, keeping the base's own path: a sandbox served under
 * `https://host/gateway/` gets `https://host/gateway/api/v1/...`.
 *
 * @example
 * ```ts
 * serviceUrl('https://sandbox.example/gateway/', '/api/v1/payment-gateway/stores/list')
 * // 'https://sandbox.example/gateway/api/v1/payment-gateway/stores/list'
 * ```
 */
export function serviceUrl(baseUrl: string, path: string): string {
  const base = new URL(baseUrl)
  return new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base.origin).href
}

/**
 * The request builders of one side.
 *
 * @example
 * ```ts
 * const requests = requestsFor(side)
 * await side.fetch(requests.plain(GATEWAY_PATHS.listStores))
 * ```
 */
export interface Requests {
  /** A JSON POST with the side's API key (and more headers: a bearer token). */
  json(path: string, body: unknown, headers?: Record<string, string>): Request
  /** A call without a body, with the side's API key or another. */
  plain(path: string, method?: string, apiKey?: string): Request
  /** Transaction detail of `transactionId`, in its GET form (a query parameter) or its POST form (a body). */
  detail(transactionId: string, method: 'GET' | 'POST'): Request
  /**
   * A signed request: `X-Signature` over the raw body and `X-Timestamp`, keyed with the side's secret or
   * `secret`; `X-Idempotent-Key` is `key`, a new UUID when absent.
   */
  signed(path: string, body: unknown, options?: { secret?: string; key?: string }): Promise<Request>
}

/**
 * The request builders for `side`: its base URL, API key, secret and clock.
 *
 * @example
 * ```ts
 * const refund = await requestsFor(side).signed(GATEWAY_PATHS.refundOrder, { orderId: 1, refundAmount: 0.01 })
 * ```
 */
export function requestsFor(side: Side): Requests {
  const url = (path: string) => serviceUrl(side.baseUrl, path)
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(url(path), {
      method: 'POST',
      headers: { 'Content-Type': JSON_MEDIA_TYPE, [HEADERS.apiKey]: side.apiKey, ...headers },
      body: JSON.stringify(body),
    })
  const plain = (path: string, method = 'POST', apiKey = side.apiKey) =>
    new Request(url(path), { method, headers: { [HEADERS.apiKey]: apiKey } })
  return {
    json,
    plain,
    detail: (transactionId, method) =>
      method === 'GET'
        ? plain(`${GATEWAY_PATHS.transactionDetail}?transaction_id=${encodeURIComponent(transactionId)}`, 'GET')
        : json(GATEWAY_PATHS.transactionDetail, { transaction_id: transactionId }),
    async signed(path, body, { secret = side.apiSecret, key = randomUUID() } = {}) {
      const raw = JSON.stringify(body)
      const timestamp = String(Math.floor(side.nowMs() / 1000))
      const signature = await signer.signRequest({ secret, body: raw, timestamp })
      return new Request(url(path), {
        method: 'POST',
        headers: {
          'Content-Type': JSON_MEDIA_TYPE,
          [HEADERS.apiKey]: side.apiKey,
          [HEADERS.timestamp]: timestamp,
          [HEADERS.signature]: signature,
          [HEADERS.idempotentKey]: key,
        },
        body: raw,
      })
    },
  }
}
