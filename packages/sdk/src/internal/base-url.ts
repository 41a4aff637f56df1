/**
 * @module base-url
 * Where a client sends its calls: the `baseUrl` given, or the entry of the merchant's `environments`
 * named by `environment` (the service documents no hosts). Shared by GatewayClient and PinClient.
 */
import { ClientValidationError } from '../errors/classes.js'
import { show } from './show.js'

/** The options that choose a base URL. */
export interface BaseUrlOptions {
  baseUrl?: string
  environments?: Readonly<Record<string, string>>
  environment?: string
}

/** The base URL without a trailing slash, or a {@link ClientValidationError} saying what to fix. */
export function pickBaseUrl(options: BaseUrlOptions, what: string): string {
  if (options.baseUrl !== undefined && options.environment !== undefined) {
    throw new ClientValidationError(
      `Give baseUrl or environment, not both, got baseUrl ${show(options.baseUrl)} ` +
        `and environment ${show(options.environment)}`,
    )
  }
  let url = options.baseUrl
  if (options.environment !== undefined) {
    url = options.environments?.[options.environment]
    if (url === undefined) {
      const known = Object.keys(options.environments ?? {})
      throw new ClientValidationError(
        `Unknown environment ${show(options.environment)}; configured: ${known.length ? known.join(', ') : 'none (pass environments: { production: "https://...", sandbox: "https://..." })'}`,
      )
    }
  }
  if (url === undefined) {
    throw new ClientValidationError(
      `baseUrl is required (${what}), or choose one with environment from environments; got neither`,
    )
  }
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error()
  } catch {
    throw new ClientValidationError(`baseUrl must be an absolute http(s) URL, got ${show(url)}`)
  }
  return url.replace(/\/+$/, '')
}
