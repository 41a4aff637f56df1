/**
 * @module version
 * The SDK's version, sent in `User-Agent` and exported for support requests. It must equal `version` in
 * the package's package.json (a test checks), so a release bumps both.
 */

/**
 * The version of `@merchant-gateway/sdk`.
 *
 * @example
 * ```ts
 * import { VERSION } from '@merchant-gateway/sdk'
 * console.log(`merchant-gateway-sdk ${VERSION}`) // in a support ticket
 * ```
 */
export const VERSION = '0.1.0'
