/**
 * @module crypto
 * Entry point of `@merchant-gateway/contract/crypto` for every runtime except Node
 * (browsers, Deno, Bun, Workers): HMAC-SHA256 on Web Crypto. Node resolves
 * `index.node.ts` instead, which has the same names backed by node:crypto.
 */
import type { HmacProvider } from './hmac-provider.js'
import type { Signer } from './signing.js'
import { createSigner } from './signing.js'
import { webCryptoHmac } from './web.js'

/**
 * The HMAC implementation of this runtime (Web Crypto here).
 *
 * @example
 * ```ts
 * import { hmac } from '@merchant-gateway/contract/crypto'
 * hmac.name // 'web' (or 'node' on Node)
 * ```
 */
export const hmac: HmacProvider = webCryptoHmac

/**
 * A ready {@link Signer} on this runtime's HMAC implementation.
 *
 * @example
 * ```ts
 * import { signer } from '@merchant-gateway/contract/crypto'
 * const signature = await signer.signRequest({ secret, body, timestamp: String(Math.floor(Date.now() / 1000)) })
 * ```
 */
export const signer: Signer = createSigner(hmac)

export { constantTimeEqual, fromHex, toHex } from './encoding.js'
export type { HmacProvider } from './hmac-provider.js'
export { requestSignatureMessage, webhookSignatureMessage } from './messages.js'
export { createSigner } from './signing.js'
export type {
  Signer,
  SignRequestParams,
  SignWebhookParams,
  VerifyRequestParams,
  VerifyWebhookParams,
} from './signing.js'
export { webCryptoHmac } from './web.js'
