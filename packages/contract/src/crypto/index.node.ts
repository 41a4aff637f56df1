/**
 * Entry point of `@merchant-gateway/contract/crypto` under the `node` export condition:
 * the same names as `index.ts`, with `hmac` and `signer` on node:crypto, plus both
 * providers for callers that want to choose.
 *
 * @module \@merchant-gateway/contract/crypto
 */
import type { HmacProvider } from './hmac-provider.js'
import type { Signer } from './signing.js'
import { nodeCryptoHmac } from './node.js'
import { createSigner } from './signing.js'

/**
 * The HMAC implementation of this runtime (node:crypto here).
 *
 * @example
 * ```ts
 * import { hmac } from '@merchant-gateway/contract/crypto'
 * hmac.name // 'node'
 * ```
 */
export const hmac: HmacProvider = nodeCryptoHmac

/**
 * A ready {@link Signer} on node:crypto.
 *
 * @example
 * ```ts
 * import { signer } from '@merchant-gateway/contract/crypto'
 * const ok = await signer.verifyWebhook({ secret, rawBody, createTimeMilli, signature })
 * ```
 */
export const signer: Signer = createSigner(hmac)

export { constantTimeEqual, fromHex, toHex } from './encoding.js'
export type { HmacProvider } from './hmac-provider.js'
export { requestSignatureMessage, webhookSignatureMessage } from './messages.js'
export { nodeCryptoHmac, nodeTimingSafeEqual } from './node.js'
export { createSigner } from './signing.js'
export type {
  Signer,
  SignRequestParams,
  SignWebhookParams,
  VerifyRequestParams,
  VerifyWebhookParams,
} from './signing.js'
export { webCryptoHmac } from './web.js'
